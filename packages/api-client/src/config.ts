import { API_PREFIX, apiBaseFromLoginUrl, trimSlash } from '@mako/contract';

/** The same rule as the server's for its pages' first GETs (`@mako/contract`). */
export { apiBaseFromLoginUrl };

/**
 * Where calls go. Before the site settings are known every call goes to the page's own origin
 * under `/api/v1`; once settings name an auth server, its URL (minus the login suffix) is the base
 * of every call, auth server and product API alike (SPEC §7).
 */
export interface ApiClientConfig {
  /** Absolute (`http://host/api/v1`) or origin-relative (`/api/v1`) base, no trailing slash. */
  baseUrl: string;
  /** Replaceable for tests and non-browser callers; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

export const DEFAULT_API_BASE = API_PREFIX;

/** What the client knows about the auth server: unknown until settings load, then a base or none. */
export type AuthServerState =
  { status: 'unknown' } | { status: 'available'; baseUrl: string; applicationName: string } | { status: 'unavailable' };

let config: ApiClientConfig = { baseUrl: DEFAULT_API_BASE };
let authServer: AuthServerState = { status: 'unknown' };

export function getApiConfig(): Readonly<ApiClientConfig> {
  return config;
}

export function getApiBase(): string {
  return config.baseUrl;
}

export function getAuthServerState(): AuthServerState {
  return authServer;
}

/** Overrides parts of the configuration (a fixed base for a runner or a test, a custom fetch). */
export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next, baseUrl: trimSlash(next.baseUrl ?? config.baseUrl) };
}

/** Back to same-origin `/api/v1` with nothing known about the auth server. */
export function resetApiClient(): void {
  config = { baseUrl: DEFAULT_API_BASE };
  authServer = { status: 'unknown' };
}

/**
 * Records the auth server named by the site settings and points every later call at it.
 * Returns the new state; an unusable URL leaves the base where it was.
 */
export function applyAuthServer(
  server: { url?: string | null; application_name?: string | null } | null | undefined,
): AuthServerState {
  const baseUrl = apiBaseFromLoginUrl(server?.url);
  if (baseUrl === null) {
    authServer = { status: 'unavailable' };
  } else {
    authServer = { status: 'available', baseUrl, applicationName: server?.application_name?.trim() ?? '' };
    config = { ...config, baseUrl };
  }
  return authServer;
}
