import * as z from 'zod/mini';
import './english-messages.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './vocabulary/paging.ts';

/*
 * The contract is written in zod/mini: its schemas are built from functions the bundler can drop
 * one by one, so a page ships the schemas it uses and no more (zod's classic API comes whole,
 * about 27 kB gzipped). Schemas still have `.safeParse` and `.parse`; the rest (`.optional()`,
 * `.extend()`, ...) are the functions z.optional, z.extend, ...
 */

export { API_MESSAGES, GENERIC_ERROR, STATUS_TEXTS } from './constants.ts';

/** Every entity id is an opaque string (a UUID on the server); clients never parse it. */
export const Id = z.string().check(z.minLength(1), z.maxLength(64));
export type Id = z.infer<typeof Id>;

/** Timestamps travel as ISO-8601 strings with an offset, as FastAPI serialises datetimes. */
export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;

/** limit/offset arrive as query strings; coerce, default and bound them once, here. */
export const PagingQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

/** The answer of a list call: the rows and the total number of matching rows. */
export const listAnswer = <T extends z.ZodMiniType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().check(z.int(), z.minimum(0)) });
export type ListAnswer<T> = { data: T[]; count: number };

export const Message = z.object({ message: z.string() });
export type Message = z.infer<typeof Message>;

/** Query booleans: FastAPI accepts true/false/1/0; anything else is a 422, not a silent false. */
export const QueryBool = z.union([
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((v) => v === 'true' || v === '1'),
  ),
  z.boolean(),
]);

// ---- Errors (FastAPI-compatible bodies) -------------------------------------------------------

export const ValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ErrorBody = z.object({ detail: z.string() });
export const ValidationErrorBody = z.object({ detail: z.array(ValidationIssue) });
export const AnyErrorBody = z.union([ErrorBody, ValidationErrorBody]);
export type ErrorBody = z.infer<typeof ErrorBody>;
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** Converts zod issues into FastAPI's 422 detail list; `where` is the request part (body, query, path). */
export function toValidationIssues(
  where: 'body' | 'query' | 'path' | 'header',
  error: z.core.$ZodError,
): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}
