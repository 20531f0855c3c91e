import type { z } from 'zod';
import {
  buildPath,
  endpoints,
  toSearchParams,
  type BodyOf,
  type EndpointName,
  type Endpoints,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@mako/contract';
import { getApiConfig, resolveUrl } from './config.ts';
import { NetworkError, ResponseSchemaError, errorFromResponse } from './errors.ts';
import { getStoredToken } from './token-storage.ts';

type Has<N extends EndpointName, K extends string> = Endpoints[N] extends Record<K, z.ZodType> ? true : false;

type ParamsPart<N extends EndpointName> = Has<N, 'params'> extends true ? { params: ParamsOf<N> } : { params?: never };
type QueryPart<N extends EndpointName> = Has<N, 'query'> extends true ? { query?: QueryOf<N> } : { query?: never };
type BodyPart<N extends EndpointName> =
  Has<N, 'body'> extends true
    ? undefined extends BodyOf<N>
      ? { body?: BodyOf<N> }
      : { body: BodyOf<N> }
    : { body?: never };

/** What one call of endpoint N takes: path params and body when the endpoint has them, an optional query. */
export type RequestOptions<N extends EndpointName> = ParamsPart<N> &
  QueryPart<N> &
  BodyPart<N> & {
    signal?: AbortSignal;
    /** Overrides the configured base for this call only. */
    baseUrl?: string;
  };

/** The options argument is optional exactly when nothing in it is required. */
export type RequestArgs<N extends EndpointName> =
  object extends RequestOptions<N> ? [options?: RequestOptions<N>] : [options: RequestOptions<N>];

/** The absolute URL of a call, with path params filled in and empty query values dropped. */
export function endpointUrl(
  name: EndpointName,
  options: { params?: Record<string, string | number>; query?: object; baseUrl?: string } = {},
): string {
  const def = endpoints[name];
  const path = buildPath(def.path, options.params);
  const search = toSearchParams(options.query as Record<string, unknown> | undefined).toString();
  return resolveUrl(options.baseUrl ?? getApiConfig().baseUrl, search ? `${path}?${search}` : path);
}

/**
 * Calls one endpoint of the contract's table. Sends the stored bearer token, encodes the body as
 * JSON or (for bodyType 'form') as a URL-encoded form without empty fields, parses the answer with
 * the endpoint's response schema, and throws an ApiError subclass for every non-ok status, a
 * NetworkError when fetch itself fails and a ResponseSchemaError when the answer breaks the contract.
 */
export async function request<N extends EndpointName>(name: N, ...[options]: RequestArgs<N>): Promise<ResponseOf<N>> {
  const def = endpoints[name];
  const opts = (options ?? {}) as RequestOptions<N>;
  const headers = new Headers({ Accept: 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: string | undefined;
  if ('body' in def && opts.body !== undefined) {
    if ('bodyType' in def && def.bodyType === 'form') {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      body = formBody(opts.body as Record<string, unknown>);
    } else {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    }
  } else if ('body' in def) {
    // Endpoints whose body has defaults still get a JSON object, so the server applies them.
    headers.set('Content-Type', 'application/json');
    body = '{}';
  }

  const url = endpointUrl(name, opts as { params?: Record<string, string | number>; query?: object; baseUrl?: string });
  const fetchImpl = getApiConfig().fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImpl(url, { method: def.method, headers, body, signal: opts.signal });
  } catch (error) {
    // A cancelled query is not a network failure; let TanStack Query see the abort as it is.
    if (opts.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new NetworkError({ cause: error });
  }

  const payload = await readBody(response);
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, payload);

  const parsed = (def.response as z.ZodType).safeParse(payload);
  if (!parsed.success) {
    throw new ResponseSchemaError({
      endpoint: `${def.method} ${def.path}`,
      status: response.status,
      body: payload,
      issues: parsed.error.issues,
    });
  }
  return parsed.data as ResponseOf<N>;
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

/** One function per endpoint of the table: `api.getSession({ params: { session_id } })`. */
export type Api = { [N in EndpointName]: (...args: RequestArgs<N>) => Promise<ResponseOf<N>> };

export const api: Api = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [
    name,
    (...args: RequestArgs<typeof name>) => request(name, ...args),
  ]),
) as unknown as Api;
