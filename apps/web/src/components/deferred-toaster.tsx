import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { isToasterRequested, requestToaster, subscribeToasterRequest } from '../lib/notify.ts';

const ToasterHost = lazy(() => import('./toaster-host.tsx'));

/** Mounts the Toaster when the first toast is raised, or once the page is idle after start-up. */
export function DeferredToaster() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, isToasterRequested);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => void requestToaster(), 2_000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => void requestToaster(), { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  );
}
