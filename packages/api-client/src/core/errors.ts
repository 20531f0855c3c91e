import type { z } from 'zod';
import { API_MESSAGES, GENERIC_ERROR, STATUS_TEXTS, ValidationIssue } from '@mako/contract';

/** What went wrong, for code that branches without instanceof chains. */
export type ApiErrorKind =
  'http' | 'generic' | 'validation' | 'session-forbidden' | 'pending-evaluations' | 'search-complete' | 'search-error';

interface ApiErrorInit {
  status: number;
  statusText: string;
  body: unknown;
  message: string;
  kind: ApiErrorKind;
}

/**
 * A non-ok HTTP answer. `message` is the catalogue text of SPEC §8 (the API message, the default
 * status text, or 'Generic Error'); `detail` is the server's explanation when it sent one.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The response's status text, or the catalogue's default when the response had none. */
  readonly statusText: string;
  /** The parsed JSON body, or the raw text when it was not JSON, or null when empty. */
  readonly body: unknown;
  /** The body's `detail` as text (422 issues joined), or null. */
  readonly detail: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.detail = detailText(init.body);
  }
}

/** 422 'Validation Error' with FastAPI's `{loc, msg, type}` issues. */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';
  readonly issues: ValidationIssue[];
  constructor(init: Omit<ApiErrorInit, 'kind' | 'message'>) {
    super({ ...init, kind: 'validation', message: API_MESSAGES[422] });
    this.issues = validationIssues(init.body);
  }
}

/**
 * A catalogue error whose message is fixed by its kind: a class of its own (for instanceof and its
 * name in logs) that only fills in the kind and the catalogue text.
 */
function catalogueError<const Name extends string>(name: Name, kind: ApiErrorKind, message: string) {
  const CatalogueError = class extends ApiError {
    // Typed as the literal, so that one catalogue error is not assignable to another.
    override readonly name: Name = name;
    constructor(init: Omit<ApiErrorInit, 'kind' | 'message'>) {
      super({ ...init, kind, message });
    }
  };
  // The class's own name too, as a class statement would have it (test titles, console output).
  Object.defineProperty(CatalogueError, 'name', { value: name });
  return CatalogueError;
}

/** 403 'User is not allowed to create new tuning session' (plan limit or account state). */
export const SessionForbiddenError = catalogueError(
  'SessionForbiddenError',
  'session-forbidden',
  API_MESSAGES.createSessionForbidden,
);
export type SessionForbiddenError = InstanceType<typeof SessionForbiddenError>;

/** 409 'Need to wait for pending evaluations': every allowed slot is leased; ask again later. */
export const PendingEvaluationsError = catalogueError(
  'PendingEvaluationsError',
  'pending-evaluations',
  API_MESSAGES.pendingEvaluations,
);
export type PendingEvaluationsError = InstanceType<typeof PendingEvaluationsError>;

/** 410 'Tuning search is complete': the budget is spent or the space exhausted. */
export const SearchCompleteError = catalogueError(
  'SearchCompleteError',
  'search-complete',
  API_MESSAGES.searchComplete,
);
export type SearchCompleteError = InstanceType<typeof SearchCompleteError>;

/** 500 'Internal search error': the search engine failed to propose a configuration. */
export const SearchError = catalogueError('SearchError', 'search-error', API_MESSAGES.searchError);
export type SearchError = InstanceType<typeof SearchError>;

/** Any non-ok status outside the catalogue: 'Generic Error' with its status, status text and body. */
export const GenericApiError = catalogueError('GenericApiError', 'generic', GENERIC_ERROR);
export type GenericApiError = InstanceType<typeof GenericApiError>;

export const NETWORK_ERROR_MESSAGE = 'Network error: could not reach the server';

/** fetch itself rejected: offline, DNS, refused connection, CORS. No status exists. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly statusText = 'Network error';
  readonly detail = 'Could not reach the server. Check your connection and try again.';
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
  }
}

/** An ok answer whose body does not match the contract: the server and client disagree. */
export class ResponseSchemaError extends Error {
  override readonly name = 'ResponseSchemaError';
  readonly statusText = 'Invalid response';
  readonly endpoint: string;
  readonly status: number;
  readonly body: unknown;
  readonly issues: z.core.$ZodIssue[];
  readonly detail: string;
  constructor(init: { endpoint: string; status: number; body: unknown; issues: z.core.$ZodIssue[] }) {
    const first = init.issues[0];
    const where = first && first.path.length > 0 ? first.path.map(String).join('.') : 'body';
    const detail = first ? `${where}: ${first.message}` : 'The response did not match the contract';
    super(`Unexpected response from ${init.endpoint}: ${detail}`);
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.body = init.body;
    this.issues = init.issues;
    this.detail = detail;
  }
}

/** Every error the client throws for a call. */
export type ClientError = ApiError | NetworkError | ResponseSchemaError;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Maps a non-ok answer to its catalogue error (SPEC §8). */
export function errorFromResponse(status: number, responseStatusText: string, body: unknown): ApiError {
  const detail = detailText(body);
  const statusText = (fallback: string) => responseStatusText || STATUS_TEXTS[status] || fallback;
  const init = (fallback: string) => ({ status, statusText: statusText(fallback), body });
  if (status === 422) return new ValidationError(init(API_MESSAGES[422]));
  if (status === 403 && detail === API_MESSAGES.createSessionForbidden) return new SessionForbiddenError(init(detail));
  if (status === 409 && detail === API_MESSAGES.pendingEvaluations) return new PendingEvaluationsError(init(detail));
  if (status === 410 && detail === API_MESSAGES.searchComplete) return new SearchCompleteError(init(detail));
  if (status === 500 && detail === API_MESSAGES.searchError) return new SearchError(init(detail));
  const known = STATUS_TEXTS[status];
  if (known !== undefined) {
    const text = responseStatusText || known;
    return new ApiError({ status, statusText: text, body, message: text, kind: 'http' });
  }
  return new GenericApiError(init(GENERIC_ERROR));
}

/** The body's `detail` as one line: the string itself, or the 422 issues as `loc: msg` joined by '; '. */
export function detailText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const { detail } = body as { detail: unknown };
  if (typeof detail === 'string') return detail.trim() === '' ? null : detail;
  const issues = validationIssues(body);
  if (issues.length === 0) return null;
  return issues.map((i) => (i.loc.length > 0 ? `${i.loc.join('.')}: ${i.msg}` : i.msg)).join('; ');
}

function validationIssues(body: unknown): ValidationIssue[] {
  if (typeof body !== 'object' || body === null) return [];
  const detail = (body as { detail?: unknown }).detail;
  if (!Array.isArray(detail)) return [];
  return detail.flatMap((item) => {
    const parsed = ValidationIssue.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const UNKNOWN_ERROR = 'Unknown error';
