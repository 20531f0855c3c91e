import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@mako/contract';
import {
  AUTH_MESSAGES,
  AuthError,
  currentUserQueryOptions,
  getStoredToken,
  isNewAccount,
  setToken,
  signOut as clearSession,
  siteKeys,
} from '@mako/api-client';
import { SIGN_UP_EVENT } from './analytics.ts';
import type { Analytics } from './analytics.ts';

/** How the token was obtained. Only the first two can create an account that counts as a sign-up. */
export type SignInFlow = 'magic-link' | 'registration' | 'password' | 'google';

const SIGN_UP_FLOWS: ReadonlySet<SignInFlow> = new Set(['magic-link', 'registration']);

/** The `auth` of the router context (SPEC §4). */
export interface AuthController {
  /** A stored token whose exp lies in the future; an expired or unreadable one is removed. */
  hasValidToken(): boolean;
  /**
   * Stores the token and fetches the user again. Records the sign-up event for an account created
   * within the last 300 s, in the magic-link and registration flows only; sets the analytics
   * identity to the user's id and e-mail.
   */
  signIn(token: string, flow: SignInFlow): Promise<User>;
  /** Sets the analytics identity for a user already signed in (a reload). */
  identify(user: Pick<User, 'id' | 'email'>): void;
  /** Clears the token, the previous identity's cached data and the analytics identity. */
  signOut(): void;
}

export function createAuth(options: {
  queryClient: QueryClient;
  analytics: Analytics;
  now?: () => number;
}): AuthController {
  const { queryClient, analytics, now = Date.now } = options;
  const dropUserData = () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== siteKeys.all[0] });

  return {
    hasValidToken: () => getStoredToken() !== null,

    async signIn(token, flow) {
      setToken(token);
      // Whatever was cached belongs to whoever was signed in before.
      dropUserData();
      const current = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
      // The server refused the token it just issued (the user fetch got 401 and dropped it).
      if (current.status !== 'authenticated') throw new AuthError(AUTH_MESSAGES.loginFailed);
      const { user } = current;
      analytics.identify(user);
      if (SIGN_UP_FLOWS.has(flow) && isNewAccount(user, now())) analytics.capture(SIGN_UP_EVENT, { method: flow });
      return user;
    },

    identify(user) {
      analytics.identify(user);
    },

    signOut() {
      clearSession(queryClient);
      analytics.reset();
    },
  };
}
