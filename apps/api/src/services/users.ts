import { randomUUID } from 'node:crypto';
import { isoAt, type AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
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

export const userByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();

export const userByGoogleSub = (db: Db, googleSub: string) =>
  db.selectFrom('users').selectAll().where('google_sub', '=', googleSub).executeTakeFirst();

/** Links a Google account to the user unless another one is linked already; false then. */
export async function linkGoogleAccount(
  db: Db,
  user: Pick<UserRow, 'id' | 'full_name'>,
  google: { sub: string; name: string | null },
): Promise<boolean> {
  const linked = await db
    .updateTable('users')
    .set({ google_sub: google.sub, full_name: user.full_name ?? google.name })
    .where('id', '=', user.id)
    .where('google_sub', 'is', null)
    .executeTakeFirst();
  return Number(linked.numUpdatedRows) > 0;
}

/** Sets a new password and ends every session signed with the old token version. */
export const setPassword = (db: Db, userId: string, passwordHash: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();

/** Ends every session of the user: their access tokens carry the old token version. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
