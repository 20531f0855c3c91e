import type { ValidationIssue } from '@mako/contract';
import {
  Conflict,
  Failed,
  Forbidden,
  Gone,
  Invalid,
  NotFound,
  Rejected,
  TooSoon,
  Unavailable,
  UpstreamFailed,
  type DomainError,
} from '../services/errors.ts';

/** An error with a FastAPI-style body: `{detail}` (a message, or the 422 issue list). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string | ValidationIssue[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, detail: string | ValidationIssue[], headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : 'Validation Error');
    this.statusCode = statusCode;
    this.detail = detail;
    this.headers = headers;
  }
}

export const unauthorized = (detail = 'Could not validate credentials') =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
export const tooManyRequests = (retryAfterS: number, detail = 'Too many requests, please try again later') =>
  new HttpError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) });

/** The one place where the rules' refusals become HTTP answers. */
export function httpErrorOf(error: DomainError): HttpError {
  if (error instanceof Invalid)
    return new HttpError(422, [{ loc: [...error.field], msg: error.message, type: error.type }]);
  if (error instanceof TooSoon) return tooManyRequests(error.retryAfterS, error.message);
  if (error instanceof Rejected) return new HttpError(400, error.message);
  if (error instanceof Forbidden) return new HttpError(403, error.message);
  if (error instanceof NotFound) return new HttpError(404, error.message);
  if (error instanceof Conflict) return new HttpError(409, error.message);
  if (error instanceof Gone) return new HttpError(410, error.message);
  if (error instanceof UpstreamFailed) return new HttpError(502, error.message);
  if (error instanceof Unavailable) return new HttpError(503, error.message);
  if (error instanceof Failed) return new HttpError(500, error.message);
  // A new kind of refusal must be given its status here; until then it is an internal error.
  return new HttpError(500, 'Internal Server Error');
}
