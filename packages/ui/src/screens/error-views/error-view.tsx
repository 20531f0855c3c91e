import { useId, useState } from 'react';
import { Button } from '../../primitives/button';
import { MessageActions, MessageRoot, MessageText, MessageTitle, RawError } from './error-views.styles';
import { rawErrorText } from './screen-error';

export const ERROR_VIEW_TITLE = 'Something went wrong!';

export interface ErrorViewProps {
  /** Whatever was thrown; its raw text stays behind 'Show Error'. */
  error: unknown;
  /** Offers 'Try again', e.g. the router's reset or a query refetch. */
  onRetry?: () => void;
  /** One plain sentence under the title. */
  description?: string;
  /** Start with the raw error visible (for stories and debugging). */
  defaultShowError?: boolean;
  /** h1 when it replaces a whole page (the default), h2 inside a layout that has its own title. */
  headingLevel?: 1 | 2;
}

/**
 * The generic error view of SPEC §2: 'Something went wrong!' with a Show Error / Hide Error toggle,
 * so the raw message is there for a bug report without frightening everyone else.
 */
export function ErrorView({
  error,
  onRetry,
  description = 'An unexpected error stopped this page. Trying again often helps; if it keeps happening, include the error below in your report.',
  defaultShowError = false,
  headingLevel = 1,
}: ErrorViewProps) {
  const [showError, setShowError] = useState(defaultShowError);
  const rawId = useId();
  return (
    <MessageRoot aria-labelledby={`${rawId}-title`}>
      <MessageTitle as={`h${headingLevel}`} id={`${rawId}-title`}>
        {ERROR_VIEW_TITLE}
      </MessageTitle>
      <MessageText>{description}</MessageText>
      <MessageActions>
        <Button
          variant="secondary"
          aria-expanded={showError}
          aria-controls={rawId}
          onClick={() => setShowError((shown) => !shown)}
        >
          {showError ? 'Hide Error' : 'Show Error'}
        </Button>
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
      </MessageActions>
      <RawError id={rawId} hidden={!showError} aria-label="Error details" tabIndex={showError ? 0 : -1}>
        {rawErrorText(error)}
      </RawError>
    </MessageRoot>
  );
}
