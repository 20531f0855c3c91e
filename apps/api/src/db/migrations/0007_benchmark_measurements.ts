import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/** What a runner measured beside the metrics: repeated runs, client honesty, engine telemetry (JSON, null when not sent). */
export const benchmarkMeasurements: Migration = {
  async up(db: AnyDb) {
    for (const column of ['runs', 'client', 'telemetry'])
      await db.schema.alterTable('benchmarks').addColumn(column, 'text').execute();
  },
};
