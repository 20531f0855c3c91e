import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import before from './schema-before-split.json' with { type: 'json' };

/*
 * schema-before-split.json is what the single-file migrations.ts (commit 0df5082, 0001-0012) left
 * in a fresh SQLite database: the names kysely_migration recorded and every table, index and
 * trigger. A database migrated by that layout must be up to date for this one.
 */
describe('the migrations, one file each', () => {
  it('record the names and build the schema the single file did, so older databases run only what is new', async () => {
    const { db, close } = openDatabase(':memory:');
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0012_sweeps')).error).toBeUndefined();
      const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(recorded.rows.map((r) => r.name)).toEqual(before.migrations);
      const schema = await sql<{ type: string; name: string; sql: string | null }>`
        select type, name, sql from sqlite_master where name not like 'kysely_%' order by type, name`.execute(db);
      expect(schema.rows).toEqual(before.schema);

      const latest = await migrator.migrateToLatest();
      expect(latest.error).toBeUndefined();
      expect(latest.results?.map((r) => r.migrationName)).toEqual(
        Object.keys(migrations).filter((name) => !before.migrations.includes(name)),
      );
      expect(latest.results?.[0]?.migrationName).toBe('0013_trial_flag_mismatches');
    } finally {
      await close();
    }
  });
});
