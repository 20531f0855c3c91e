import type * as z from 'zod/mini';
import type { TokenScope } from './vocabulary/token-scopes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One row of the endpoint table. The server registers routes from it, the client builds calls
 * from it, the mocks answer from it, and the OpenAPI document is generated from it.
 */
export interface EndpointDef {
  method: HttpMethod;
  /** Relative to the API base (`{origin}/api/v1`); path parameters in braces, FastAPI style. */
  path: string;
  summary: string;
  /** Who may call it: `none` ignores any token, `optional` reads one when sent, `bearer` needs one. */
  auth: 'none' | 'optional' | 'bearer';
  /**
   * What an API token needs for the call (a signed-in user may make every call): one of its
   * scopes, or `signed-in` where no token may (account management). Rows with `auth: 'none'` have none.
   */
  scope?: TokenScope | 'signed-in';
  params?: z.ZodMiniObject;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** How the body is encoded; the OAuth2 password login is a form. */
  bodyType?: 'json' | 'form';
  response: z.ZodMiniType;
  /** Error statuses this call documents besides 401/422/500. */
  errors?: readonly number[];
  /** The call is one of SPEC §7 (the rest serve pages the spec leaves "not shown"). */
  spec: boolean;
  /** Auth-server calls get the stricter 16 KiB body limit and per-IP rate limits. */
  group: 'auth' | 'product';
}

/** Checks a row against EndpointDef and keeps its literal types. */
export const def = <const T extends EndpointDef>(d: T): T => d;
