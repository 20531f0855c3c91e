import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorView, LoadingErrorWrapper } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { screenErrorOf } from '../lib/notices/screen-error-of.ts';
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

/** An on* callback with nothing to do: a screen's loading or error state, or a read-only page. */
export const ignore = () => undefined;

type RenderScreenError = (error: ScreenError, onRetry: () => void) => ReactNode;

/**
 * The error state of a route whose screen shows a failed request in its own layout, with a Retry
 * that reloads the route; anything but a failed request is a bug and gets RouteError.
 */
export function ScreenRouteError({
  renderScreen,
  ...props
}: ErrorComponentProps & { renderScreen: RenderScreenError }) {
  const retry = useRouteRetry(props.reset);
  const error = screenErrorOf(props.error);
  if (!error) return <RouteError {...props} />;
  return renderScreen(error, retry);
}

/** A route's errorComponent that shows its screen's error state (see ScreenRouteError). */
export const screenRouteError = (renderScreen: RenderScreenError) =>
  function ScreenErrorComponent(props: ErrorComponentProps) {
    return <ScreenRouteError {...props} renderScreen={renderScreen} />;
  };
