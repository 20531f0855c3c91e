import type { TestProjectConfiguration } from 'vitest/config';

// The list of test projects. Vitest 4 no longer reads this file by itself; vitest.config.ts passes it on.
export const projects: TestProjectConfiguration[] = [
  'packages/contract/vitest.config.ts',
];

export default projects;
