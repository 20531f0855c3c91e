import * as z from 'zod/mini';
import { Id, Timestamp } from './common.ts';

/*
 * The schemas of signing in and up. The first page bundles this module whole, so what only
 * signed-in pages use (password changes, token owners) lives in account.ts.
 */

export const Email = z.email({ message: 'Invalid email address' }).check(z.maxLength(254));

export const User = z.object({
  id: Id,
  email: z.string(),
  full_name: z.nullable(z.string()),
  created_at: Timestamp,
  has_password: z.boolean(),
});
export type User = z.infer<typeof User>;

export const AccessToken = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z._default(z.string(), 'bearer'),
});
export type AccessToken = z.infer<typeof AccessToken>;

/** OAuth2 password form (username is the e-mail). Sent as application/x-www-form-urlencoded. */
export const LoginForm = z.object({
  grant_type: z.optional(z.string()),
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  scope: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** One-time-link requests name the application so the mail and links can be branded. */
export const EmailLinkRequest = z.object({
  email: Email,
  application: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type EmailLinkRequest = z.infer<typeof EmailLinkRequest>;

const OneTimeToken = z.string().check(z.minLength(1, 'Token is required'), z.maxLength(512));

export const MagicLinkLogin = z.object({ token: OneTimeToken });
export type MagicLinkLogin = z.infer<typeof MagicLinkLogin>;

export const RegisterRequest = z.object({ email_verification_token: OneTimeToken });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The answer may lack `token` on a misbehaving server; the client then raises 'Unknown error'. */
export const RegisterResponse = z.object({ token: z.optional(AccessToken), user: User });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const GoogleLogin = z.object({ id_token: z.string().check(z.minLength(1), z.maxLength(8192)) });
export type GoogleLogin = z.infer<typeof GoogleLogin>;

export const AuthServer = z.object({ url: z.url(), application_name: z.string() });
export type AuthServer = z.infer<typeof AuthServer>;

export { LOGIN_PATH_SUFFIX } from './paths.ts';
