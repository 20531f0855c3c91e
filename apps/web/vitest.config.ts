import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

// Web-only logic (redirect checks, analytics gating, auth state) in jsdom, against msw handlers
// typed by the contract. Pages are tested as stories in Chromium by the storybook project.
export default defineProject({
  root: webRoot,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['./test/setup.ts'],
  },
});
