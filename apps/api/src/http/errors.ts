import type { ValidationIssue } from '@mako/contract';

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

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (detail: string) => new HttpError(400, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unauthorized = (detail = 'Could not validate credentials') =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
export const tooManyRequests = (retryAfterS: number, detail = 'Too many requests, please try again later') =>
  new HttpError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) });
export const validationError = (loc: (string | number)[], msg: string, type = 'value_error') =>
  new HttpError(422, [{ loc, msg, type }]);
