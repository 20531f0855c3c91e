// Measures what a visit to `/` costs an anonymous user in bytes over the network, and fails when
// the total exceeds the budget. The compiled production server (apps/api/dist, serving
// apps/web/dist with its brotli copies) runs on a free port with the demo catalogue; Chromium opens
// `/` and every response it receives until the page has rendered and sat idle is counted as sent:
// compressed size plus headers (CDP's Network.loadingFinished encodedDataLength), HTML, JS, CSS,
// fonts and API answers alike. Chunks imported right after the first paint count too.
//
// With a PostHog key configured, posthog-js loads once the page is idle (SPEC §9); with a Google
// client id, Google's own script loads from Google. Neither is this app's bundle, and the server
// started here has neither.
//
// `pnpm --filter @mako/web bundle-size` builds the web app and the server first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { startProductionServer } from './production-server.mjs';

/** Everything `/` transfers, fonts included. */
const BUDGET_BYTES = 160 * 1000;
/** After the network is idle: longer than the idle-callback timeouts the app schedules work with. */
const SETTLE_MS = 6_000;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const dist = path.join(webRoot, 'dist');

const server = await startProductionServer();
let rows;
try {
  rows = await visitHome(server.origin);
} finally {
  await server.close();
}

rows.sort((a, b) => b.transferred - a.transferred);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`${'sent'.padStart(10)}  ${'decoded'.padStart(10)}  ${'encoding'.padEnd(8)}  ${'type'.padEnd(10)}  url`);
for (const row of rows)
  console.log(
    `${kb(row.transferred).padStart(10)}  ${kb(row.decoded).padStart(10)}  ${row.encoding.padEnd(8)}  ${row.type.padEnd(10)}  ${row.path}`,
  );
const sum = (list) => list.reduce((total, row) => total + row.transferred, 0);
const total = sum(rows);
const byType = ['Script', 'Stylesheet', 'Font', 'Document', 'Fetch']
  .map((type) => `${type} ${kb(sum(rows.filter((row) => row.type === type)))}`)
  .join(', ');
console.log(`\n/ route: ${kb(total)} sent in ${rows.length} responses (${byType}), budget ${kb(BUDGET_BYTES)}`);
const uncompressed = rows.filter((row) => row.encoding === '-' && row.decoded > 1024 && !/font|image/i.test(row.type));
if (uncompressed.length > 0) console.log(`Sent uncompressed: ${uncompressed.map((row) => row.path).join(', ')}`);
printBreakdown(rows.filter((row) => row.type === 'Script').map((row) => row.path.slice(1)));
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}

/**
 * Which packages the script bytes come from, read from the source maps (which the build keeps in
 * dist/ and the server never sends). Each package's share is the brotli size of its code on its
 * own, so the shares add up to a little more than the scripts' total.
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
    compressed: zlib.brotliCompressSync(code).length,
  }));
  shares.sort((a, b) => b.compressed - a.compressed);
  console.log('\nBy package (each brotli-compressed on its own):');
  for (const share of shares.filter((entry) => entry.compressed >= 500)) {
    console.log(`${kb(share.compressed).padStart(10)}  ${kb(share.raw).padStart(10)} raw  ${share.name}`);
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

/** Opens `/` in a fresh Chromium and lists every response with the bytes it took on the wire. */
async function visitHome(origin) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) =>
      requests.set(requestId, { url: request.url, type: type ?? 'Other', decoded: 0, encoding: '-' }),
    );
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const entry = requests.get(requestId);
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      if (entry && encoding) entry.encoding = encoding[1];
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const entry = requests.get(requestId);
      if (entry) entry.decoded += dataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = requests.get(requestId);
      if (entry) entry.transferred = encodedDataLength;
    });
    await cdp.send('Network.enable');
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    // The page must really be the home screen, not an error view, or the count means nothing.
    await page.getByRole('tab', { name: 'Sign up' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
    return [...requests.values()]
      .filter((entry) => entry.transferred !== undefined && !entry.url.startsWith('data:'))
      .map((entry) => {
        const url = new URL(entry.url);
        return { ...entry, path: url.origin === origin ? url.pathname + url.search : entry.url };
      });
  } finally {
    await browser.close();
  }
}
