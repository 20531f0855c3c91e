import type { AnyRouter } from '@tanstack/react-router';
import { notify } from '../notices/notify.ts';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized, please login again';
/** One toast however many queries fail together. */
const UNAUTHORIZED_TOAST_ID = 'unauthorized';

/**
 * SPEC §8: a query that fails with 401 shows 'Unauthorized, please login again' and goes to
 * / with redirect set to the current path. The API client has already dropped the token.
 */
export function createUnauthorizedHandler(getRouter: () => AnyRouter | null): () => void {
  return () => {
    notify.error(UNAUTHORIZED_MESSAGE, { id: UNAUTHORIZED_TOAST_ID });
    const router = getRouter();
    if (!router) return;
    const { pathname, href } = router.state.location;
    if (pathname === '/') return;
    void router.navigate({ to: '/', search: { redirect: href }, replace: true });
  };
}
