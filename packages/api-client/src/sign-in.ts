import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LoginForm, User } from '@mako/contract';
import {
  AUTH_MESSAGES,
  AuthError,
  fetchCurrentUser,
  fetchSiteSettings,
  adoptSiteSettingsFromPage,
  loginWithGoogle,
  loginWithMagicLink,
  loginWithPassword,
  registerWithVerificationToken,
  type CurrentUser,
} from './auth.ts';
import { forgetStartedGets } from './call.ts';
import { authKeys, siteKeys } from './query-keys.ts';
import { clearToken, setToken } from './token-storage.ts';

/*
 * What every page needs from the cache before it shows anything: the site settings, the current
 * user, signing in and signing out. They live apart from queries.ts and mutation-hooks.ts because a
 * bundler puts a module in one chunk whole: next to the other factories, which name calls of the
 * whole endpoint table, they would bring every entity schema to the first page.
 */

export const FIVE_MINUTES = 5 * 60_000;

/** GET /settings; also points the client at the auth server the settings name. */
export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.settings(),
    queryFn: ({ signal }) => fetchSiteSettings({ signal }),
    staleTime: FIVE_MINUTES,
  });

/**
 * Puts the site settings the page came with into the cache (see adoptSiteSettingsFromPage), so
 * that the first page's calls need not wait for GET /settings. False when there were none to use.
 */
export function primeSiteSettings(queryClient: QueryClient, payload: unknown): boolean {
  const settings = payload === undefined ? null : adoptSiteSettingsFromPage(payload);
  if (settings) queryClient.setQueryData(siteKeys.settings(), settings);
  return settings !== null;
}

/** GET /users/me: `{status: 'authenticated', user}`, or anonymous when no valid token exists or the server said 401. */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: authKeys.currentUser(), queryFn: ({ signal }) => fetchCurrentUser({ signal }) });

/** Everything cached for whoever is signed in: all but the public site data. */
function dropUserData(queryClient: QueryClient): void {
  forgetStartedGets();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== siteKeys.all[0] });
}

/** Each way of signing in, with what it redeems for an access token. */
export type SignInRequest =
  | { flow: 'password'; credentials: LoginForm }
  | { flow: 'magic-link'; token: string }
  | { flow: 'registration'; token: string }
  | { flow: 'google'; idToken: string };
export type SignInFlow = SignInRequest['flow'];

async function redeem(request: SignInRequest): Promise<string> {
  switch (request.flow) {
    case 'password':
      return loginWithPassword(request.credentials);
    case 'magic-link':
      return loginWithMagicLink(request.token);
    case 'registration':
      return (await registerWithVerificationToken(request.token)).accessToken;
    case 'google':
      return loginWithGoogle(request.idToken);
  }
}

/**
 * The one sign-in of every flow: redeems the request for an access token, stores it, drops what
 * the previous identity cached and fetches the user afresh. Rejects with the flow's error (SPEC
 * fallbacks of auth.ts), or 'Login failed' when the server refuses the token it has just issued
 * (the user fetch got 401, which also drops the token).
 */
export async function signIn(queryClient: QueryClient, request: SignInRequest): Promise<User> {
  setToken(await redeem(request));
  dropUserData(queryClient);
  const current = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
  if (current.status !== 'authenticated') throw new AuthError(AUTH_MESSAGES.loginFailed);
  return current.user;
}

/** Local logout: drops the token and every cached query except the public site data. */
export function signOut(queryClient: QueryClient): void {
  clearToken();
  dropUserData(queryClient);
  queryClient.setQueryData<CurrentUser>(authKeys.currentUser(), { status: 'anonymous' });
}
