import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { HttpError } from './errors.ts';

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * Refuses, with 415, a body in any media type but the endpoint's. A form or text/plain body needs
 * no CORS preflight, so a page on another site could otherwise post one to a JSON endpoint (and,
 * say, have sign-in mails sent to anyone); JSON cannot be sent cross-site without one. Requests
 * without a body pass, whatever their Content-Type says.
 */
export function requireMediaType(expected: string): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    if (!hasBody(request)) return payload;
    const mediaType = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (mediaType !== expected) throw new HttpError(415, 'Unsupported media type');
    return payload;
  };
}
