import type { TestProjectConfiguration } from 'vitest/config';

// The list of test projects. Vitest 4 no longer reads this file by itself; vitest.config.ts passes it on.
export const projects: TestProjectConfiguration[] = [
  'packages/contract/vitest.config.ts',
  'apps/api/vitest.config.ts',
  'apps/runner/vitest.config.ts',
  'packages/perf-model/vitest.config.ts',
  'packages/tuner/vitest.config.ts',
  '.storybook/vitest.config.ts',
  'packages/ui/vitest.config.ts',
  'packages/api-client/vitest.config.ts',
  'apps/web/vitest.config.ts',
];

export default projects;
