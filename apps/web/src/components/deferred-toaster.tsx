import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { isToasterRequested, requestToaster, subscribeToasterRequest } from '../lib/notices/notify.ts';

const ToasterHost = lazy(() => import('./toaster-host.tsx'));

/** Mounts the Toaster when the first toast is raised (or a page warmed it up with useToasterWarmUp). */
export function DeferredToaster() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, isToasterRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  );
}

/**
 * Loads the Toaster once the page is idle, so that the first toast after an action shows at once.
 * The signed-in pages toast after everyday actions (copying, creating, revoking); the public pages
 * toast only when something failed, so they load it on demand and a visitor who only looks at the
 * home page never downloads it.
 */
export function useToasterWarmUp(): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => void requestToaster(), 2_000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => void requestToaster(), { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }, []);
}
