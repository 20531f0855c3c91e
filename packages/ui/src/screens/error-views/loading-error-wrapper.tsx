import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { WrapperError } from './error-views.styles';
import { describeScreenError, UNKNOWN_ERROR } from './screen-error';
import type { ScreenError } from './screen-error';

export interface LoadingErrorWrapperProps {
  /** The first load is in flight and there is nothing to show yet. */
  isLoading?: boolean;
  /** The request failed; shown as 'Something went wrong: {statusText}' and the detail. */
  error?: ScreenError | null;
  /** Offers a Retry button on the error. */
  onRetry?: () => void;
  /** A retry is in flight: the button spins. */
  retrying?: boolean;
  /** Announced to assistive technology while loading, e.g. "Loading tokens". */
  loadingLabel?: string;
  /** A skeleton that mirrors the content to come; three text lines by default. */
  skeleton?: ReactNode;
  /**
   * The content. Pass a function when it reads data that only exists after loading, so it is not
   * evaluated while loading or failed.
   */
  children: ReactNode | (() => ReactNode);
}

/** The load state a screen takes as props of its own and hands to the wrapper as it is. */
export type LoadStateProps = Pick<LoadingErrorWrapperProps, 'isLoading' | 'error' | 'onRetry' | 'retrying'>;

/** What a screen with a `status` of its own takes to show a failed load: the error and its retry. */
export type LoadFailureProps = Omit<LoadStateProps, 'isLoading'>;

/**
 * The wrapper's load state from a screen's status and failure props: a failed status without an
 * error still shows one.
 */
export function statusLoadState(status: string, { error, onRetry, retrying }: LoadFailureProps): LoadStateProps {
  return {
    isLoading: status === 'loading',
    error: status === 'error' ? (error ?? { statusText: UNKNOWN_ERROR }) : null,
    onRetry,
    retrying,
  };
}

/** Skeleton while loading, the error with a retry when it failed, otherwise the content. */
export function LoadingErrorWrapper({
  isLoading = false,
  error,
  onRetry,
  retrying = false,
  loadingLabel = 'Loading',
  skeleton,
  children,
}: LoadingErrorWrapperProps) {
  if (isLoading) {
    return (
      <Loading label={loadingLabel}>
        {skeleton ?? (
          <WrapperError>
            <Skeleton height={24} width="40%" />
            <Skeleton lines={3} />
          </WrapperError>
        )}
      </Loading>
    );
  }
  if (error) {
    const { title, detail } = describeScreenError(error);
    return (
      <Callout
        tone="danger"
        title={title}
        actions={
          onRetry ? (
            <Button variant="secondary" size="sm" busy={retrying} onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      >
        {detail}
      </Callout>
    );
  }
  return <>{typeof children === 'function' ? children() : children}</>;
}
