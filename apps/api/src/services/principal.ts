import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, type TokenScope, type User } from '@mako/contract';
import type { Selectable } from 'kysely';
import type { UserTable } from '../db/schema.ts';
import { isoAt, type AppContext } from '../context.ts';
import { hasValidChecksum, sha256 } from '../auth/secrets.ts';
import { scopesOf } from './api-tokens.ts';

export type UserRow = Selectable<UserTable>;

export interface Principal {
  user: UserRow;
  via: 'session' | 'api_token';
  tokenName: string | null;
  /** What an API token may do; a signed-in session may do everything, account management included. */
  scopes: ReadonlySet<TokenScope> | null;
}

/** last_used_at is advisory: writing it on every call would turn each read into a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  full_name: row.full_name,
  created_at: row.created_at,
  has_password: row.password_hash !== null,
});

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves a bearer token (a session JWT or an API token) to its user; null when absent or invalid. */
export function createAuthenticator(ctx: AppContext) {
  async function fromApiToken(secret: string): Promise<Principal | null> {
    if (!hasValidChecksum(API_TOKEN_PREFIX, secret)) return null;
    const row = await ctx.db
      .selectFrom('access_keys')
      .innerJoin('users', 'users.id', 'access_keys.user_id')
      .selectAll('users')
      .select([
        'access_keys.id as key_id',
        'access_keys.name as key_name',
        'access_keys.revoked_at',
        'access_keys.expires_at',
        'access_keys.last_used_at',
        'access_keys.scope',
      ])
      .where('access_keys.token_hash', '=', sha256(secret))
      .where('access_keys.kind', '=', 'api')
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.is_system) return null;
    const now = ctx.now();
    if (row.expires_at !== null && row.expires_at <= isoAt(now)) return null;
    if (row.last_used_at === null || Date.parse(row.last_used_at) < now - LAST_USED_RESOLUTION_MS) {
      await ctx.db
        .updateTable('access_keys')
        .set({ last_used_at: isoAt(now) })
        .where('id', '=', row.key_id)
        .execute();
    }
    const { key_id: _id, key_name, revoked_at: _r, expires_at: _e, last_used_at: _l, scope, ...user } = row;
    return { user, via: 'api_token', tokenName: key_name, scopes: new Set(scopesOf({ scope })) };
  }

  async function fromSession(token: string): Promise<Principal | null> {
    const claims = await ctx.accessTokens.verify(token);
    if (!claims) return null;
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    if (!user || user.is_system || user.token_version !== claims.tokenVersion) return null;
    return { user, via: 'session', tokenName: null, scopes: null };
  }

  return async (request: FastifyRequest): Promise<Principal | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    return token.startsWith(API_TOKEN_PREFIX) ? fromApiToken(token) : fromSession(token);
  };
}
