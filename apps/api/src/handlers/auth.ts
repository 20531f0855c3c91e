import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { redeemLink, sendLink, type LinkKind } from '../services/links.ts';
import { toUser } from '../services/principal.ts';
import { revokeAllApiTokens } from '../services/api-tokens.ts';
import { Rejected, Unavailable } from '../services/errors.ts';
import {
  endAllSessions,
  findOrCreateUser,
  issueAccessToken,
  linkGoogleAccount,
  setPassword,
  userByEmail,
  userByGoogleSub,
} from '../services/users.ts';

const INVALID_LINK = 'This link is invalid, has expired or was already used';
const BAD_CREDENTIALS = 'Incorrect email or password';

type AuthHandlers = Pick<
  Handlers,
  | 'login'
  | 'loginMagicLink'
  | 'sendMagicLink'
  | 'sendVerificationEmail'
  | 'register'
  | 'loginGoogle'
  | 'me'
  | 'changePassword'
  | 'logoutAll'
>;

/**
 * The account a one-time link signs in (created on its first sign-in). A used, expired or unknown
 * link and a system account get the same refusal.
 */
async function userOfLink(ctx: AppContext, kind: LinkKind, secret: string) {
  const email = await redeemLink(ctx, kind, secret);
  if (!email) throw new Rejected(INVALID_LINK);
  const user = await findOrCreateUser(ctx, email);
  if (user.is_system) throw new Rejected(INVALID_LINK);
  return user;
}

export function authHandlers(ctx: AppContext): AuthHandlers {
  return {
    async login({ body }) {
      const user = await userByEmail(ctx.db, body.username);
      // verify() runs even without an account so that timing does not tell the two apart.
      const ok = await ctx.passwords.verify(user && !user.is_system ? user.password_hash : null, body.password);
      if (!user || !ok) throw new Rejected(BAD_CREDENTIALS);
      return issueAccessToken(ctx, user);
    },

    async sendMagicLink({ body }) {
      await sendLink(ctx, 'magic_link', body.email);
      return { message: 'Login link sent! Please check your email.' };
    },

    async loginMagicLink({ body }) {
      return issueAccessToken(ctx, await userOfLink(ctx, 'magic_link', body.token));
    },

    async sendVerificationEmail({ body }) {
      await sendLink(ctx, 'email_verification', body.email);
      return { message: 'Verification link sent successfully! Please check your email.' };
    },

    async register({ body }) {
      const user = await userOfLink(ctx, 'email_verification', body.email_verification_token);
      return { token: await issueAccessToken(ctx, user), user: toUser(user) };
    },

    async loginGoogle({ body }) {
      if (!ctx.google) throw new Rejected('Google sign-in is not configured');
      let identity;
      try {
        identity = await ctx.google.verify(body.id_token);
      } catch (error) {
        ctx.log.warn({ err: error }, 'Google key set unavailable');
        throw new Unavailable('Google sign-in is unavailable, please try again later');
      }
      if (!identity) throw new Rejected('Invalid Google ID token');

      const bySub = await userByGoogleSub(ctx.db, identity.sub);
      if (bySub) return issueAccessToken(ctx, bySub);

      // An unverified address could belong to someone else: never link or create an account on it.
      if (!identity.email || !identity.emailVerified)
        throw new Rejected('Your Google account e-mail address is not verified');
      const user = await findOrCreateUser(ctx, identity.email, identity.name);
      if (user.is_system) throw new Rejected('Invalid Google ID token');
      if (!(await linkGoogleAccount(ctx.db, user, identity)))
        throw new Rejected('This e-mail address is linked to another Google account');
      return issueAccessToken(ctx, user);
    },

    async me({ principal }) {
      return toUser(principal.user);
    },

    async changePassword({ principal, body }) {
      const user = principal.user;
      if (user.password_hash !== null) {
        const ok = await ctx.passwords.verify(user.password_hash, body.current_password ?? '');
        if (!ok) throw new Rejected('Current password is incorrect');
      }
      const passwordHash = await ctx.passwords.hash(body.new_password);
      const updated = await setPassword(ctx.db, user.id, passwordHash);
      if (body.revoke_api_tokens) await revokeAllApiTokens(ctx.db, ctx.now(), user.id);
      return issueAccessToken(ctx, updated);
    },

    async logoutAll({ principal, body }) {
      await endAllSessions(ctx.db, principal.user.id);
      if (!body?.revoke_api_tokens) return { message: 'Signed out of every session' };
      await revokeAllApiTokens(ctx.db, ctx.now(), principal.user.id);
      return { message: 'Signed out of every session and revoked every API token' };
    },
  };
}
