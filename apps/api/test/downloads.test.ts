import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDir, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
let runnerDist: string;
const LATEST = Buffer.from('the newest runner tarball');
const OLD = Buffer.from('runner 0.1.0');

beforeAll(async () => {
  runnerDist = buildDir('mako-runner-dist-', {
    'mako-runner.tgz': LATEST,
    'mako-runner-0.1.0.tgz': OLD,
    'secret.txt': 'not for download',
    package: null,
  });
  ts = await startServer({ runnerDist });
});
afterAll(async () => {
  await ts.close();
  fs.rmSync(runnerDist, { recursive: true, force: true });
});

describe('GET /downloads/: the runner package', () => {
  it('serves the newest tarball under its plain name, revalidated on every install', async () => {
    const response = await fetch(`${ts.baseUrl}/downloads/mako-runner.tgz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mako-runner.tgz"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(LATEST);

    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await fetch(`${ts.baseUrl}/downloads/mako-runner.tgz`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('serves a version under its own name for good, and answers HEAD', async () => {
    const response = await fetch(`${ts.baseUrl}/downloads/mako-runner-0.1.0.tgz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(OLD);
    const head = await fetch(`${ts.baseUrl}/downloads/mako-runner-0.1.0.tgz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(OLD.length));
  });

  it('serves nothing else from that directory, and says so in JSON', async () => {
    for (const name of ['secret.txt', 'package', 'mako-runner-9.9.9.tgz', '..%2Fsecret.txt', 'mako-runner.tgz.bak']) {
      const response = await fetch(`${ts.baseUrl}/downloads/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not Found' });
    }
  });
});
