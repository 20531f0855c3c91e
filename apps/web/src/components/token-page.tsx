import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { TokenCheckStatus } from '@mako/ui';
import type { AuthController } from '../lib/sign-in/auth.ts';
import { safeRedirect } from '../lib/sign-in/safe-redirect.ts';
import { searchErrorMessage } from '../lib/search-params/search.ts';
import { RouteError } from './route-states.tsx';

/**
 * Redeems a one-time token exactly once per token, even when React runs effects twice in
 * development: a second attempt would find the link already used and report it as invalid.
 */
function useRedeemOnce(token: string, redeem: (token: string) => Promise<unknown>, onRedeemed: () => void) {
  const mutation = useMutation({ mutationFn: redeem, onSuccess: onRedeemed });
  const { mutate } = mutation;
  const redeemedToken = useRef<string | null>(null);
  useEffect(() => {
    if (redeemedToken.current === token) return;
    redeemedToken.current = token;
    mutate(token);
  }, [token, mutate]);
  const status: TokenCheckStatus = mutation.isError ? 'error' : mutation.isSuccess ? 'success' : 'verifying';
  return { status, error: mutation.error ? mutation.error.message : null };
}

/**
 * A sign-in link's page (magic link, e-mail verification): signs in with its token once, then
 * continues to the link's redirect where it is safe (also the page's Continue link).
 */
export function useSignInLink(
  flow: 'magic-link' | 'registration',
  { token, redirect }: { token: string; redirect?: string },
  auth: AuthController,
) {
  const router = useRouter();
  const continueHref = safeRedirect(redirect);
  const signIn = useRedeemOnce(
    token,
    (linkToken) => auth.signIn({ flow, token: linkToken }),
    () => void router.navigate({ href: continueHref, replace: true }),
  );
  return { token, ...signIn, continueHref };
}

/**
 * The errorComponent of a link page: a missing or empty token fails the search schema and the page
 * says 'Token is required'; any other error is the route's.
 */
export const tokenSearchError = (renderPage: () => ReactNode) =>
  function TokenSearchError(props: ErrorComponentProps) {
    return searchErrorMessage(props.error) === null ? <RouteError {...props} /> : renderPage();
  };
