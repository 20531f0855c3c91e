#!/usr/bin/env node
// `pnpm chromatic`: publishes the Storybook to Chromatic for review of visual changes.
// Local and CI runs do not need it: committed screenshot baselines are compared by
// `pnpm vitest run --project storybook`. This is the optional cloud review on top.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'storybook-static');
const token = process.env.CHROMATIC_PROJECT_TOKEN?.trim();

if (!token) {
  console.error(
    [
      'pnpm chromatic: nothing was uploaded, because CHROMATIC_PROJECT_TOKEN is not set.',
      '',
      'What is missing: the project token of a Chromatic project (chromatic.com → your project →',
      'Manage → Configure → Project token). Then run:',
      '',
      '  CHROMATIC_PROJECT_TOKEN=<token> pnpm chromatic',
      '',
      'Visual regression without Chromatic already runs in `pnpm test` against the committed',
      'baselines in packages/ui/src/**/__screenshots__/.',
    ].join('\n'),
  );
  process.exit(1);
}

// Build first, so that a broken Storybook fails here with the builder's own message.
const build = spawnSync('pnpm', ['build-storybook'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0 || !existsSync(path.join(buildDir, 'iframe.html'))) {
  console.error('pnpm chromatic: `pnpm build-storybook` failed, so nothing was uploaded.');
  process.exit(build.status || 1);
}

const require = createRequire(import.meta.url);
const { run } = require('chromatic/node');

const result = await run({
  argv: process.argv.slice(2),
  flags: {
    projectToken: token,
    storybookBuildDir: [buildDir],
    // Changes are reviewed in Chromatic's UI; only errors should fail the command.
    exitZeroOnChanges: 'true',
  },
});

process.exit(result.code ?? 1);
