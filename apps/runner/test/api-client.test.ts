import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import * as core from '@mako/api-client/core';
import { ApiError, MakoApi, NetworkError, ResponseSchemaError } from '../src/api/client.ts';
import { createProgress } from '../src/bench/progress.ts';
import { freePort } from '../src/engine/engine.ts';

let server: http.Server | null = null;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

/** The error a call rejects with; a call that succeeds fails the test. */
const rejection = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );

const SECRET = 'mako_ClientSecret0123456789abcdefghijklm';

describe('MakoApi', () => {
  it('refuses an answer that does not match the contract', async () => {
    const url = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": 5}'));
    const api = new MakoApi({ baseUrl: url, token: SECRET });
    const broken = await rejection(api.call('getSession', { params: { session_id: 's1' } }));
    expect(broken).toBeInstanceOf(ResponseSchemaError);
    expect(broken.message).toMatch(/^getSession: the API's answer does not match the contract \(id: /);
  });

  it('says so when an ok answer is not JSON at all', async () => {
    const url = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'));
    const broken = await rejection(new MakoApi({ baseUrl: url }).call('me'));
    expect(broken).toBeInstanceOf(ResponseSchemaError);
    expect(broken.message).toBe('me: the API answered 200 with a body that is not JSON');
  });

  it("throws the api-client's own error classes, so the web app and the runner share one set", async () => {
    const url = await serve((_req, res) =>
      res.writeHead(409, { 'content-type': 'application/json' }).end('{"detail": "Lease is not held"}'),
    );
    const api = new MakoApi({ baseUrl: url, token: SECRET });
    const refused = await rejection(api.call('renewLease', { params: { session_id: 's', pending_config_id: 'p' } }));
    expect(refused).toBeInstanceOf(core.ApiError);
    expect(refused.status).toBe(409);
    expect(refused.detail).toBe('Lease is not held');
    expect(refused.message).toBe('renewLease: 409 Generic Error: Lease is not held');
    expect(ApiError).toBe(core.ApiError);
    expect(NetworkError).toBe(core.NetworkError);
    expect(ResponseSchemaError).toBe(core.ResponseSchemaError);
  });

  it('turns FastAPI error bodies into readable errors without the token', async () => {
    const url = await serve((req, res) => {
      const status = req.url?.includes('next-configs') ? 422 : 404;
      const body =
        status === 422
          ? { detail: [{ loc: ['body', 'count'], msg: 'Too big', type: 'too_big' }] }
          : { detail: 'Tuning session not found' };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const api = new MakoApi({ baseUrl: url, token: SECRET });
    const notFound = await rejection(api.call('getSession', { params: { session_id: 'nope' } }));
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound.status).toBe(404);
    expect(notFound.message).toBe('getSession: 404 Not Found: Tuning session not found');
    const invalid = await rejection(api.call('nextConfigs', { params: { session_id: 's' }, body: { count: 1 } }));
    expect(invalid.message).toBe('nextConfigs: 422 Validation Error: body.count: Too big');
    expect(`${notFound.message}${invalid.message}`).not.toContain(SECRET);
  });

  it('checks bodies against the contract before sending, and reports an unreachable API', async () => {
    const api = new MakoApi({ baseUrl: `http://127.0.0.1:${await freePort()}/api/v1`, token: SECRET });
    // Neither metrics nor failure: the contract's refinement forbids it.
    await expect(
      api.call('postResult', { params: { session_id: 's' }, body: { pending_config_id: 'p' } }),
    ).rejects.toThrow(/Give exactly one of metrics or failure/);
    const down = await rejection(api.call('getSession', { params: { session_id: 's' } }));
    expect(down).toBeInstanceOf(NetworkError);
    expect(down.message).toMatch(/Cannot reach the MakoOptimize API at .* \(ECONNREFUSED\)/);
  });
});

describe('progress on stderr', () => {
  const capture = (isTTY: boolean) => {
    const stream = Object.assign(new PassThrough(), { isTTY, columns: 100 }) as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (c: Buffer) => (text += c.toString()));
    return { stream, text: () => text };
  };
  const tick = (done: number) => ({
    phase: 'benchmark' as const,
    total: 10,
    sent: 10,
    done,
    failed: 1,
    elapsedS: done / 10,
  });

  it('draws a bar that redraws in place on a terminal', () => {
    const { stream, text } = capture(true);
    const view = createProgress(stream, false);
    view.update(tick(5));
    view.update(tick(10));
    view.finish();
    expect(text()).toContain('\r\x1b[2K████████████░░░░░░░░░░░░ benchmark 5/10  50%');
    expect(text()).toContain('benchmark 10/10 100%');
    expect(text().endsWith('\r\x1b[2K')).toBe(true);
  });

  it('prints plain lines, one per tenth, when stderr is not a terminal, and nothing when quiet', () => {
    const plain = capture(false);
    const view = createProgress(plain.stream, false);
    for (let i = 1; i <= 10; i++) view.update(tick(i));
    expect(plain.text().split('\n').filter(Boolean)).toHaveLength(10);
    expect(plain.text()).not.toContain('\r');
    const quiet = capture(false);
    createProgress(quiet.stream, true).update(tick(3));
    expect(quiet.text()).toBe('');
  });
});
