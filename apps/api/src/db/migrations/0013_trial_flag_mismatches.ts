import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/** Trials whose mismatches are copied per statement: their benchmarks' provenance is read this many at a time. */
const BATCH = 200;

/**
 * A trial's flag mismatches beside its result (JSON of the contract's FlagMismatch[]; null when
 * its engine ran every flag as asked or its runner sent no provenance), written when the result
 * is stored, so that a session's result list no longer reads each trial benchmark's whole
 * provenance (up to ~24 kB of reported flags) to pick them out. Results stored before get theirs
 * from that provenance here.
 */
export const trialFlagMismatches: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tuning_results').addColumn('flag_mismatches', 'text').execute();
    for (let after = ''; ;) {
      const rows: { id: string; provenance: string }[] = await db
        .selectFrom('tuning_results as r')
        .innerJoin('benchmarks as b', 'b.id', 'r.benchmark_id')
        .select(['r.id', 'b.provenance'])
        .where('b.provenance', 'is not', null)
        .where('r.id', '>', after)
        .orderBy('r.id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const { id, provenance } of rows) {
        const { mismatches } = JSON.parse(provenance) as { mismatches: unknown[] };
        if (mismatches.length > 0)
          await db
            .updateTable('tuning_results')
            .set({ flag_mismatches: JSON.stringify(mismatches) })
            .where('id', '=', id)
            .execute();
      }
      after = rows[rows.length - 1]!.id;
    }
  },
};
