import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { redeemLink, sendLink } from '../services/links.ts';
import { toUser } from '../services/principal.ts';
import { findOrCreateUser, issueAccessToken, normalizeEmail } from '../services/users.ts';

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

export function authHandlers(ctx: AppContext): AuthHandlers {
  return {
    async login({ body }) {
      const user = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normalizeEmail(body.username))
        .executeTakeFirst();
      // verify() runs even without an account so that timing does not tell the two apart.
      const ok = await ctx.passwords.verify(user && !user.is_system ? user.password_hash : null, body.password);
      if (!user || !ok) throw badRequest(BAD_CREDENTIALS);
      return issueAccessToken(ctx, user);
    },

    async sendMagicLink({ body }) {
      await sendLink(ctx, 'magic_link', body.email);
      return { message: 'Login link sent! Please check your email.' };
    },

    async loginMagicLink({ body }) {
      const email = await redeemLink(ctx, 'magic_link', body.token);
      if (!email) throw badRequest(INVALID_LINK);
      const user = await findOrCreateUser(ctx, email);
      if (user.is_system) throw badRequest(INVALID_LINK);
      return issueAccessToken(ctx, user);
    },

    async sendVerificationEmail({ body }) {
      await sendLink(ctx, 'email_verification', body.email);
      return { message: 'Verification link sent successfully! Please check your email.' };
    },

    async register({ body }) {
      const email = await redeemLink(ctx, 'email_verification', body.email_verification_token);
      if (!email) throw badRequest(INVALID_LINK);
      const user = await findOrCreateUser(ctx, email);
      if (user.is_system) throw badRequest(INVALID_LINK);
      return { token: await issueAccessToken(ctx, user), user: toUser(user) };
    },

    async loginGoogle({ body }) {
      if (!ctx.google) throw badRequest('Google sign-in is not configured');
      let identity;
      try {
        identity = await ctx.google.verify(body.id_token);
      } catch (error) {
        ctx.log.warn({ err: error }, 'Google key set unavailable');
        throw new HttpError(503, 'Google sign-in is unavailable, please try again later');
      }
      if (!identity) throw badRequest('Invalid Google ID token');

      const bySub = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('google_sub', '=', identity.sub)
        .executeTakeFirst();
      if (bySub) return issueAccessToken(ctx, bySub);

      // An unverified address could belong to someone else: never link or create an account on it.
      if (!identity.email || !identity.emailVerified)
        throw badRequest('Your Google account e-mail address is not verified');
      const user = await findOrCreateUser(ctx, identity.email, identity.name);
      if (user.is_system) throw badRequest('Invalid Google ID token');
      const linked = await ctx.db
        .updateTable('users')
        .set({ google_sub: identity.sub, full_name: user.full_name ?? identity.name })
        .where('id', '=', user.id)
        .where('google_sub', 'is', null)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) === 0)
        throw badRequest('This e-mail address is linked to another Google account');
      return issueAccessToken(ctx, user);
    },

    async me({ principal }) {
      return toUser(principal.user);
    },

    async changePassword({ principal, body }) {
      const user = principal.user;
      if (user.password_hash !== null) {
        const ok = await ctx.passwords.verify(user.password_hash, body.current_password ?? '');
        if (!ok) throw badRequest('Current password is incorrect');
      }
      const passwordHash = await ctx.passwords.hash(body.new_password);
      const updated = await ctx.db
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', user.id)
        .returning(['id', 'token_version'])
        .executeTakeFirstOrThrow();
      return issueAccessToken(ctx, updated);
    },

    async logoutAll({ principal }) {
      await ctx.db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', principal.user.id)
        .execute();
      return { message: 'Signed out of every session' };
    },
  };
}
