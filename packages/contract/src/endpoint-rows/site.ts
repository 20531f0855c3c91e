import { Message } from '../common.ts';
import { AccessToken, AuthServer } from '../auth.ts';
import { AuthMe, AuthMeQuery, LogoutAll, PasswordChange } from '../account.ts';
import { HealthStatus } from '../site-settings.ts';
import { def } from '../endpoint-def.ts';

/* The signed-in side of the auth server, and the site's own calls. */

export const changePassword = def({
  method: 'POST',
  path: '/users/me/password',
  summary: 'Set or change the password; ends earlier sessions (and API tokens if asked) and returns a new token',
  auth: 'bearer',
  scope: 'signed-in',
  body: PasswordChange,
  response: AccessToken,
  errors: [400],
  spec: false,
  group: 'auth',
});
export const logoutAll = def({
  method: 'POST',
  path: '/logout-all',
  summary: 'End every session signed in so far, and revoke the API tokens if asked',
  auth: 'bearer',
  scope: 'signed-in',
  body: LogoutAll,
  response: Message,
  spec: false,
  group: 'auth',
});
export const getAuthServer = def({
  method: 'GET',
  path: '/auth/server',
  summary: 'Where the auth server is',
  auth: 'none',
  response: AuthServer,
  spec: true,
  group: 'product',
});
export const authMe = def({
  method: 'GET',
  path: '/auth/me',
  summary: 'Who a bearer token (session or API token) belongs to',
  auth: 'bearer',
  scope: 'read',
  query: AuthMeQuery,
  response: AuthMe,
  spec: true,
  group: 'product',
});
export const health = def({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database reachability',
  auth: 'none',
  response: HealthStatus,
  errors: [503],
  spec: false,
  group: 'product',
});
