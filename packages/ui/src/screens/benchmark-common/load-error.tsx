import { LoadingErrorWrapper } from '../error-views/loading-error-wrapper';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { UNKNOWN_ERROR } from '../error-views/screen-error';

/** A screen whose status is 'error': the loading-and-error wrapper's message, even without an error object. */
export function LoadError({ error, onRetry, retrying }: LoadFailureProps) {
  return (
    <LoadingErrorWrapper error={error ?? { statusText: UNKNOWN_ERROR }} onRetry={onRetry} retrying={retrying}>
      {null}
    </LoadingErrorWrapper>
  );
}
