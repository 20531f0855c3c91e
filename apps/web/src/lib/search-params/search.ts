import { SearchParamError } from '@tanstack/react-router';
import * as z from 'zod/mini';

export const TOKEN_REQUIRED_MESSAGE = 'Token is required';

/** /verify-email and /magic-link-login: the one-time token, and where to continue afterwards. */
export const tokenSearchSchema = z.object({
  token: z.string({ error: TOKEN_REQUIRED_MESSAGE }).check(z.minLength(1, TOKEN_REQUIRED_MESSAGE)),
  redirect: z.optional(z.string()),
});

/** /: `signup` opens the sign-up tab, `redirect` is where a login continues (checked by safeRedirect). */
export const homeSearchSchema = z.object({
  signup: z.optional(z.string()),
  redirect: z.optional(z.string()),
});

/**
 * Search params stay strings. The router's default parser reads values as JSON, which would turn a
 * token that happens to be all digits into a number and fail the schema.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The first schema message of a failed search validation ('Token is required'), else null. */
export function searchErrorMessage(error: unknown): string | null {
  if (!(error instanceof SearchParamError)) return null;
  const cause: unknown = error.cause;
  const issues = typeof cause === 'object' && cause !== null ? (cause as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return null;
  const first: unknown = issues[0];
  const message = typeof first === 'object' && first !== null ? (first as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : null;
}
