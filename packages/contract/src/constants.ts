/*
 * Plain values with no zod in them: the first page imports them without paying for the schema
 * builders. common.ts re-exports them next to the schemas that use them.
 */

/** The API messages of SPEC §8, word for word. Server, client and mocks all read them from here. */
export const API_MESSAGES = {
  422: 'Validation Error',
  createSessionForbidden: 'User is not allowed to create new tuning session',
  pendingEvaluations: 'Need to wait for pending evaluations',
  searchComplete: 'Tuning search is complete',
  searchError: 'Internal search error',
  leaseLapsed: 'The lease has lapsed or its result is in: the configuration is no longer held',
} as const;

/** Default status texts of SPEC §8. Any other non-ok status is a 'Generic Error'. */
export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
export const GENERIC_ERROR = 'Generic Error';
