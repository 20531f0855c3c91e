/** The state of a form whose submission the app performs: data in through props. */
export interface AsyncFormState {
  /** The request is in flight: the submit button shows a spinner and is disabled. */
  busy?: boolean;
  /** The server's message (or the client's fallback), shown under the form. */
  error?: string | null;
  /** When set, the form is replaced by this confirmation. */
  successMessage?: string | null;
}
