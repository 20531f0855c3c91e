import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentUserQueryOptions, siteSettingsQueryOptions } from '@mako/api-client';
import { AppShell } from '@mako/ui';
import { ACCOUNT_MENU, APP_NAV } from '../app-nav.ts';
import { useToasterWarmUp } from '../components/deferred-toaster.tsx';
import { renderRouterLink } from '../components/router-link.tsx';
import { usePageTitle } from '../lib/page-titles/page-title.ts';
import { useThemeMode } from '../lib/site/theme.tsx';

/**
 * The authenticated layout (SPEC §2): it needs a stored token with exp in the future; without one,
 * or when the server no longer accepts it, the visitor goes to / with redirect set to this path.
 */
export const Route = createFileRoute('/_app')({
  // The loader stays in the first chunk (the others' is split): it only asks for the signed-in
  // user, whose call is in that chunk already, and so that call starts alongside the page's code
  // instead of after a chunk of its own has loaded.
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  beforeLoad: ({ context, location }) => {
    if (!context.auth.hasValidToken()) throw redirect({ to: '/', search: { redirect: location.href }, replace: true });
  },
  loader: async ({ context, location }) => {
    // The user call goes to the auth server the site settings name. Waiting here for the root loader's
    // site-settings query (the same cache entry) keeps that call from fetching them a second time.
    await context.queryClient.ensureQueryData(siteSettingsQueryOptions());
    const current = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    // A 401 on the user fetch has already removed the token.
    if (current.status !== 'authenticated')
      throw redirect({ to: '/', search: { redirect: location.href }, replace: true });
  },
  component: AppLayout,
});

function AppLayout() {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const title = usePageTitle();
  const { mode, setMode } = useThemeMode();
  const { data: current } = useSuspenseQuery(currentUserQueryOptions());
  const { data: siteSettings } = useSuspenseQuery(siteSettingsQueryOptions());
  const user = current.status === 'authenticated' ? current.user : null;
  useToasterWarmUp();

  useEffect(() => {
    if (user) auth.identify(user);
  }, [auth, user]);

  if (!user) return null;
  return (
    <AppShell
      title={title ?? ''}
      currentPath={pathname}
      navItems={APP_NAV}
      renderLink={renderRouterLink}
      docsUrl={siteSettings.docs_url}
      user={user}
      accountLinks={ACCOUNT_MENU}
      onLogout={() => {
        auth.signOut();
        void router.navigate({ to: '/', replace: true });
      }}
      themeMode={mode}
      onThemeModeChange={setMode}
    >
      <Outlet />
    </AppShell>
  );
}
