import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, SITE_SETTINGS_ELEMENT_ID } from '@mako/contract';
import { pageEncoding, renderIndexPage } from '../src/http/web.ts';
import { startServer, type TestServer } from './helpers.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>MakoOptimize</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
/** Characters that are patterns in a string.replace replacement, and the end of a script element. */
const TRICKY_URL = "https://docs.example.com/</script><script>alert(1)</script>?a=$&b=$`c=$'";
const BLOCK = new RegExp(`<script id="${SITE_SETTINGS_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's');

/** The data block of a page, parsed as the web app parses it (its text is JSON). */
function settingsIn(html: string): unknown {
  const text = BLOCK.exec(html)?.[1];
  if (text === undefined) throw new Error(`No site settings in ${html}`);
  return JSON.parse(text);
}

let ts: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-web-page-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
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
    expect(html.replace(BLOCK, '')).toBe(INDEX_HTML);
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
