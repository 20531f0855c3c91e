import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@mako/contract';
import { benchmark, setting } from './fixtures.ts';
import { call, ok, signUp, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer();
});
afterAll(async () => {
  await ts.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Sends the request line exactly as written: fetch would normalise a malformed URL first. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const { port } = ts.server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const unsupported = { status: 415, text: JSON.stringify({ detail: 'Unsupported media type' }) };

describe('request bodies', () => {
  it('are refused with 415 in any media type but JSON on JSON endpoints, so other sites cannot post forms to them', async () => {
    const email = uniqueEmail('victim');
    const form = new URLSearchParams({ email, application: 'MakoOptimize' }).toString();
    const asForm = await raw(
      'POST',
      `${API_PREFIX}/magic-link`,
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) },
      form,
    );
    expect(asForm).toMatchObject(unsupported);
    for (const type of [
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json-patch+json',
    ]) {
      const answer = await raw(
        'POST',
        `${API_PREFIX}/magic-link`,
        { 'content-type': type, 'content-length': '2' },
        '{}',
      );
      expect(answer, type).toMatchObject(unsupported);
    }
    const noType = await raw('POST', `${API_PREFIX}/magic-link`, { 'content-length': String(form.length) }, form);
    expect(noType).toMatchObject(unsupported);

    // A mail for another address, sent after the refused ones, arrives alone: none was sent to the victim.
    const control = uniqueEmail('control');
    await ok(ts, 'sendMagicLink', { body: { email: control, application: 'MakoOptimize' } });
    await ts.smtp.waitFor(control, 1);
    expect(ts.smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('are taken as JSON whatever the charset parameter says, and may be absent', async () => {
    const answer = await fetch(`${ts.baseUrl}${API_PREFIX}/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify({ email: uniqueEmail(), application: 'MakoOptimize' }),
    });
    expect(answer.status).toBe(200);
    const { token } = await signUp(ts);
    // Bodiless calls pass whatever Content-Type they carry.
    const bodiless = await raw('POST', `${API_PREFIX}/logout-all`, {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '0',
    });
    expect(bodiless.status).toBe(200);
  });

  it('are taken only as a form on the password login, the one form endpoint', async () => {
    const { token, email } = await signUp(ts);
    await ok(ts, 'changePassword', { token, body: { new_password: 'a long password' } });
    expect((await call(ts, 'login', { body: { username: email, password: 'a long password' } })).status).toBe(200);
    const fields = { username: email, password: 'a long password' };
    const asJson = await raw(
      'POST',
      `${API_PREFIX}/login/access-token`,
      { 'content-type': 'application/json', 'content-length': String(JSON.stringify(fields).length) },
      JSON.stringify(fields),
    );
    expect(asJson).toMatchObject(unsupported);
    const multipart = `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\n${email}\r\n--x--\r\n`;
    const asMultipart = await raw(
      'POST',
      `${API_PREFIX}/login/access-token`,
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(multipart.length) },
      multipart,
    );
    expect(asMultipart).toMatchObject(unsupported);
  });

  it('that are JSON but not UTF-8 are a 422, not text with U+FFFD in it', async () => {
    const body = Buffer.concat([
      Buffer.from('{"email":"a@example.com","application":"Mako'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const answer = await fetch(`${ts.baseUrl}${API_PREFIX}/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }],
    });
  });

  it('that are forms but not percent-encoded UTF-8 are a 422', async () => {
    const form = 'username=%FF&password=x';
    const answer = await raw(
      'POST',
      `${API_PREFIX}/login/access-token`,
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) },
      form,
    );
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({
      detail: [{ loc: ['body'], msg: 'Form decode error', type: 'form_invalid' }],
    });
  });
});

describe('malformed URLs', () => {
  it('get a plain 400 with our body and security headers, never an echo of the URL', async () => {
    for (const path of [
      '/%ff',
      `${API_PREFIX}/benchmarks/%ff`,
      `${API_PREFIX}/benchmarks/by-id/%ED%A0%80`,
      `${API_PREFIX}/benchmarks/all?model_name=%ff`,
      `${API_PREFIX}/benchmarks/all?model_name=%`,
      `${API_PREFIX}/benchmarks/all?model_name=%zz`,
      `${API_PREFIX}/benchmarks/all?%ff=1`,
      // An overlong NUL, and a code point past U+10FFFF.
      `${API_PREFIX}/benchmarks/all?model_name=%C0%80`,
      `${API_PREFIX}/benchmarks/all?model_name=%F4%90%80%80`,
      // A call that takes no query at all.
      `${API_PREFIX}/health?x=%ff`,
      // CESU-8: a surrogate pair spelt as two three-byte halves is not UTF-8 either.
      `${API_PREFIX}/benchmarks/all?model_name=%ED%A0%BD%ED%B8%80`,
    ]) {
      const answer = await raw('GET', path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.text), path).toEqual({ detail: 'Bad Request' });
      expect(answer.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('are not confused with well-formed ones', async () => {
    const { token } = await signUp(ts);
    await ok(ts, 'createBenchmark', { token, body: benchmark({ setting: setting({ ml_model_name: 'café 🐟 a+b' }) }) });
    const answer = await raw('GET', `${API_PREFIX}/benchmarks/all?model_name=caf%C3%A9+%F0%9F%90%9F%20a%2Bb&limit=1`, {
      authorization: `Bearer ${token}`,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ count: 1 });
  });
});
