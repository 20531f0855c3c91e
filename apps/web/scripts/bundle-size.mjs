// Measures what the `/` route makes the browser download: the entry chunk, the `/` route's split
// chunk, everything those import statically, and their CSS, each gzipped as a server would send
// it. Fails when the total exceeds the budget. Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const BUDGET_BYTES = 150 * 1000;
const ROUTE_FILE = 'src/routes/index.tsx';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`pnpm --filter @mako/web build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
// The router plugin names each split chunk after its route file with a `?tsr-split=` query.
const routeKeys = Object.keys(manifest).filter((key) => key.startsWith(`${ROUTE_FILE}?tsr-split`));
if (!entryKey || routeKeys.length === 0) {
  console.error(`The manifest lacks the entry or the split chunk of ${ROUTE_FILE}.`);
  process.exit(1);
}

const files = new Map();
const visit = (key, reason) => {
  const chunk = manifest[key];
  if (!chunk) return;
  for (const file of [chunk.file, ...(chunk.css ?? [])]) if (!files.has(file)) files.set(file, reason);
  for (const imported of chunk.imports ?? []) visit(imported, reason);
};
visit(entryKey, 'entry');
for (const key of routeKeys) visit(key, 'route /');

const rows = [...files].map(([file, reason]) => {
  const content = fs.readFileSync(path.join(dist, file));
  return { file, reason, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const row of rows) console.log(`${kb(row.gzip).padStart(10)}  ${kb(row.raw).padStart(10)} raw  ${row.reason.padEnd(8)} ${row.file}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const js = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.gzip, 0);
console.log(`\n/ route: ${kb(total)} gzip (JS ${kb(js)}, CSS ${kb(total - js)}), budget ${kb(BUDGET_BYTES)}`);
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
