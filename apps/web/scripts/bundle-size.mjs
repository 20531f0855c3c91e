// Measures the JS and CSS that a visit to `/` costs an anonymous user, gzipped as a server would
// send each file, and fails when the total exceeds the budget. Run after `vite build`.
//
// Two views of the same visit, and the budget applies to the larger:
// - the build manifest: the entry, the `/` route's split chunks, and everything either imports
//   statically (the files the page cannot render without);
// - a real visit in Chromium: dist/ is served with the settings the server answers by default
//   (no analytics key, no Google client id), `/` is opened, and every JS and CSS file the browser
//   fetches until the page has rendered and sat idle is recorded. This catches chunks imported
//   dynamically right after the first paint, which the manifest alone cannot tell apart from
//   chunks that only a click loads.
// With a PostHog key configured, posthog-js (about 120 kB) loads once the page is idle (SPEC §9);
// with a Google client id, Google's own script loads from Google. Neither is this app's bundle.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright';

const BUDGET_BYTES = 150 * 1000;
const ROUTE_FILE = 'src/routes/index.tsx';
/** After the network is idle: longer than the idle-callback timeouts the app schedules work with. */
const SETTLE_MS = 6_000;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const dist = path.join(webRoot, 'dist');
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

/** file → why it is loaded */
const reasons = new Map();
const visit = (key, reason) => {
  const chunk = manifest[key];
  if (!chunk) return;
  for (const file of [chunk.file, ...(chunk.css ?? [])]) if (!reasons.has(file)) reasons.set(file, reason);
  for (const imported of chunk.imports ?? []) visit(imported, reason);
};
visit(entryKey, 'entry');
for (const key of routeKeys) visit(key, 'route /');

const fetched = await visitHome();
for (const file of fetched) if (!reasons.has(file)) reasons.set(file, 'after paint');
const notFetched = [...reasons.keys()].filter((file) => !fetched.includes(file));

const rows = [...reasons].map(([file, reason]) => {
  const content = fs.readFileSync(path.join(dist, file));
  return { file, reason, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const row of rows)
  console.log(`${kb(row.gzip).padStart(10)}  ${kb(row.raw).padStart(10)} raw  ${row.reason.padEnd(11)} ${row.file}`);
const sum = (list) => list.reduce((total, row) => total + row.gzip, 0);
const total = sum(rows);
const js = sum(rows.filter((row) => row.file.endsWith('.js')));
console.log(
  `\n/ route: ${kb(total)} gzip in ${rows.length} files (JS ${kb(js)}, CSS ${kb(total - js)}; ` +
    `${kb(sum(rows.filter((row) => row.reason === 'after paint')))} of it fetched after the first paint), budget ${kb(BUDGET_BYTES)}`,
);
if (notFetched.length > 0) console.log(`The manifest names files the browser did not fetch: ${notFetched.join(', ')}`);
printBreakdown(rows.map((row) => row.file));
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}

/**
 * Which packages the bytes come from, read from the source maps. Each package's share is the
 * gzipped size of its code on its own, so the shares add up to a little more than the total.
 */
function printBreakdown(files) {
  const byPackage = new Map();
  for (const file of files) {
    const mapFile = path.join(dist, `${file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const lines = fs.readFileSync(path.join(dist, file), 'utf8').split('\n');
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    const owners = map.sources.map((source) => packageOf(path.resolve(path.dirname(mapFile), source)));
    for (const [line, segments] of decodeMappings(map.mappings).entries()) {
      const text = lines[line] ?? '';
      segments.forEach(([column, source], index) => {
        const end = segments[index + 1]?.[0] ?? text.length;
        const owner = source === undefined ? '(bundler glue)' : owners[source];
        byPackage.set(owner, (byPackage.get(owner) ?? '') + text.slice(column, end));
      });
    }
  }
  const shares = [...byPackage].map(([name, code]) => ({
    name,
    raw: code.length,
    gzip: zlib.gzipSync(code, { level: 9 }).length,
  }));
  shares.sort((a, b) => b.gzip - a.gzip);
  console.log('\nBy package (each gzipped on its own):');
  for (const share of shares.filter((entry) => entry.gzip >= 500)) {
    console.log(`${kb(share.gzip).padStart(10)}  ${kb(share.raw).padStart(10)} raw  ${share.name}`);
  }
}

function packageOf(file) {
  const parts = file.split(path.sep);
  const last = parts.lastIndexOf('node_modules');
  const name = parts[last + 1] ?? file;
  // Radix ships every primitive as its own package; together they are one library.
  if (last >= 0 && name === '@radix-ui') return '@radix-ui/*';
  if (last >= 0) return name.startsWith('@') ? `${name}/${parts[last + 2]}` : name;
  return path.relative(repoRoot, file).split(path.sep).slice(0, 2).join('/');
}

/** Source-map mappings → per generated line, [generated column, source index] pairs in order. */
function decodeMappings(mappings) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = digits.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0];
        if (fields.length === 1) return [column, undefined];
        source += fields[1];
        return [column, source];
      });
  });
}

/** Serves dist/ as the API server does (unknown paths get index.html) and opens `/` in Chromium. */
async function visitHome() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/v1/settings') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(defaultSettings(`http://${req.headers.host}`)));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"Not Found"}');
      return;
    }
    const file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)));
    const found = file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
    res.writeHead(200, { 'content-type': contentType(found ? file : 'index.html') });
    res.end(fs.readFileSync(found ? file : path.join(dist, 'index.html')));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const files = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) files.push(url.pathname.slice(1));
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    // The page must really be the home screen, not an error view, or the count means nothing.
    await page.getByRole('tab', { name: 'Sign up' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
    return [...new Set(files)];
  } finally {
    await browser.close();
    server.close();
  }
}

function defaultSettings(origin) {
  return {
    posthog_key: null,
    posthog_host: null,
    feedback_survey_id: null,
    waitlist_survey_id: null,
    signup_survey_id: null,
    google_client_id: null,
    page_urls: { terms_of_service: '', privacy_policy: '', contact_us: '', eula: '' },
    auth_server: { url: `${origin}/api/v1/login/access-token`, application_name: 'MakoOptimize' },
    payment_host: null,
    docs_url: '',
  };
}

function contentType(file) {
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
  };
  return types[path.extname(file)] ?? 'application/octet-stream';
}
