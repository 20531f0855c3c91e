import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/**
 * Issue 23: API tokens carry scopes (space-separated in `scope`, as OAuth spells them) and every
 * token expires. Tokens made before get what a runner needs, the power they were made for minus
 * account management; those that never expired now do a year and a day from this migration.
 */
export const tokenScopes: Migration = {
  async up(db: AnyDb) {
    await db
      .updateTable('access_keys')
      .set({ scope: 'read benchmarks:write tuning:write' })
      .where('kind', '=', 'api')
      .where('scope', 'is', null)
      .execute();
    await db
      .updateTable('access_keys')
      .set({ expires_at: new Date(Date.now() + 366 * 24 * 3600 * 1000).toISOString() })
      .where('expires_at', 'is', null)
      .execute();
  },
};
