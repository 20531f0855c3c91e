// Compiles the server into dist/ so that production runs plain JavaScript under node, without a
// TypeScript loader. esbuild bundles each entry with the workspace packages it imports (they ship
// TypeScript sources, which node cannot load); the server's own npm dependencies stay external and
// load from node_modules as usual, native ones (better-sqlite3, @node-rs/argon2) included.
//
// Two entries: the server, and the tuner's worker thread, which the server starts from
// dist/proposer-worker.js (see src/tuning/proposer.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@mako/'));

fs.rmSync(path.join(apiRoot, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: { main: 'src/main.ts', 'proposer-worker': 'src/tuning/proposer-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // A CommonJS module bundled into ESM calls require(): give it node's.
  banner: {
    js: "import { createRequire as __makoCreateRequire } from 'node:module'; const require = __makoCreateRequire(import.meta.url);",
  },
  // Stack traces point into the sources when node runs with --enable-source-maps (`pnpm start`).
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`Built ${path.relative(process.cwd(), path.join(apiRoot, 'dist'))}: main.js, proposer-worker.js`);
