import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  FIRST_GETS_ELEMENT_ID,
  PAGE_FIRST_GETS_FILE,
  ROUTE_PRELOADS_FILE,
  SITE_SETTINGS_ELEMENT_ID,
  apiBaseFromLoginUrl,
} from '@mako/contract';
import { pageEncoding, renderIndexPage } from '../src/http/web.ts';
import { startServer, type TestServer } from './helpers.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>MakoOptimize</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
/** Characters that are patterns in a string.replace replacement, and the end of a script element. */
const TRICKY_URL = "https://docs.example.com/</script><script>alert(1)</script>?a=$&b=$`c=$'";
const BLOCK = new RegExp(`<script id="${SITE_SETTINGS_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's');
/** A page's first GETs: their data block, then the inline script that sends them. */
const FIRST_GETS = new RegExp(
  `<script id="${FIRST_GETS_ELEMENT_ID}" type="application/json">(.*?)</script><script>(.*?)</script>`,
  's',
);

/** The data block of a page, parsed as the web app parses it (its text is JSON). */
function settingsIn(html: string): unknown {
  const text = BLOCK.exec(html)?.[1];
  if (text === undefined) throw new Error(`No site settings in ${html}`);
  return JSON.parse(text);
}

/**
 * The first GETs a build names (apps/web/build/first-gets.ts writes the real ones), with entries the
 * server must leave out: a URL elsewhere, markup, a path without its slash.
 */
const FIRST_GETS_TABLE = {
  '/benchmarks/': ['/benchmarks/all', '/users/me'],
  '/single-benchmarks/': ['/benchmarks/settings?limit=100&offset=0', '/users/me'],
  '/tuning-sessions/': ['/tuning/session/mine', '/users/me'],
  '/tokens/': ['/tokens', '/users/me'],
  '/serve-requests/': ['/serve-requests', '/users/me'],
  '/elsewhere/': ['https://evil.example.com/x'],
  '/markup/': ['/x"></script><script>alert(1)</script>'],
  'no-slash': ['/users/me'],
};

let ts: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-web-page-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webDist, path.dirname(PAGE_FIRST_GETS_FILE)), { recursive: true });
  fs.writeFileSync(path.join(webDist, PAGE_FIRST_GETS_FILE), JSON.stringify(FIRST_GETS_TABLE));
  ts = await startServer({ webDist, docsUrl: TRICKY_URL });
});
afterAll(async () => {
  await ts.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the page carries the site settings', () => {
  it.each(['/', '/benchmarks/?model_name=x', '/index.html'])('at %s, exactly as GET /settings answers', async (url) => {
    const page = await fetch(`${ts.baseUrl}${url}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const answer = await (await fetch(`${ts.baseUrl}${API_PREFIX}/settings`)).json();
    expect(settingsIn(html)).toEqual(answer);
    // In the head, and the page around it as it was.
    expect(html.indexOf(SITE_SETTINGS_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    expect(html.replace(BLOCK, '').replace(FIRST_GETS, '')).toBe(INDEX_HTML);
  });

  it('with no value able to end the data block or paste the page into it', async () => {
    const html = await (await fetch(`${ts.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    // The app's script element and the data block: nothing else.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(settingsIn(html)).toMatchObject({ docs_url: TRICKY_URL });
  });

  it('also in a page without a head (after the document)', () => {
    const html = renderIndexPage('<div id="root"></div>', { a: 1 });
    expect(html.startsWith('<div id="root"></div>')).toBe(true);
    expect(settingsIn(html)).toEqual({ a: 1 });
  });
});

describe('a signed-in page whose first screen waits for GETs sends them itself (PAGE_FIRST_GETS_FILE)', () => {
  const pageAt = (url: string) => fetch(`${ts.baseUrl}${url}`, { headers: { accept: 'text/html' } });

  it.each(['/benchmarks/', '/benchmarks', '/benchmarks/?model_name=x'])(
    '%s names the search and the user, where the app calls them',
    async (url) => {
      const html = await (await pageAt(url)).text();
      const settings = (await (await fetch(`${ts.baseUrl}${API_PREFIX}/settings`)).json()) as {
        auth_server: { url: string };
      };
      const base = apiBaseFromLoginUrl(settings.auth_server.url);
      expect(base).toMatch(/^http:\/\/.+\/api\/v1$/);
      const [, urls = ''] = FIRST_GETS.exec(html) ?? [];
      expect(JSON.parse(urls)).toEqual([`${base}/benchmarks/all`, `${base}/users/me`]);
      expect(html.indexOf(FIRST_GETS_ELEMENT_ID)).toBeGreaterThan(html.indexOf(SITE_SETTINGS_ELEMENT_ID));
      expect(html.indexOf(FIRST_GETS_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    },
  );

  it.each([
    ['/single-benchmarks', '/benchmarks/settings?limit=100&offset=0'],
    ['/tuning-sessions/', '/tuning/session/mine'],
    ['/tokens', '/tokens'],
    ['/serve-requests/', '/serve-requests'],
  ])("%s names its list's first page and the user", async (url, list) => {
    const [, urls = '[]'] = FIRST_GETS.exec(await (await pageAt(url)).text()) ?? [];
    const paths = (JSON.parse(urls) as string[]).map((get) => get.replace(/^http:\/\/[^/]+\/api\/v1/, ''));
    expect(paths).toEqual([list, '/users/me']);
  });

  it("and its policy lets that script run, by the hash of the page's own script", async () => {
    const response = await pageAt('/benchmarks/');
    const [, , script = ''] = FIRST_GETS.exec(await response.text()) ?? [];
    expect(script).toContain('localStorage');
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers.get('content-security-policy')))?.[1];
    expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
    // No other inline script: no 'unsafe-inline', and the hash is the only one.
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc?.match(/'sha256-/g)).toHaveLength(1);
  });

  it.each(['/', '/single-benchmarks/6c4f3cb8', '/getting-started/', '/index.html', '/elsewhere/', '/markup/'])(
    '%s sends none',
    async (url) => {
      const html = await (await pageAt(url)).text();
      expect(html).not.toContain(FIRST_GETS_ELEMENT_ID);
      expect(html.match(/<script>/g)).toBeNull();
    },
  );
});

describe('the encoding of the page', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    ['gzip ;q=1', 'gzip'],
    ['br ; q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('for Accept-Encoding %j is %s', (header, expected) => {
    expect(pageEncoding(header)).toBe(expected);
  });
});

describe("each page names its route's chunks", () => {
  const PRELOADS = {
    '/': ['/assets/home-1.js', '/assets/mono-500-core-1.woff2'],
    '/benchmarks/': ['/assets/kit-1.js', '/assets/benchmarks-1.js'],
    '/single-benchmarks/$settingId': ['/assets/kit-1.js', '/assets/_settingId-1.js'],
    // After the route with a parameter that matches it too: the fixed route wins, as in the router.
    '/single-benchmarks/compare': ['/assets/kit-1.js', '/assets/compare-1.js'],
    // Not what the build writes: dropped, and never written into a page.
    '/evil': ['"><script>alert(1)</script>'],
    '/elsewhere': ['https://cdn.example.com/x.js'],
    'no-slash': ['/assets/x.js'],
  };
  let server: TestServer;
  let dist: string;
  const linksOf = async (url: string) => {
    const html = await (await fetch(`${server.baseUrl}${url}`, { headers: { accept: 'text/html' } })).text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map((match) => match[1]);
  };

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-web-preloads-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(dist, path.dirname(ROUTE_PRELOADS_FILE)), { recursive: true });
    fs.writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
    server = await startServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', ['/assets/home-1.js']],
    ['/benchmarks/', ['/assets/kit-1.js', '/assets/benchmarks-1.js']],
    ['/benchmarks', ['/assets/kit-1.js', '/assets/benchmarks-1.js']],
    ['/benchmarks/?model_name=x', ['/assets/kit-1.js', '/assets/benchmarks-1.js']],
    ['/single-benchmarks/6c4f3cb8', ['/assets/kit-1.js', '/assets/_settingId-1.js']],
    ['/single-benchmarks/compare', ['/assets/kit-1.js', '/assets/compare-1.js']],
    ['/single-benchmarks/6c4f3cb8/more', []],
    ['/single-benchmarks', []],
    ['/index.html', []],
    ['/evil', []],
    ['/elsewhere', []],
    ['/no/such/page', []],
  ])('%s: %j', async (url, expected) => {
    expect(await linksOf(url)).toEqual(expected);
  });

  it('in each encoding, with the settings block after the links', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await fetch(`${server.baseUrl}/benchmarks/`, {
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      const html = await response.text();
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/benchmarks-1.js">');
      expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf(SITE_SETTINGS_ELEMENT_ID));
      expect(settingsIn(html)).toMatchObject({ auth_server: expect.anything() });
    }
  });

  it('and its fonts, as a font preload in CORS mode, which the @font-face rules use', async () => {
    const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/mono-500-core-1.woff2">',
    );
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/mono-500-core-1.woff2');
  });

  it.each([ROUTE_PRELOADS_FILE, PAGE_FIRST_GETS_FILE, '.vite/manifest.json'])(
    'and the build notes (%s) are not served',
    async (file) => {
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
      const response = await fetch(`${server.baseUrl}/${file}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not Found' });
    },
  );

  it('says at start which entries it left out, and why', () => {
    const warnings = server.logs.filter((line) => line.includes('"level":40') && line.includes('route-preloads.json'));
    expect(warnings).toHaveLength(3);
    for (const route of ['/evil', '/elsewhere', 'no-slash'])
      expect(warnings.some((line) => line.includes(`entry for \\"${route}\\" is not a list`))).toBe(true);
  });

  it('a build without the file serves every page as before', async () => {
    expect(await linksOf('/benchmarks/')).not.toEqual([]);
    const html = await (await fetch(`${ts.baseUrl}/benchmarks/`, { headers: { accept: 'text/html' } })).text();
    expect(html).not.toContain('modulepreload');
  });
});
