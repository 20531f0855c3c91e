import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { MagicLinkLoginPage } from '@mako/ui';
import { renderRouterLink } from '../components/router-link.tsx';
import { RouteError } from '../components/route-states.tsx';
import { useRedeemOnce } from '../components/token-page.tsx';
import { pageHead } from '../lib/page-title.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { searchErrorMessage, tokenSearchSchema } from '../lib/search.ts';
import { TITLES } from '../lib/titles.ts';

export const Route = createFileRoute('/magic-link-login')({
  validateSearch: tokenSearchSchema,
  head: () => pageHead(TITLES.magicLinkLogin),
  // A missing or empty token fails the search schema: the page says 'Token is required'.
  errorComponent: (props: ErrorComponentProps) =>
    searchErrorMessage(props.error) === null ? (
      <RouteError {...props} />
    ) : (
      <MagicLinkLoginPage status="error" renderLink={renderRouterLink} />
    ),
  component: MagicLinkLoginRoute,
});

/** The magic login link: redeems it, stores the access token, then continues. */
function MagicLinkLoginRoute() {
  const { token, redirect } = Route.useSearch();
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const target = safeRedirect(redirect);
  const login = useRedeemOnce(
    token,
    (linkToken) => auth.signIn({ flow: 'magic-link', token: linkToken }),
    () => void router.navigate({ href: target, replace: true }),
  );
  return <MagicLinkLoginPage token={token} {...login} continueHref={target} renderLink={renderRouterLink} />;
}
