import { safeParse } from 'zod/mini';
import type { z } from 'zod';
import { FIRST_GETS_GLOBAL, buildPath, toSearchParams, type HttpMethod } from '@mako/contract';
import { getApiConfig, resolveUrl } from './config.ts';
import { NetworkError, ResponseSchemaError, errorFromResponse } from './errors.ts';
import { getStoredToken } from './token-storage.ts';

/*
 * The fetch wrapper, driven by one endpoint definition rather than the whole endpoint table: a
 * caller that passes `endpoints.me` ships that definition's schemas only (the table is a module
 * namespace), so the first page does not carry the schema of every entity the API knows.
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

/** What one call of D takes: path params and body when D has them, an optional query. */
export type CallOptions<D extends CallDef> = ParamsPart<D> &
  QueryPart<D> &
  BodyPart<D> & {
    signal?: AbortSignal;
    /** Overrides the configured base for this call only. */
    baseUrl?: string;
  };

/** The options argument is optional exactly when nothing in it is required. */
export type CallArgs<D extends CallDef> =
  object extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>];

/** What a successful call of D resolves to: its response schema's output. */
export type CallResult<D extends CallDef> = z.core.output<D['response']>;

interface UrlOptions {
  params?: Record<string, string | number>;
  query?: object;
  baseUrl?: string;
}

/** The absolute URL of a call, with path params filled in and empty query values dropped. */
export function callUrl(def: Pick<CallDef, 'path'>, options: UrlOptions = {}): string {
  const path = buildPath(def.path, options.params);
  const search = toSearchParams(options.query as Record<string, unknown> | undefined).toString();
  return resolveUrl(options.baseUrl ?? getApiConfig().baseUrl, search ? `${path}?${search}` : path);
}

/**
 * Calls one endpoint. Sends the stored bearer token, encodes the body as JSON or (for bodyType
 * 'form') as a URL-encoded form without empty fields, parses the answer with the endpoint's
 * response schema, and throws an ApiError subclass for every non-ok status, a NetworkError when
 * fetch itself fails and a ResponseSchemaError when the answer breaks the contract.
 */
export async function call<D extends CallDef>(def: D, ...[options]: CallArgs<D>): Promise<CallResult<D>> {
  const opts = (options ?? {}) as CallOptions<D>;
  const token = getStoredToken();
  const headers = requestHeaders(token);

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

  const url = callUrl(def, opts as UrlOptions);
  const fetchImpl = getApiConfig().fetch ?? globalThis.fetch;
  const started = def.method === 'GET' ? takeStartedGet(url, token) : undefined;
  let response: Response;
  try {
    response = await (started ?? fetchImpl(url, { method: def.method, headers, body, signal: opts.signal }));
  } catch (error) {
    // A cancelled query is not a network failure; let TanStack Query see the abort as it is.
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

function requestHeaders(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** A GET sent ahead of its call (startGet), with the token it carries. */
interface StartedGet {
  response: Promise<Response>;
  token: string | null;
  at: number;
}

const startedGets = new Map<string, StartedGet>();
/** An answer older than this is left alone: the call fetches afresh (the queries' default staleTime). */
const STARTED_GET_TTL_MS = 30_000;

/**
 * Sends a GET ahead of its call: a page whose call sits in a chunk with the endpoint's schemas can
 * send the request while that chunk is still loading. The next `call` of the same URL with the same
 * token takes the answer, once, and checks it as its own. An answer nobody takes is dropped by the
 * next call once it is older than the TTL, or at sign-in and sign-out (`forgetStartedGets`).
 * A GET already on its way for the URL and token (the page's own, see PAGE_FIRST_GETS_FILE) is not sent again.
 */
export function startGet(path: string, query?: object): void {
  adoptPageGets();
  const now = Date.now();
  dropExpired(now);
  const url = callUrl({ path }, { query });
  const token = getStoredToken();
  if (startedGets.get(url)?.token === token) return;
  drop(url);
  const fetchImpl = getApiConfig().fetch ?? globalThis.fetch;
  const response = fetchImpl(url, { method: 'GET', headers: requestHeaders(token) });
  // The taking call reports a failure; until then a rejection is not unhandled.
  response.catch(() => undefined);
  startedGets.set(url, { response, token, at: now });
}

/** Drops every answer sent ahead and not yet taken: they were asked for by whoever was signed in before. */
export function forgetStartedGets(): void {
  adoptPageGets();
  for (const url of [...startedGets.keys()]) drop(url);
}

function takeStartedGet(url: string, token: string | null): Promise<Response> | undefined {
  adoptPageGets();
  const now = Date.now();
  dropExpired(now);
  const started = startedGets.get(url);
  if (!started || started.token !== token) {
    drop(url);
    return undefined;
  }
  startedGets.delete(url);
  return started.response;
}

function dropExpired(now: number): void {
  for (const [url, started] of [...startedGets]) if (now - started.at > STARTED_GET_TTL_MS) drop(url);
}

/**
 * Forgets an answer sent ahead and cancels its body: unread, it would keep its connection busy (and
 * the page's network never idle) until the page is left.
 */
function drop(url: string): void {
  const started = startedGets.get(url);
  if (!started) return;
  startedGets.delete(url);
  started.response.then(
    (response) => response.body?.cancel().catch(() => undefined),
    () => undefined,
  );
}

/**
 * Takes over, once, the GETs the page sent before this code had loaded (the script the server writes
 * into pages with PAGE_FIRST_GETS_FILE leaves them in FIRST_GETS_GLOBAL), as if startGet had sent them.
 * Anything there that is not such a GET is ignored.
 */
function adoptPageGets(): void {
  const holder = globalThis as Record<string, unknown>;
  const sent = holder[FIRST_GETS_GLOBAL];
  if (sent === undefined) return;
  delete holder[FIRST_GETS_GLOBAL];
  if (typeof sent !== 'object' || sent === null) return;
  for (const [url, started] of Object.entries(sent as Record<string, Partial<StartedGet>>)) {
    const { response, token, at } = started ?? {};
    if (!(response instanceof Promise) || !(token === null || typeof token === 'string') || typeof at !== 'number')
      continue;
    response.catch(() => undefined);
    if (!startedGets.has(url)) startedGets.set(url, { response, token, at });
  }
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
