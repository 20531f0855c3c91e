import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { VerifyEmailPage } from '@mako/ui';
import { renderRouterLink } from '../components/router-link.tsx';
import { RouteError } from '../components/route-states.tsx';
import { useRedeemOnce } from '../components/token-page.tsx';
import { pageHead } from '../lib/page-title.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { searchErrorMessage, tokenSearchSchema } from '../lib/search.ts';
import { TITLES } from '../lib/titles.ts';

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearchSchema,
  head: () => pageHead(TITLES.verifyEmail),
  // A missing or empty token fails the search schema: the page says 'Token is required'.
  errorComponent: (props: ErrorComponentProps) =>
    searchErrorMessage(props.error) === null ? (
      <RouteError {...props} />
    ) : (
      <VerifyEmailPage status="error" renderLink={renderRouterLink} />
    ),
  component: VerifyEmailRoute,
});

/** The e-mail verification link: registers the address, stores the access token, then continues. */
function VerifyEmailRoute() {
  const { token, redirect } = Route.useSearch();
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  // '/' sends the new, signed-in user on to /getting-started.
  const target = safeRedirect(redirect);
  const registration = useRedeemOnce(
    token,
    (verificationToken) => auth.signIn({ flow: 'registration', token: verificationToken }),
    () => void router.navigate({ href: target, replace: true }),
  );
  return <VerifyEmailPage token={token} {...registration} continueHref={target} renderLink={renderRouterLink} />;
}
