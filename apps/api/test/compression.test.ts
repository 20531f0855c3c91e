import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@mako/contract';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/server.ts';
import { buildDir, startServer, type TestServer } from './helpers.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, before any decoding. */
  body: Buffer;
}

/** A GET that shows the answer as sent: fetch would negotiate and decode the encoding itself. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(answer: RawAnswer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(answer.body);
    case 'gzip':
      return zlib.gunzipSync(answer.body);
    case undefined:
      return answer.body;
    default:
      throw new Error(`Unexpected content-encoding ${answer.headers['content-encoding']}`);
  }
}

const INDEX_HTML = `<!doctype html><title>MakoOptimize</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const BUNDLE = `console.log(${JSON.stringify('app '.repeat(500))});`;
const FONT = Buffer.from('wOF2 not really a font, but served as one');

let ts: TestServer;
let webDist: string;

/** The bytes sent are the build's copy, not compressed again on the fly (which sends no length). */
function expectCopyFromBuild(answer: RawAnswer, file: string) {
  const extension = answer.headers['content-encoding'] === 'br' ? '.br' : '.gz';
  const copy = fs.readFileSync(path.join(webDist, file + extension));
  expect(answer.headers['content-length']).toBe(String(copy.length));
  expect(answer.body.equals(copy)).toBe(true);
}
beforeAll(async () => {
  // A build as the web app's writes it: each compressible file next to a brotli and a gzip copy.
  const withCopies = (name: string, content: string | Buffer) => ({
    [name]: content,
    [`${name}.br`]: zlib.brotliCompressSync(content),
    [`${name}.gz`]: zlib.gzipSync(content),
  });
  webDist = buildDir('mako-web-compressed-', {
    ...withCopies('index.html', INDEX_HTML),
    ...withCopies('assets/app-1a2b3c.js', BUNDLE),
    'assets/app-1a2b3c.js.map': '{"version":3,"sources":["../src/secret.ts"],"mappings":""}',
    'assets/inter-latin-400.woff2': FONT,
  });
  ts = await startServer({ webDist });
});
afterAll(async () => {
  await ts.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('JSON answers', () => {
  // Large, public and held in the response cache: the second call is answered from a cached Buffer.
  const LARGE = `${API_PREFIX}/benchmarks/supported-runtime-options`;
  let identity: Buffer;
  beforeAll(async () => {
    const answer = await rawGet(`${ts.baseUrl}${LARGE}`);
    expect(answer.status).toBe(200);
    identity = answer.body;
  });

  it('are sent uncompressed to a client that does not ask for compression', async () => {
    const answer = await rawGet(`${ts.baseUrl}${LARGE}`, { 'accept-encoding': 'identity' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(identity.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(answer.body.equals(identity)).toBe(true);
    expect(() => JSON.parse(identity.toString('utf8'))).not.toThrow();
  });

  it.each(['br', 'gzip'])('are compressed with %s when the client accepts it, from the cache too', async (encoding) => {
    for (let call = 0; call < 2; call++) {
      const answer = await rawGet(`${ts.baseUrl}${LARGE}`, { 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body.length).toBeLessThan(identity.length / 2);
      expect(decode(answer).equals(identity)).toBe(true);
    }
  });

  it('prefers brotli when the client accepts both', async () => {
    const answer = await rawGet(`${ts.baseUrl}${LARGE}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('are sent as they are when small', async () => {
    const answer = await rawGet(`${ts.baseUrl}${API_PREFIX}/health`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(answer.body.toString('utf8'))).not.toThrow();
  });
});

describe('the web app', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('sends the build-time copy for Accept-Encoding %s', async (accept, expected) => {
    const answer = await rawGet(`${ts.baseUrl}/assets/app-1a2b3c.js`, { 'accept-encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(answer).toString('utf8')).toBe(BUNDLE);
    expectCopyFromBuild(answer, 'assets/app-1a2b3c.js');
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const answer = await rawGet(`${ts.baseUrl}/assets/app-1a2b3c.js`);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.toString('utf8')).toBe(BUNDLE);
  });

  it.each([
    ['/', 'br', 'br'],
    ['/benchmarks/some/client/route', 'gzip, deflate, br', 'br'],
    ['/index.html', 'gzip', 'gzip'],
    ['/', 'br;q=0, gzip', 'gzip'],
    ['/', 'identity', undefined],
  ])('sends the page at %s, for Accept-Encoding %s, as %s', async (url, accept, expected) => {
    const answer = await rawGet(`${ts.baseUrl}${url}`, { accept: 'text/html', 'accept-encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    // Compressed once at start-up, with a length, never on the fly per request.
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    const html = decode(answer).toString('utf8');
    expect(html.startsWith(INDEX_HTML)).toBe(true);
    expect(html).toContain('<script id="site-settings" type="application/json">');
  });

  it.each(['/index.html.br', '/index.html.gz'])(
    'never sends the build’s own page (%s), which lacks the settings',
    async (url) => {
      const answer = await rawGet(`${ts.baseUrl}${url}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(404);
    },
  );

  it('sends already-compressed formats as they are', async () => {
    const answer = await rawGet(`${ts.baseUrl}/assets/inter-latin-400.woff2`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(FONT)).toBe(true);
  });

  it.each<Record<string, string>>([{}, { accept: 'text/html' }])('never serves a source map (%o)', async (headers) => {
    const answer = await rawGet(`${ts.baseUrl}/assets/app-1a2b3c.js.map`, headers);
    expect(answer.status).toBe(404);
    expect(answer.body.toString('utf8')).not.toContain('secret.ts');
  });
});
