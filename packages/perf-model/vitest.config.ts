import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'perf-model', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
