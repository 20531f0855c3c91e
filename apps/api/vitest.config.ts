import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Every test talks to real servers, databases and SMTP; on a busy 2-core machine 5 s is too tight.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
