import { endpoints, type LoginForm, type SiteSettings, type User } from '@mako/contract';
import { safeParse } from 'zod/mini';
import { call } from './call.ts';
import { applyAuthServer, getAuthServerState } from './config.ts';
import { ApiError, UNKNOWN_ERROR, isUnauthorized } from './core/errors.ts';
import { clearToken, getStoredToken } from './token-storage.ts';

/** The fallbacks of SPEC §8, shown when the server gives no `detail`. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  unknownError: UNKNOWN_ERROR,
  googleLoginFailed: 'Login with Google failed',
  magicLinkFailed: 'Failed to send magic link',
  verificationEmailFailed: 'Failed to send verification email',
  authServerUnavailable: 'Auth server URL is not available',
  fetchUserFailed: 'Failed to fetch user data',
  verificationEmailSent: 'Verification link sent successfully! Please check your email.',
} as const;

/** An auth action failed. `message` is the server's detail or the action's fallback; `cause` is the original error. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  /** HTTP status of the failed answer, or null when there was none (network, missing token, no auth server). */
  readonly status: number | null;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.status = options?.cause instanceof ApiError ? options.cause.status : null;
  }
}

/**
 * The server's explanation of a failure: its `detail` string, or the messages of a 422's issues.
 * Null for anything that is not an HTTP answer with a detail.
 */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { detail?: unknown } | null;
  const detail = typeof body === 'object' && body !== null ? body.detail : undefined;
  if (typeof detail === 'string') return detail.trim() || null;
  if (Array.isArray(detail)) {
    const messages = detail.flatMap((issue: unknown) =>
      typeof issue === 'object' && issue !== null && typeof (issue as { msg?: unknown }).msg === 'string'
        ? [(issue as { msg: string }).msg]
        : [],
    );
    return messages.length > 0 ? messages.join('; ') : null;
  }
  return null;
}

async function withFallback<T>(fallback: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError(serverDetail(error) ?? fallback, { cause: error });
  }
}

/** What the auth actions need from the site settings: the auth server's base and application name. */
export interface AuthServerInfo {
  baseUrl: string;
  applicationName: string;
}

/**
 * The auth server named by the site settings, loading the settings once when they are not known
 * yet. Throws AuthError('Auth server URL is not available') when they carry no usable URL.
 */
export async function ensureAuthServer(): Promise<AuthServerInfo> {
  let state = getAuthServerState();
  if (state.status === 'unknown') {
    try {
      await fetchSiteSettings();
    } catch (error) {
      throw new AuthError(AUTH_MESSAGES.authServerUnavailable, { cause: error });
    }
    state = getAuthServerState();
  }
  if (state.status !== 'available') throw new AuthError(AUTH_MESSAGES.authServerUnavailable);
  return { baseUrl: state.baseUrl, applicationName: state.applicationName };
}

/** GET /settings, then points the client at the auth server the settings name. */
export async function fetchSiteSettings(options: { signal?: AbortSignal } = {}): Promise<SiteSettings> {
  const settings = await call(endpoints.getSettings, options);
  applyAuthServer(settings.auth_server);
  return settings;
}

/**
 * Adopts the site settings that came with the page (GET /settings's answer, in a data block the
 * server writes): checked like the call's answer, they point the client at their auth server as a
 * fetch would. Null, and nothing adopted, when they break the contract: the settings are then fetched.
 */
export function adoptSiteSettingsFromPage(payload: unknown): SiteSettings | null {
  const parsed = safeParse(endpoints.getSettings.response, payload);
  if (!parsed.success) return null;
  applyAuthServer(parsed.data.auth_server);
  return parsed.data;
}

/** Password login (OAuth2 form; empty fields are not sent). Returns the access token. Fallback 'Login failed'. */
export async function loginWithPassword(form: LoginForm): Promise<string> {
  const { baseUrl } = await ensureAuthServer();
  return withFallback(AUTH_MESSAGES.loginFailed, async () => {
    const { access_token } = await call(endpoints.login, { body: form, baseUrl });
    return access_token;
  });
}

