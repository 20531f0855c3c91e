import type { TestProjectConfiguration } from 'vitest/config';

// A PostgreSQL for the server suite: MAKO_TEST_PG_URL (what .ci/run sets), or DATABASE_URL when it
// points at one, as it does for `pnpm start` on PostgreSQL. Each test gets a schema of its own there.
const postgresUrl =
  process.env.MAKO_TEST_PG_URL ??
  (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined);

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
  ...(postgresUrl
    ? [
        {
          extends: './apps/api/vitest.config.ts',
          root: './apps/api',
          test: { name: 'api-pg', env: { MAKO_TEST_DB: 'postgres', MAKO_TEST_PG_URL: postgresUrl } },
        },
      ]
    : []),
];

export default projects;
