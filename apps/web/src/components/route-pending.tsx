import { Loading, Skeleton } from '@mako/ui';

/** Shown while a route's loader runs longer than the pending delay. */
export function RoutePending() {
  return (
    <Loading label="Loading page">
      <div style={{ display: 'grid', gap: 12, padding: 24 }}>
        <Skeleton height={24} width="40%" />
        <Skeleton lines={4} />
      </div>
    </Loading>
  );
}
