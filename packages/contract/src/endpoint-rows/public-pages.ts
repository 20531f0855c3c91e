import { Message } from '../common.ts';
import {
  AccessToken,
  EmailLinkRequest,
  GoogleLogin,
  LoginForm,
  MagicLinkLogin,
  RegisterRequest,
  RegisterResponse,
  User,
} from '../auth.ts';
import { SiteSettings } from '../site-settings.ts';
import { def } from '../endpoint-def.ts';
import { ME_PATH } from '../paths.ts';

/*
 * The calls the public pages make: signing in and up, and the site settings. The first page
 * bundles this module whole, so it holds these rows only.
 */

export const login = def({
  method: 'POST',
  path: '/login/access-token',
  summary: 'Log in with e-mail and password (OAuth2 password form)',
  auth: 'none',
  body: LoginForm,
  bodyType: 'form',
  response: AccessToken,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});
export const loginMagicLink = def({
  method: 'POST',
  path: '/login/magic-link',
  summary: 'Redeem a magic-link token for an access token',
  auth: 'none',
  body: MagicLinkLogin,
  response: AccessToken,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});
export const sendMagicLink = def({
  method: 'POST',
  path: '/magic-link',
  summary: 'E-mail a one-time login link',
  auth: 'none',
  body: EmailLinkRequest,
  response: Message,
  errors: [429],
  spec: true,
  group: 'auth',
});
export const sendVerificationEmail = def({
  method: 'POST',
  path: '/users/register/email-verification-token',
  summary: 'E-mail a sign-up verification link',
  auth: 'none',
  body: EmailLinkRequest,
  response: Message,
  errors: [429],
  spec: true,
  group: 'auth',
});
export const register = def({
  method: 'POST',
  path: '/users/register',
  summary: 'Create (or sign in) the account of a verified e-mail address',
  auth: 'none',
  body: RegisterRequest,
  response: RegisterResponse,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});
export const loginGoogle = def({
  method: 'POST',
  path: '/login/google',
  summary: 'Log in with a Google ID token',
  auth: 'none',
  body: GoogleLogin,
  response: AccessToken,
  errors: [400, 429],
  spec: true,
  group: 'auth',
});
export const me = def({
  method: 'GET',
  path: ME_PATH,
  summary: 'The signed-in user',
  auth: 'bearer',
  scope: 'read',
  response: User,
  spec: true,
  group: 'auth',
});

export const getSettings = def({
  method: 'GET',
  path: '/settings',
  summary: 'Site settings',
  auth: 'none',
  response: SiteSettings,
  spec: true,
  group: 'product',
});
