import { createFileRoute } from '@tanstack/react-router';
import { MagicLinkLoginPage } from '@mako/ui';
import { renderRouterLink } from '../components/router-link.tsx';
import { tokenSearchError, useSignInLink } from '../components/token-page.tsx';
import { pageHead } from '../lib/page-titles/page-title.ts';
import { tokenSearchSchema } from '../lib/search-params/search.ts';
import { TITLES } from '../lib/page-titles/titles.ts';

export const Route = createFileRoute('/magic-link-login')({
  validateSearch: tokenSearchSchema,
  head: () => pageHead(TITLES.magicLinkLogin),
  errorComponent: tokenSearchError(tokenRequired),
  component: MagicLinkLoginRoute,
});

/** The magic login link: redeems it, stores the access token, then continues. */
function MagicLinkLoginRoute() {
  const login = useSignInLink('magic-link', Route.useSearch(), Route.useRouteContext().auth);
  return <MagicLinkLoginPage {...login} renderLink={renderRouterLink} />;
}

function tokenRequired() {
  return <MagicLinkLoginPage status="error" renderLink={renderRouterLink} />;
}
