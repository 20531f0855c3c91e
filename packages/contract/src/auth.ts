import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

export const Email = z.email({ message: 'Invalid email address' }).max(254);

export const User = z.object({
  id: Id,
  email: z.string(),
  full_name: z.string().nullable(),
  created_at: Timestamp,
  has_password: z.boolean(),
});
export type User = z.infer<typeof User>;

export const AccessToken = z.object({ access_token: z.string().min(1), token_type: z.string().default('bearer') });
export type AccessToken = z.infer<typeof AccessToken>;

/** OAuth2 password form (username is the e-mail). Sent as application/x-www-form-urlencoded. */
export const LoginForm = z.object({
  grant_type: z.string().optional(),
  username: z.string().min(1),
  password: z.string().min(1),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** One-time-link requests name the application so the mail and links can be branded. */
export const EmailLinkRequest = z.object({ email: Email, application: z.string().min(1).max(100) });
export type EmailLinkRequest = z.infer<typeof EmailLinkRequest>;

export const MagicLinkLogin = z.object({ token: z.string().min(1, 'Token is required').max(512) });
export type MagicLinkLogin = z.infer<typeof MagicLinkLogin>;

export const RegisterRequest = z.object({ email_verification_token: z.string().min(1, 'Token is required').max(512) });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The answer may lack `token` on a misbehaving server; the client then raises 'Unknown error'. */
export const RegisterResponse = z.object({ token: AccessToken.optional(), user: User });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const GoogleLogin = z.object({ id_token: z.string().min(1).max(8192) });
export type GoogleLogin = z.infer<typeof GoogleLogin>;

export const MIN_PASSWORD_LENGTH = 10;
/** Setting a first password needs no current one; changing it does. Both revoke earlier tokens. */
export const PasswordChange = z.object({
  current_password: z.string().max(256).optional(),
  new_password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(256, 'Password must be at most 256 characters'),
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const AuthServer = z.object({ url: z.url(), application_name: z.string() });
export type AuthServer = z.infer<typeof AuthServer>;

/** GET /auth/me: who a bearer token belongs to. Runners pass `name` to identify themselves. */
export const AuthMe = z.object({
  user: User,
  via: z.enum(['session', 'api_token']),
  token_name: z.string().nullable(),
  runner_name: z.string().nullable(),
});
export type AuthMe = z.infer<typeof AuthMe>;

export const AuthMeQuery = z.object({ name: z.string().min(1).max(100).optional() });

export { LOGIN_PATH_SUFFIX } from './paths.ts';
