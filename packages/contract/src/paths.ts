/*
 * URL helpers and path constants. No zod here: the first page imports them without paying for
 * the schema builders (endpoints.ts and auth.ts re-export them).
 */

/** The API base path; the auth server lives under the same prefix. */
export const API_PREFIX = '/api/v1';

/**
 * The benchmark search's path (endpoints.searchBenchmarks): the web app sends that call from its
 * first chunk, before the row and its schemas have loaded.
 */
export const BENCHMARK_SEARCH_PATH = '/benchmarks/all';

/** The signed-in user's path (endpoints.me), which every signed-in page's layout loads. */
export const ME_PATH = '/users/me';

/** The paths of the lists signed-in pages open with (endpoints.listSettings, mySessions, listApiTokens, listServeRequests). */
export const SETTINGS_LIST_PATH = '/benchmarks/settings';
export const MY_SESSIONS_PATH = '/tuning/session/mine';
export const API_TOKENS_PATH = '/tokens';
export const SERVE_REQUESTS_PATH = '/serve-requests';

/**
 * The id of the `<script type="application/json">` in which the server hands each page the site
 * settings (GET /settings), so that the first page need not ask for them before its first call.
 */
export const SITE_SETTINGS_ELEMENT_ID = 'site-settings';

/**
 * Where the web build writes, for each page of the app, the chunks its first render loads besides
 * the entry, and the font faces it shows besides the one every page preloads (relative to the
 * build's directory; a dot directory, which the server does not serve). The JSON is an object from
 * a route's path, `$name` standing for a parameter segment, to the files' URLs. The server names
 * them in each page (`<link rel="modulepreload">`, `<link rel="preload" as="font">`), so that a phone
 * fetches them alongside the entry rather than after it has run.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The suffix that turns the configured login URL into the API base (SPEC §7). */
export const LOGIN_PATH_SUFFIX = '/login/access-token';

/** The local-storage key of the access token (SPEC §9). */
export const ACCESS_TOKEN_KEY = 'access_token';

/**
 * Where the web build writes the API GETs a signed-in page's first screen waits for (beside
 * ROUTE_PRELOADS_FILE; the web app's build/first-gets.ts says which): an object from a route's path
 * to the GETs' paths under the API base. The server writes a small script into such a page that
 * sends them with the stored token while the app's code is still downloading, and leaves them in
 * FIRST_GETS_GLOBAL; the API client's call of the same URL with the same token takes the answer
 * instead of asking again.
 */
export const PAGE_FIRST_GETS_FILE = '.vite/page-first-gets.json';

/** The id of the page's JSON data block listing its first GETs' URLs (relative to the page when the API base is). */
export const FIRST_GETS_ELEMENT_ID = 'first-gets';

/** The global in which a page's script leaves its first GETs: URL → { response, token, at }. */
export const FIRST_GETS_GLOBAL = '__makoFirstGets';

/**
 * `http://host/api/v1/login/access-token` → `http://host/api/v1`. Null when the URL is missing,
 * not http(s), or otherwise unusable, so the caller can say 'Auth server URL is not available'.
 * The server derives its pages' first GETs with it, the API client every call.
 */
export function apiBaseFromLoginUrl(loginUrl: string | null | undefined): string | null {
  const raw = loginUrl?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = trimSlash(url.pathname);
  const base = path.endsWith(LOGIN_PATH_SUFFIX) ? path.slice(0, -LOGIN_PATH_SUFFIX.length) : path;
  return `${url.origin}${trimSlash(base)}`;
}

/** Without its trailing slashes, unless it is `/` itself. */
export function trimSlash(value: string): string {
  return value.length > 1 && value.endsWith('/') ? value.replace(/\/+$/, '') : value;
}

/** Fills `{name}` segments, URL-encoding each value. Throws on a missing parameter rather than calling `/x/undefined`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter '${key}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `{name}` → `:name`, the route syntax of Fastify and msw. */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Serialises a query object: drops undefined/null/'' so defaults stay with the server. */
export function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params;
}
