#!/usr/bin/env node
// Proves that a built Storybook (storybook-static) renders every story: serves the build over
// HTTP, opens each story's iframe in Debian Chromium and waits for Storybook to report either a
// rendered story or an error. Usage: pnpm build-storybook && node .storybook/check-static.mjs
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', process.argv[2] ?? 'storybook-static');
if (!existsSync(path.join(root, 'index.json'))) {
  console.error(`No Storybook build at ${root}; run pnpm build-storybook first.`);
  process.exit(1);
}

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
};
const server = createServer((request, response) => {
  const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const file = path.join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const index = JSON.parse(readFileSync(path.join(root, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-dev-shm-usage'],
});
const failures = [];
try {
  const page = await browser.newPage();
  for (const story of stories) {
    const pageErrors = [];
    const onError = (error) => pageErrors.push(error.message);
    page.on('pageerror', onError);
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
    const outcome = await page
      .waitForFunction(
        () => {
          const classes = document.body.classList;
          if (classes.contains('sb-show-errordisplay')) return 'error';
          const rendered = document.querySelector('#storybook-root')?.childElementCount ?? 0;
          return classes.contains('sb-show-main') && rendered > 0 ? 'rendered' : false;
        },
        undefined,
        { timeout: 15_000 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => 'timeout');
    page.off('pageerror', onError);
    if (outcome !== 'rendered') {
      const message = await page
        .locator('#error-message')
        .textContent()
        .catch(() => '');
      failures.push(`${story.id}: ${outcome} ${message ?? ''} ${pageErrors.join(' | ')}`.trim());
    }
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`storybook-static: ${stories.length - failures.length}/${stories.length} stories rendered`);
for (const failure of failures) console.error(`  FAILED ${failure}`);
process.exit(failures.length === 0 ? 0 : 1);
