/**
 * What an API token may do. A token is the secret left on every GPU host, so it carries only the
 * scopes it was given (after GitHub's fine-grained tokens and GitLab's scoped personal access
 * tokens). Nothing grants account management (password, tokens, sign-out everywhere, registry
 * tokens, subscription): those need a signed-in browser session, so a stolen token cannot take
 * the account over or mint itself successors.
 */
export const TOKEN_SCOPES = ['read', 'benchmarks:write', 'tuning:write', 'serve_requests:write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What a runner needs: report benchmarks, drive tuning sessions and post their results, read. */
export const RUNNER_TOKEN_SCOPES: readonly TokenScope[] = ['read', 'benchmarks:write', 'tuning:write'];

/** What each scope allows, as the token pages and the API documentation say it. */
export const TOKEN_SCOPE_TEXT: Readonly<Record<TokenScope, string>> = {
  read: 'Read your benchmarks, settings, tuning sessions, results and serve requests',
  'benchmarks:write': 'Report, edit, publish and delete benchmarks',
  'tuning:write': 'Create and share tuning sessions, lease configurations and post their results',
  'serve_requests:write': 'Create and delete serve requests',
};

/**
 * A token lives at most this long: a year, leap day included, like GitHub's fine-grained tokens
 * (custom expiry up to one year) and GitLab's personal access tokens (at most 365 days by default,
 * docs.gitlab.com/ee/auth/tokens/fine_grained_access_tokens.html). No token never expires.
 */
export const MAX_TOKEN_LIFETIME_DAYS = 366;
export const DEFAULT_TOKEN_LIFETIME_DAYS = 90;
