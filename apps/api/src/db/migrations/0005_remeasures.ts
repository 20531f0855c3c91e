import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/**
 * Confidence in the winner: a session may re-measure its incumbent and runner-up once its search
 * is over. Repeat leases and results are marked; the session knows its repeats and whether the
 * tuner has ended the search before the budget was spent (converged or exhausted).
 */
export const remeasures: Migration = {
  async up(db: AnyDb) {
    const flag = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    await flag('tuning_sessions', 'confirm_repeats');
    await flag('tuning_sessions', 'search_over');
    await flag('pending_configs', 'remeasure');
    await flag('tuning_results', 'remeasure');
  },
};
