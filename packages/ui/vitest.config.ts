import { defineProject } from 'vitest/config';

// Pure helpers (formats, chart maths). Components are tested as stories in the 'storybook' project.
export default defineProject({
  test: { name: 'ui', environment: 'node', include: ['src/**/*.test.ts'] },
});
