import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorView, LoadingErrorWrapper } from '@mako/ui';
import { screenErrorOf } from '../lib/screen-error-of.ts';
import { useRouteRetry } from './route-retry.ts';

/**
 * A failed request reads 'Something went wrong: {status text}' with the server's detail (SPEC §8);
 * anything else is a bug and gets the generic 'Something went wrong!' view with the raw error.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const failedRequest = screenErrorOf(error);
  if (failedRequest) {
    return (
      <div style={{ padding: 24 }}>
        <LoadingErrorWrapper error={failedRequest} onRetry={retry}>
          {null}
        </LoadingErrorWrapper>
      </div>
    );
  }
  return <ErrorView error={error} onRetry={retry} headingLevel={2} />;
}
