import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The Retry of a route's error state: clears the failed suspense queries, then reloads the route.
 * Without the reset a retry would re-throw the cached error.
 */
export function useRouteRetry(reset: () => void): () => void {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => queryReset.reset(), [queryReset]);
  return () => {
    reset();
    void router.invalidate();
  };
}
