import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import { LazyNotFoundRoute, LazyRouteError } from './components/lazy-route-states.ts';
import { RoutePending } from './components/route-pending.tsx';
import type { RouterContext } from './lib/app-start/router-context.ts';
import { parseSearch, stringifySearch } from './lib/search-params/search.ts';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(context: RouterContext, options: { history?: RouterHistory; pendingMs?: number } = {}) {
  return createRouter({
    routeTree,
    context,
    history: options.history,
    parseSearch,
    stringifySearch,
    // TanStack Query owns caching: the router asks it on every navigation and it decides whether to fetch.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingMs: options.pendingMs ?? 300,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: LazyRouteError,
    defaultNotFoundComponent: LazyNotFoundRoute,
    // Every unknown path gets the 404 page, however deep it is.
    notFoundMode: 'root',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
