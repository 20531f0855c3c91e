import type { FormEvent } from 'react';

/** The state of a form whose submission the app performs: data in through props. */
export interface AsyncFormState {
  /** The request is in flight: the submit button shows a spinner and is disabled. */
  busy?: boolean;
  /** The server's message (or the client's fallback), shown under the form. */
  error?: string | null;
  /** When set, the form is replaced by this confirmation. */
  successMessage?: string | null;
}

/**
 * What a form's onSubmit does first: the browser never submits the form itself (the app sends the
 * data), and a submit while the last one is still busy does nothing.
 */
export function submitUnlessBusy(event: FormEvent, busy: boolean, submit: () => void) {
  event.preventDefault();
  if (!busy) submit();
}
