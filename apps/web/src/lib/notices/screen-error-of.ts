import { ApiError, NetworkError, ResponseSchemaError } from '@mako/api-client';
import type { ScreenError } from '@mako/ui';

/** A failed request in the shape the screens show ('Something went wrong: {status text}'), else null. */
export function screenErrorOf(error: unknown): ScreenError | null {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof ResponseSchemaError) return error;
  return null;
}

/** A failed mutation's message for the screen's error line, or null while nothing failed. */
export const errorText = (error: Error | null) => (error ? error.message : null);
