import { lazyRouteComponent } from '@tanstack/react-router';

/*
 * The 404 page and the error views appear only when something went wrong, so they are fetched
 * then rather than shipped in the entry chunk every first visit pays for.
 */
export const LazyRouteError = lazyRouteComponent(() => import('./route-states.tsx'), 'RouteError');
export const LazyNotFoundRoute = lazyRouteComponent(() => import('./not-found-route.tsx'), 'NotFoundRoute');
