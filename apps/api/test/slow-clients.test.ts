import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@mako/contract';
import { startServer, type TestServer } from './helpers.ts';

/** The policy every answer but the web app's pages carries (server.ts). */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Short, so that a stalled request is seen answered within the test; production's default is 30 s. */
const REQUEST_TIMEOUT_MS = 1000;
/** How long a test waits for the server to answer and close before it calls the connection stuck. */
const PATIENCE_MS = 8000;

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer({ requestTimeoutMs: REQUEST_TIMEOUT_MS });
});
afterAll(async () => {
  await ts.close();
});

interface SocketOutcome {
  /** Everything the server sent, as latin1 text (one char per byte). */
  received: string;
  /** The server closed the connection within the patience. */
  closed: boolean;
}

/**
 * Writes bytes exactly as given (no client library would send these requests), then keeps the
 * socket open without sending more, and collects what comes back until the server closes it.
 */
function rawExchange(bytes: Buffer): Promise<SocketOutcome> {
  const { port } = ts.server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const timer = setTimeout(() => finish(false), PATIENCE_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while bytes are still on their way; what it answered counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.write(bytes);
  });
}

function parseAnswer(received: string) {
  const end = received.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = received.slice(0, end < 0 ? undefined : end).split('\r\n');
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: end < 0 ? '' : received.slice(end + 4) };
}

function expectOurError(outcome: SocketOutcome, status: number, detail: string) {
  expect(outcome.closed, 'the server closed the connection').toBe(true);
  const answer = parseAnswer(outcome.received);
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({ detail });
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.headers.get('content-security-policy')).toBe(JSON_CSP);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('requests the HTTP parser refuses', () => {
  it('get our error body and security headers: a raw 0xFF byte in the request line', async () => {
    expectOurError(await rawExchange(latin1('GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n')), 400, 'Bad Request');
  });

  it('get our error body and security headers: a malformed header line', async () => {
    expectOurError(
      await rawExchange(latin1(`GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n`)),
      400,
      'Bad Request',
    );
  });

  it('get our error body and security headers: Content-Length together with Transfer-Encoding', async () => {
    const request =
      `POST ${API_PREFIX}/magic-link HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    expectOurError(await rawExchange(latin1(request)), 400, 'Bad Request');
  });

  it('get our error body and security headers: a garbage request line', async () => {
    expectOurError(await rawExchange(latin1('HELLO THERE\r\n\r\n')), 400, 'Bad Request');
  });

  it('get our error body and security headers: headers over 16 KiB (431)', async () => {
    const request = `GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`;
    expectOurError(await rawExchange(latin1(request)), 431, 'Request Header Fields Too Large');
  });
});

describe('a client that stalls', () => {
  it('in its body is answered 408 and let go once the request time is up', async () => {
    const request =
      `POST ${API_PREFIX}/magic-link HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      'Content-Length: 1000\r\n\r\n{';
    const started = Date.now();
    const outcome = await rawExchange(latin1(request));
    expectOurError(outcome, 408, 'Request Timeout');
    // Answered by the timeout, not by anything sooner (the body was incomplete the whole time).
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
  });

  it('in its headers is answered 408 too', async () => {
    expectOurError(
      await rawExchange(latin1(`GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\n`)),
      408,
      'Request Timeout',
    );
  });

  it('does not hold back a client that sends its body in time', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', application: 'MakoOptimize' });
    const head =
      `POST ${API_PREFIX}/magic-link HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const outcome = await rawExchange(latin1(head + body));
    expect(parseAnswer(outcome.received).status).toBe(200);
  });
});
