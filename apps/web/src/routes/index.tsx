import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { sendMagicLink, sendVerificationEmail, siteSettingsQueryOptions } from '@mako/api-client';
import { HomeScreen } from '@mako/ui';
import type { PasswordCredentials } from '@mako/ui';
import { GoogleSignInButton, googleLoginFailed } from '../components/google-sign-in.tsx';
import { notify } from '../lib/notices/notify.ts';
import { pageHead } from '../lib/page-titles/page-title.ts';
import { safeRedirect } from '../lib/sign-in/safe-redirect.ts';
import { homeSearchSchema } from '../lib/search-params/search.ts';
import { useThemeMode } from '../lib/site/theme.tsx';
import { TITLES } from '../lib/page-titles/titles.ts';

export const Route = createFileRoute('/')({
  validateSearch: homeSearchSchema,
  // A signed-in visitor goes on to the redirect target, or to /getting-started.
  beforeLoad: ({ context, search }) => {
    if (!context.auth.hasValidToken()) return;
    const target = safeRedirect(search.redirect);
    if (target === '/') throw redirect({ to: '/getting-started', replace: true });
    throw redirect({ href: target, replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(siteSettingsQueryOptions()),
  head: () => pageHead(TITLES.home),
  component: HomePage,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);

function HomePage() {
  const search = Route.useSearch();
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const { mode } = useThemeMode();
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions());

  // After login: the redirect target when it is a path on this site, otherwise / (which sends a
  // signed-in user on to /getting-started).
  const continueAfterLogin = useCallback(
    () => router.navigate({ href: safeRedirect(search.redirect), replace: true }),
    [router, search.redirect],
  );

  const signUp = useMutation({ mutationFn: (email: string) => sendVerificationEmail(email) });
  const magicLink = useMutation({ mutationFn: (email: string) => sendMagicLink(email) });
  const passwordLogin = useMutation({
    mutationFn: (credentials: PasswordCredentials) => auth.signIn({ flow: 'password', credentials }),
    onSuccess: continueAfterLogin,
  });
  const googleLogin = useMutation({
    mutationFn: (idToken: string) => auth.signIn({ flow: 'google', idToken }),
    onSuccess: continueAfterLogin,
    onError: (error) => notify.error(googleLoginFailed(messageOf(error))),
  });

  const googleClientId = settings.google_client_id?.trim() || null;

  return (
    <HomeScreen
      defaultTab={search.signup === undefined && search.redirect !== undefined ? 'log-in' : 'sign-up'}
      onSignUp={(email) => signUp.mutate(email)}
      signUp={{
        busy: signUp.isPending,
        error: signUp.data?.success === false ? signUp.data.error : null,
        successMessage: signUp.data?.success ? signUp.data.message : null,
      }}
      onMagicLink={(email) => magicLink.mutate(email)}
      magicLink={{
        busy: magicLink.isPending,
        error: messageOf(magicLink.error),
        successMessage: magicLink.data ?? null,
      }}
      onPasswordLogin={(credentials) => passwordLogin.mutate(credentials)}
      passwordLogin={{ busy: passwordLogin.isPending, error: messageOf(passwordLogin.error) }}
      termsOfServiceUrl={settings.page_urls.terms_of_service}
      privacyPolicyUrl={settings.page_urls.privacy_policy}
      googleClientId={googleClientId}
      googleButton={
        googleClientId ? (
          <GoogleSignInButton
            clientId={googleClientId}
            theme={mode}
            onCredential={(idToken) => googleLogin.mutate(idToken)}
          />
        ) : null
      }
    />
  );
}
