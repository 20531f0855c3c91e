import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { API_TOKEN_PREFIX, REGISTRY_TOKEN_PREFIX } from '@mako/contract';
import { isoAt } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { AccessKeyTable } from '../db/schema.ts';
import { displayPrefix, mintSecret, sha256 } from '../auth/secrets.ts';
import { notFound } from './errors.ts';
import { newestFirstPage } from './newest-first.ts';

/** API tokens (runners) and container-registry tokens share one table, told apart by kind. */
export type KeyKind = 'api' | 'registry';
export type KeyRow = Selectable<AccessKeyTable>;

const DAY_MS = 24 * 3600 * 1000;

/** The user's keys of a kind, newest first, with their number. */
export async function listKeys(db: Db, userId: string, kind: KeyKind, limit: number, offset: number) {
  const keys = db.selectFrom('access_keys').where('user_id', '=', userId).where('kind', '=', kind);
  return newestFirstPage(keys, limit, offset);
}

/** Mints a key: the secret is returned once and only its SHA-256 is stored. */
export async function createKey(
  db: Db,
  now: number,
  key: { userId: string; kind: KeyKind; name: string; expiresInDays: number | null; scope: string | null },
) {
  const prefix = key.kind === 'api' ? API_TOKEN_PREFIX : REGISTRY_TOKEN_PREFIX;
  const secret = mintSecret(prefix);
  const row: KeyRow = {
    id: randomUUID(),
    user_id: key.userId,
    kind: key.kind,
    name: key.name,
    prefix: displayPrefix(prefix, secret),
    token_hash: sha256(secret),
    scope: key.scope,
    created_at: isoAt(now),
    last_used_at: null,
    expires_at: key.expiresInDays === null ? null : isoAt(now + key.expiresInDays * DAY_MS),
    revoked_at: null,
  };
  await db.insertInto('access_keys').values(row).execute();
  return { row, secret };
}

/** Revokes the user's key (revoking it again changes nothing). */
export async function revokeKey(db: Db, now: number, userId: string, kind: KeyKind, id: string): Promise<void> {
  const key = await db
    .selectFrom('access_keys')
    .select(['id', 'revoked_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!key) throw notFound('Token');
  if (key.revoked_at === null)
    await db
      .updateTable('access_keys')
      .set({ revoked_at: isoAt(now) })
      .where('id', '=', key.id)
      .execute();
}
