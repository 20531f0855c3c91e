import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@mako/contract';
import {
  getStoredToken,
  isNewAccount,
  signIn as clientSignIn,
  signOut as clientSignOut,
  type SignInFlow,
  type SignInRequest,
} from '@mako/api-client';
import { SIGN_UP_EVENT } from '../site/analytics.ts';
import type { Analytics } from '../site/analytics.ts';

/** Only these flows can create an account that counts as a sign-up. */
const SIGN_UP_FLOWS: ReadonlySet<SignInFlow> = new Set(['magic-link', 'registration']);

/** The `auth` of the router context (SPEC §4). */
export interface AuthController {
  /** A stored token whose exp lies in the future; an expired or unreadable one is removed. */
  hasValidToken(): boolean;
  /**
   * Signs in by the request's flow (the api-client's signIn: redeem, store the token, fetch the
   * user again). Records the sign-up event for an account created within the last 300 s, in the
   * magic-link and registration flows only; sets the analytics identity to the user's id and e-mail.
   */
  signIn(request: SignInRequest): Promise<User>;
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
  return {
    hasValidToken: () => getStoredToken() !== null,

    async signIn(request) {
      const user = await clientSignIn(queryClient, request);
      analytics.identify(user);
      if (SIGN_UP_FLOWS.has(request.flow) && isNewAccount(user, now()))
        analytics.capture(SIGN_UP_EVENT, { method: request.flow });
      return user;
    },

    identify(user) {
      analytics.identify(user);
    },

    signOut() {
      clientSignOut(queryClient);
      analytics.reset();
    },
  };
}