/** Redeems a magic-link token. Returns the access token. Fallback 'Login failed'. */
export async function loginWithMagicLink(token: string): Promise<string> {
  const { baseUrl } = await ensureAuthServer();
  return withFallback(AUTH_MESSAGES.loginFailed, async () => {
    const { access_token } = await call(endpoints.loginMagicLink, { body: { token }, baseUrl });
    return access_token;
  });
}

/** Logs in with a Google ID token. Returns the access token. Fallback 'Login with Google failed'. */
export async function loginWithGoogle(idToken: string): Promise<string> {
  const { baseUrl } = await ensureAuthServer();
  return withFallback(AUTH_MESSAGES.googleLoginFailed, async () => {
    const { access_token } = await call(endpoints.loginGoogle, { body: { id_token: idToken }, baseUrl });
    return access_token;
  });
}

/**
 * Redeems an e-mail verification token (POST /users/register). Returns the access token and the user.
 * Fallback 'Registration failed'; an answer without token.access_token is 'Unknown error'.
 */
export async function registerWithVerificationToken(
  emailVerificationToken: string,
): Promise<{ accessToken: string; user: User }> {
  const { baseUrl } = await ensureAuthServer();
  return withFallback(AUTH_MESSAGES.registrationFailed, async () => {
    const answer = await call(endpoints.register, {
      body: { email_verification_token: emailVerificationToken },
      baseUrl,
    });
    const accessToken = answer.token?.access_token;
    if (!accessToken) throw new AuthError(AUTH_MESSAGES.unknownError);
    return { accessToken, user: answer.user };
  });
}

/** E-mails a magic login link. Returns the server's message. Fallback 'Failed to send magic link'. */
export async function sendMagicLink(email: string): Promise<string> {
  const { baseUrl, applicationName } = await ensureAuthServer();
  return withFallback(AUTH_MESSAGES.magicLinkFailed, async () => {
    const { message } = await call(endpoints.sendMagicLink, { body: { email, application: applicationName }, baseUrl });
    return message;
  });
}

export type SendVerificationEmailResult =
  { success: true; error: null; message: string } | { success: false; error: string; message: null };

/**
 * E-mails a sign-up verification link. Never throws: the outcome is `{success, error, message}`,
 * with the server's message or 'Verification link sent successfully! Please check your email.'.
 */
export async function sendVerificationEmail(email: string): Promise<SendVerificationEmailResult> {
  try {
    const { baseUrl, applicationName } = await ensureAuthServer();
    const { message } = await withFallback(AUTH_MESSAGES.verificationEmailFailed, () =>
      call(endpoints.sendVerificationEmail, { body: { email, application: applicationName }, baseUrl }),
    );
    return { success: true, error: null, message: message.trim() || AUTH_MESSAGES.verificationEmailSent };
  } catch (error) {
    const text = error instanceof AuthError ? error.message : AUTH_MESSAGES.verificationEmailFailed;
    return { success: false, error: text, message: null };
  }
}

/** Signed in with this user, or anonymous (no valid token, or the server answered 401 and the token was dropped). */
export type CurrentUser = { status: 'authenticated'; user: User } | { status: 'anonymous' };

/**
 * GET /users/me with the stored token. A 401 clears the token and resolves to anonymous; any other
 * failure throws AuthError('Failed to fetch user data').
 */
export async function fetchCurrentUser(options: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  if (!getStoredToken()) return { status: 'anonymous' };
  const { baseUrl } = await ensureAuthServer();
  try {
    const user = await call(endpoints.me, { baseUrl, signal: options.signal });
    return { status: 'authenticated', user };
  } catch (error) {
    if (isUnauthorized(error)) {
      clearToken();
      return { status: 'anonymous' };
    }
    if (options.signal?.aborted) throw error;
    throw new AuthError(AUTH_MESSAGES.fetchUserFailed, { cause: error });
  }
}

/** The account was created within the last five minutes (SPEC §9): the sign-up analytics event applies. */
export const NEW_ACCOUNT_WINDOW_MS = 300_000;
export function isNewAccount(user: Pick<User, 'created_at'>, now: number = Date.now()): boolean {
  const created = Date.parse(user.created_at);
  // A creation time slightly ahead of this clock (skew) still counts as new.
  return Number.isFinite(created) && now - created <= NEW_ACCOUNT_WINDOW_MS;
}
