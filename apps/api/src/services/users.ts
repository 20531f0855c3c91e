import { randomUUID } from 'node:crypto';
import { isoAt, type AppContext } from '../context.ts';
import type { UserRow } from './principal.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account of an address, created on first sight; concurrent callers get the same row. */
export async function findOrCreateUser(
  ctx: AppContext,
  email: string,
  fullName: string | null = null,
): Promise<UserRow> {
  const address = normalizeEmail(email);
  await ctx.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: address,
      full_name: fullName,
      password_hash: null,
      google_sub: null,
      token_version: 0,
      is_system: 0,
      created_at: isoAt(ctx.now()),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return ctx.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
}

export const issueAccessToken = (ctx: AppContext, user: Pick<UserRow, 'id' | 'token_version'>) =>
  ctx.accessTokens.issue(user.id, user.token_version).then((access_token) => ({ access_token, token_type: 'bearer' }));
