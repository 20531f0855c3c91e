import { safeParse } from 'zod/mini';
import type { z } from 'zod';
import { buildPath, toSearchParams, trimSlash, type HttpMethod } from '@mako/contract';
import { NetworkError, ResponseSchemaError, errorFromResponse } from './errors.ts';

/*
 * The fetch wrapper without a browser: the caller says where calls go, which token they carry and
 * which fetch sends them. The web app's `call` (../call.ts) fills these in from its configuration
 * and local storage; the runner from its flags. Driven by one endpoint definition rather than the
 * whole endpoint table, so a caller that passes `endpoints.me` ships that definition's schemas only.
 */

type Schema = z.core.$ZodType;

/** What a call needs to know about its endpoint: a row of `endpoints`. */
export interface CallDef {
  method: HttpMethod;
  path: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  bodyType?: 'json' | 'form';
  response: Schema;
}

type Has<D extends CallDef, K extends string> = D extends Record<K, Schema> ? true : false;
type SchemaAt<D extends CallDef, K extends keyof CallDef> = D[K] extends Schema ? D[K] : never;

type ParamsPart<D extends CallDef> =
  Has<D, 'params'> extends true ? { params: z.core.output<SchemaAt<D, 'params'>> } : { params?: never };
type QueryPart<D extends CallDef> =
  Has<D, 'query'> extends true ? { query?: z.core.input<SchemaAt<D, 'query'>> } : { query?: never };
type BodyPart<D extends CallDef> =
  Has<D, 'body'> extends true
    ? undefined extends z.core.input<SchemaAt<D, 'body'>>
      ? { body?: z.core.input<SchemaAt<D, 'body'>> }
      : { body: z.core.input<SchemaAt<D, 'body'>> }
    : { body?: never };

/** What one call of D takes wherever it runs: path params and body when D has them, an optional query. */
export type CoreCallOptions<D extends CallDef> = ParamsPart<D> & QueryPart<D> & BodyPart<D> & { signal?: AbortSignal };

/** What a successful call of D resolves to: its response schema's output. */
export type CallResult<D extends CallDef> = z.core.output<D['response']>;

/** Where a call goes and what it carries: the base URL (no trailing slash), the bearer token, the fetch. */
export interface Transport {
  baseUrl: string;
  token: string | null;
  /** Sends the request (the global fetch, a test's, or one that answers from a request sent ahead). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

interface UrlOptions {
  params?: Record<string, string | number>;
  query?: object;
}

/** The absolute URL of a call, with path params filled in and empty query values dropped. */
export function urlOf(def: Pick<CallDef, 'path'>, baseUrl: string, options: UrlOptions = {}): string {
  const path = buildPath(def.path, options.params);
  const search = toSearchParams(options.query as Record<string, unknown> | undefined).toString();
  return resolveUrl(baseUrl, search ? `${path}?${search}` : path);
}

/** Resolves a base + path against the page origin when there is a page, because fetch outside one refuses relative URLs. */
function resolveUrl(baseUrl: string, pathAndQuery: string): string {
  const joined = `${trimSlash(baseUrl)}${pathAndQuery}`;
  const origin = typeof globalThis.location !== 'undefined' ? globalThis.location.href : undefined;
  return origin ? new URL(joined, origin).toString() : joined;
}

export function requestHeaders(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * Calls one endpoint through `transport`. Sends the token as a bearer token, encodes the body as
 * JSON or (for bodyType 'form') as a URL-encoded form without empty fields, parses the answer with
 * the endpoint's response schema, and throws an ApiError subclass for every non-ok status, a
 * NetworkError when fetch itself fails and a ResponseSchemaError when the answer breaks the contract.
 * An aborted call rejects with the abort as it is (TanStack Query and timeouts tell it apart).
 */
export async function sendCall<D extends CallDef>(
  def: D,
  options: CoreCallOptions<D>,
  transport: Transport,
): Promise<CallResult<D>> {
  const opts = options as CoreCallOptions<CallDef> & UrlOptions;
  const headers = requestHeaders(transport.token);

  let body: string | undefined;
  if (def.body && opts.body !== undefined) {
    if (def.bodyType === 'form') {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      body = formBody(opts.body as Record<string, unknown>);
    } else {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    }
  } else if (def.body) {
    // Endpoints whose body has defaults still get a JSON object, so the server applies them.
    headers.set('Content-Type', 'application/json');
    body = '{}';
  }

  let response: Response;
  try {
    response = await transport.fetch(urlOf(def, transport.baseUrl, opts), {
      method: def.method,
      headers,
      body,
      signal: opts.signal,
    });
  } catch (error) {
    if (opts.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new NetworkError({ cause: error });
  }

  const payload = await readBody(response);
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, payload);

  const parsed = safeParse(def.response, payload);
  if (!parsed.success) {
    throw new ResponseSchemaError({
      endpoint: `${def.method} ${def.path}`,
      status: response.status,
      body: payload,
      issues: parsed.error.issues,
    });
  }
  return parsed.data as CallResult<D>;
}

/** The OAuth2 password form: fields that are empty are left out rather than sent as ''. */
export function formBody(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text === '') continue;
    form.set(key, text);
  }
  return form.toString();
}

/** The answer's JSON, or its raw text when it is not JSON, or null when it is empty or unreadable. */
async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return null;
  }
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
