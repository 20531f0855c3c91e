import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@mako/contract';
import { ResponseCache } from '../src/http/response-cache.ts';
import { negotiateEncoding } from '../src/http/encodings.ts';
import { benchmark, setting } from './fixtures.ts';
import { ok, signUp, startServer, type TestServer } from './helpers.ts';

/** A JSON-like body well over the compression threshold. */
const body = (fill: string) => Buffer.from(JSON.stringify({ data: fill.repeat(4000) }));

describe('the response cache', () => {
  it('compresses a cached answer once per encoding and serves the same bytes after', async () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20, ttlMs: 60_000, now: () => 0, readVersion: async () => 1 });
    const version = await cache.currentVersion();
    const answer = body('a');
    cache.set('search', answer, version);
    const first = cache.getEncoded('search', version, 'br')!;
    const second = cache.getEncoded('search', version, 'br')!;
    expect(first.encoding).toBe('br');
    // The very same bytes: kept with the entry, not compressed again.
    expect(second.body).toBe(first.body);
    expect(zlib.brotliDecompressSync(first.body).equals(answer)).toBe(true);
    const gzip = cache.getEncoded('search', version, 'gzip')!;
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(answer)).toBe(true);
    expect(cache.getEncoded('search', version, null)).toEqual({ body: answer, encoding: null });
  });

  it('counts the compressed copies in its byte bound', async () => {
    const cache = new ResponseCache({
      // Room for four bodies, not for four bodies and a compressed copy.
      maxBytes: 4 * body('a').length + 10,
      ttlMs: 60_000,
      now: () => 0,
      readVersion: async () => 1,
    });
    const version = await cache.currentVersion();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, body(key), version);
    cache.getEncoded('d', version, 'gzip');
    expect(cache.get('a', version)).toBeUndefined();
    for (const key of ['b', 'c', 'd']) expect(cache.get(key, version)?.equals(body(key))).toBe(true);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
  ])('%j gives %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('anonymous search from the cache', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startServer({ responseCache: { maxMb: 8, ttlS: 10 } });
    const { token } = await signUp(ts);
    for (let i = 0; i < 20; i++)
      await ok(ts, 'createBenchmark', {
        token,
        body: benchmark({ published: true, setting: setting({ workload: { num_requests: 100 + i } }) }),
      });
  });
  afterAll(async () => {
    await ts.close();
  });

  const rawGet = (accept: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${ts.baseUrl}${API_PREFIX}/benchmarks/all`, { headers: { 'accept-encoding': accept } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('is sent compressed with its length, the same bytes each time, decoding to the uncompressed answer', async () => {
    const plain = await rawGet('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answers = [await rawGet('br, gzip'), await rawGet('br, gzip')];
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers['content-security-policy']).toBeDefined();
      expect(zlib.brotliDecompressSync(answer.body).equals(plain.body)).toBe(true);
    }
    const gzip = await rawGet('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });
});
