import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/** Tuning sessions their owners share: a finished shared session has a public page. */
export const sharedSessions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('tuning_sessions')
      .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
