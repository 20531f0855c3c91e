import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/** Multi-objective tuning sessions: their objectives as JSON (null for a single objective). */
export const sessionObjectives: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tuning_sessions').addColumn('objectives', 'text').execute();
  },
};
