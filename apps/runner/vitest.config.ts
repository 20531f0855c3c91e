import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'runner',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // These tests time a real client against a real emulator in milliseconds (TTFT, ITL, SLO
    // sweeps). Run after every other project, so that Chromium and the server suites do not
    // share the two cores with them and scheduling delays do not read as latency.
    sequence: { groupOrder: 1 },
  },
});
