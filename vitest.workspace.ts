import type { TestProjectConfiguration } from 'vitest/config';

// The list of test projects. Vitest 4 no longer reads this file by itself; vitest.config.ts passes it on.
export const projects: TestProjectConfiguration[] = [
  'packages/contract/vitest.config.ts',
  'packages/api-client/vitest.config.ts',
  'packages/perf-model/vitest.config.ts',
  'packages/tuner/vitest.config.ts',
  'packages/ui/vitest.config.ts',
  '.storybook/vitest.config.ts',
  'apps/api/vitest.config.ts',
  'apps/runner/vitest.config.ts',
  'apps/web/vitest.config.ts',
  // The server suite once more against a real PostgreSQL when one is provided (.ci/run starts one).
  ...(process.env.MAKO_TEST_PG_URL
    ? [
        {
          extends: './apps/api/vitest.config.ts',
          root: './apps/api',
          test: { name: 'api-pg', env: { MAKO_TEST_DB: 'postgres' } },
        },
      ]
    : []),
];

export default projects;
