import { FIRST_GETS_GLOBAL } from '@mako/contract';
import { getApiConfig } from './config.ts';
import { requestHeaders, sendCall, urlOf, type CallDef, type CallResult, type CoreCallOptions } from './core/call.ts';
import { getStoredToken } from './token-storage.ts';

/*
 * The web app's fetch wrapper: the React-free core (core/call.ts) with the browser filled in. Calls
 * go to the configured base (config.ts) with the token from local storage, and a GET may take the
 * answer of a request sent ahead of it (startGet, or the page's own first GETs).
 */

export type { CallDef, CallResult } from './core/call.ts';

/** What one call of D takes: path params and body when D has them, an optional query. */
export type CallOptions<D extends CallDef> = CoreCallOptions<D> & {
  /** Overrides the configured base for this call only. */
  baseUrl?: string;
};

/** The options argument is optional exactly when nothing in it is required. */
export type CallArgs<D extends CallDef> =
  object extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>];

/** Calls one endpoint with the stored token (see `sendCall`); a GET takes the answer of one sent ahead with the same URL and token. */
export async function call<D extends CallDef>(def: D, ...[options]: CallArgs<D>): Promise<CallResult<D>> {
  const opts = (options ?? {}) as CallOptions<D>;
  const token = getStoredToken();
  const { baseUrl, fetch = globalThis.fetch } = getApiConfig();
  return sendCall(def, opts, {
    baseUrl: opts.baseUrl ?? baseUrl,
    token,
    fetch: (url, init) => (def.method === 'GET' && takeStartedGet(url, token)) || fetch(url, init),
  });
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
  const url = urlOf({ path }, getApiConfig().baseUrl, { query });
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
