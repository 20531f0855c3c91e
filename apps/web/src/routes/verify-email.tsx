import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '@mako/ui';
import { renderRouterLink } from '../components/router-link.tsx';
import { tokenSearchError, useSignInLink } from '../components/token-page.tsx';
import { pageHead } from '../lib/page-titles/page-title.ts';
import { tokenSearchSchema } from '../lib/search-params/search.ts';
import { TITLES } from '../lib/page-titles/titles.ts';

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearchSchema,
  head: () => pageHead(TITLES.verifyEmail),
  errorComponent: tokenSearchError(tokenRequired),
  component: VerifyEmailRoute,
});

/** The e-mail verification link: registers the address, stores the access token, then continues. */
function VerifyEmailRoute() {
  // '/' sends the new, signed-in user on to /getting-started.
  const registration = useSignInLink('registration', Route.useSearch(), Route.useRouteContext().auth);
  return <VerifyEmailPage {...registration} renderLink={renderRouterLink} />;
}

function tokenRequired() {
  return <VerifyEmailPage status="error" renderLink={renderRouterLink} />;
}
