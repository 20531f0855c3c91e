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
