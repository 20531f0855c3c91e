import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { siteSettingsQueryOptions } from '@mako/api-client';
import { LazyNotFoundRoute } from '../components/lazy-route-states.ts';
import { useDocumentTitle } from '../lib/page-titles/document-title.ts';
import type { RouterContext } from '../lib/app-start/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The site settings name the auth server every later call goes to, so they come first.
  loader: async ({ context }) => {
    const siteSettings = await context.queryClient.ensureQueryData(siteSettingsQueryOptions());
    context.analytics.start(siteSettings);
  },
  component: RootLayout,
  notFoundComponent: LazyNotFoundRoute,
});

function RootLayout() {
  useDocumentTitle();
  return <Outlet />;
}
