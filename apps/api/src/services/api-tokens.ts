import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { API_TOKEN_PREFIX, REGISTRY_TOKEN_PREFIX, TOKEN_SCOPES, type TokenScope } from '@mako/contract';
import { isoAt } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { TokenTable } from '../db/schema.ts';
import { displayPrefix, mintSecret, sha256 } from '../auth/secrets.ts';
import { notFound } from './errors.ts';
import { newestFirstList } from './newest-first.ts';

/** API tokens (runners, scripts) and container-registry tokens share one table, told apart by kind. */
export type TokenKind = 'api' | 'registry';
export type TokenRow = Selectable<TokenTable>;

const DAY_MS = 24 * 3600 * 1000;

/** An API token's scopes, as stored: space-separated, as OAuth 2 spells a scope list. */
export const scopesOf = (row: Pick<TokenRow, 'scope'>): TokenScope[] =>
  (row.scope ?? '').split(' ').filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));

/** The user's tokens of a kind, newest first, with their number. */
export async function listTokens(db: Db, userId: string, kind: TokenKind, limit: number, offset: number) {
  const tokens = db.selectFrom('access_keys').where('user_id', '=', userId).where('kind', '=', kind);
  return newestFirstList(tokens, limit, offset);
}

/**
 * Mints a token: the secret is returned once and only its SHA-256 is stored. `scope` is an API
 * token's scopes (space-separated) or a registry token's access; every token expires.
 */
export async function createToken(
  db: Db,
  now: number,
  token: { userId: string; kind: TokenKind; name: string; expiresInDays: number; scope: string | null },
) {
  const prefix = token.kind === 'api' ? API_TOKEN_PREFIX : REGISTRY_TOKEN_PREFIX;
  const secret = mintSecret(prefix);
  const row: TokenRow = {
    id: randomUUID(),
    user_id: token.userId,
    kind: token.kind,
    name: token.name,
    prefix: displayPrefix(prefix, secret),
    token_hash: sha256(secret),
    scope: token.scope,
    created_at: isoAt(now),
    last_used_at: null,
    expires_at: isoAt(now + token.expiresInDays * DAY_MS),
    revoked_at: null,
  };
  await db.insertInto('access_keys').values(row).execute();
  return { row, secret };
}

/** Revokes the user's token (revoking it again changes nothing). */
export async function revokeToken(db: Db, now: number, userId: string, kind: TokenKind, id: string): Promise<void> {
  const token = await db
    .selectFrom('access_keys')
    .select(['id', 'revoked_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!token) throw notFound('Token');
  if (token.revoked_at === null)
    await db
      .updateTable('access_keys')
      .set({ revoked_at: isoAt(now) })
      .where('id', '=', token.id)
      .execute();
}

/**
 * Revokes every live API token of the user (a password change or sign-out everywhere that asked
 * for it). Registry tokens stay: they pull images, and sign-in changes nothing about them.
 */
export async function revokeAllApiTokens(db: Db, now: number, userId: string): Promise<void> {
  await db
    .updateTable('access_keys')
    .set({ revoked_at: isoAt(now) })
    .where('user_id', '=', userId)
    .where('kind', '=', 'api')
    .where('revoked_at', 'is', null)
    .execute();
}
