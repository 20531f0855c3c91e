import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/** Issue 24: what the engine really ran with, beside each benchmark (JSON of the contract's Provenance; null from older runners). */
export const benchmarkProvenance: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('benchmarks').addColumn('provenance', 'text').execute();
  },
};
