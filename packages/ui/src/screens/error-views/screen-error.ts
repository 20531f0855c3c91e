/**
 * What a page needs to say about a failed request. The API client's errors (ApiError, NetworkError,
 * ResponseSchemaError) already have this shape, so apps/web passes `query.error` straight in.
 */
export interface ScreenError {
  /** The response's status text ('Service Unavailable') or the client's name for the failure. */
  statusText: string;
  /** The body's `detail`, when the server sent one. */
  detail?: string | null;
}

export const UNKNOWN_ERROR = 'Unknown error';

/** The loading-and-error wrapper's two lines (SPEC §8): the headline, then the detail or 'Unknown error'. */
export function describeScreenError(error: ScreenError): { title: string; detail: string } {
  const detail = error.detail?.trim();
  return { title: `Something went wrong: ${error.statusText}`, detail: detail ? detail : UNKNOWN_ERROR };
}

/**
 * The raw text behind 'Show Error': whatever was thrown, as a developer would want to read it.
 * Objects are printed as JSON because `String({})` says nothing.
 */
export function rawErrorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (error === null || error === undefined) return UNKNOWN_ERROR;
  if (typeof error === 'object') {
    try {
      return JSON.stringify(error, null, 2);
    } catch {
      // A circular structure: fall back to the default conversion below.
    }
  }
  return String(error);
}
