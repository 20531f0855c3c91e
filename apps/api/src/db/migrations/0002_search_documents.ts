import { PostgresAdapter, sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';
import { RANKED_METRICS } from './0001_initial.ts';

const COVERED_METRICS = RANKED_METRICS.map((m) => `m_${m}`);

/**
 * Search answers spliced from stored JSON, a catalogue version that database triggers bump on
 * every benchmark write (so cached counts can be keyed by it, whichever process wrote), and the
 * two common filter indexes widened to cover ranking by the usual objectives.
 */
export const searchDocuments: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('benchmarks')
      .addColumn('doc_head', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('benchmarks')
      .addColumn('doc_tail', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('catalogue_state')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    // Documents start at format 0, which the server rebuilds at start (services/benchmarks/documents.ts).
    await db
      .insertInto('catalogue_state')
      .values([
        { name: 'catalogue_version', value: 0 },
        { name: 'benchmark_documents', value: 0 },
      ])
      .execute();

    const bump = sql`update catalogue_state set value = value + 1 where name = 'catalogue_version'`;
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // Once per statement: a bulk insert bumps the version once, not once per row.
      await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
        begin ${bump}; return null; end $$`.execute(db);
      await sql`create trigger benchmarks_catalogue_version after insert or update or delete on benchmarks
        for each statement execute function bump_catalogue_version()`.execute(db);
    } else {
      // SQLite has row triggers only.
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`benchmarks_catalogue_version_${event}`)} after ${sql.raw(event)} on benchmarks
          begin ${bump}; end`.execute(db);
    }

    // Ranked pages under the usual filters are answered from the index alone: the sort columns
    // (the usual objectives, created_at, id) and the visibility columns are all in it.
    await db.schema.dropIndex('benchmarks_search_dataset').execute();
    await db.schema.dropIndex('benchmarks_search').execute();
    await db.schema
      .createIndex('benchmarks_search_dataset')
      .on('benchmarks')
      .columns([
        'ml_model_name',
        'hardware_name',
        'dataset',
        'created_at',
        'published',
        'owner_id',
        ...COVERED_METRICS,
        'id',
      ])
      .execute();
    await db.schema
      .createIndex('benchmarks_search')
      .on('benchmarks')
      .columns(['ml_model_name', 'hardware_name', 'created_at', 'published', 'owner_id', ...COVERED_METRICS, 'id'])
      .execute();
  },
};
