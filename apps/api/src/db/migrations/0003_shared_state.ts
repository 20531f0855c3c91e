import { PostgresAdapter, sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/**
 * State that several server processes on one database must share: per-client request counts for
 * the burst limits, and catalogue-version bumps on setting writes too (cached setting lists and
 * pages are then invalidated in every process, as benchmark writes already are).
 */
export const sharedState: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resets_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create trigger benchmark_settings_catalogue_version after insert or update or delete on benchmark_settings
        for each statement execute function bump_catalogue_version()`.execute(db);
    } else {
      const bump = sql`update catalogue_state set value = value + 1 where name = 'catalogue_version'`;
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`benchmark_settings_catalogue_version_${event}`)} after ${sql.raw(event)} on benchmark_settings
          begin ${bump}; end`.execute(db);
    }
  },
};
