import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/**
 * Issue 24: a load sweep as one object. Its setting, SLO and levels are JSON (read and written
 * whole); sweep_benchmarks links each level's benchmark so that a benchmark finds its sweep, and
 * drops the link when the benchmark is deleted.
 */
export const sweeps: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sweeps')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('over', 'text', (c) => c.notNull())
      .addColumn('setting', 'text', (c) => c.notNull())
      .addColumn('runtime_options', 'text', (c) => c.notNull())
      .addColumn('slo', 'text', (c) => c.notNull())
      .addColumn('attainment', 'double precision', (c) => c.notNull())
      .addColumn('levels', 'text', (c) => c.notNull())
      .addColumn('complete', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sweeps_owner').on('sweeps').columns(['owner_id', 'created_at']).execute();
    await db.schema
      .createTable('sweep_benchmarks')
      .addColumn('sweep_id', 'text', (c) => c.notNull().references('sweeps.id').onDelete('cascade'))
      .addColumn('benchmark_id', 'text', (c) => c.notNull().references('benchmarks.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('sweep_benchmarks_pk', ['sweep_id', 'benchmark_id'])
      .execute();
    await db.schema.createIndex('sweep_benchmarks_benchmark').on('sweep_benchmarks').column('benchmark_id').execute();
  },
};
