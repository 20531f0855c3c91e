import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Checks for requests that outlived their time this often (Node's default, 30 s, would let a 30 s limit run to a minute). */
export const REQUEST_CHECK_INTERVAL_MS = 1000;

type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware such as helmet sets, collected once: its headers never vary by request,
 * and an answer written on the bare socket has no response object for it to set them on.
 */
export function staticHeadersOf(middleware: HeaderMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({ headers: {} } as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

/** The status Node's parser errors deserve: a whole-request timeout, oversized headers, or anything else malformed. */
function statusOf(error: NodeJS.ErrnoException): number {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/**
 * Answers what Node's HTTP parser refuses (a malformed request line or header, Content-Length
 * with Transfer-Encoding, headers over 16 KiB) and requests not received in time (a stalled body)
 * before any route sees them. They get our `{detail}` body and our security headers, as every
 * other answer does, instead of Fastify's default body without them; then the socket is closed,
 * since the rest of its bytes cannot be trusted to start a request.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset or a closed socket has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Never write into an answer that has begun (a timeout may fire while one is being sent).
    const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      const status = statusOf(error);
      const body = JSON.stringify({ detail: STATUS_CODES[status] ?? 'Bad Request' });
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        'cache-control: no-store',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      // Closed once the answer is handed to the kernel, whether or not the client ever reads it.
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    } else socket.destroy();
  };
}
