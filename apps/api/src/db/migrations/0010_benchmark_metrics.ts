import type { Migration } from 'kysely';
import { splitCost } from '@mako/contract';
import type { AnyDb } from './any-db.ts';

/** Issue 24: reasoning, prefix cache, energy and the input/output cost split, searchable as metrics. */
export const METRIC_COLUMNS_0010: readonly string[] = [
  ...['mean', 'p50', 'p90', 'p95', 'p99'].map((p) => `m_ttfot_ms_${p}`),
  'm_prefix_cache_hit_rate',
  'm_joules_per_output_token',
  'm_joules_per_request',
  'm_cost_per_million_input_tokens',
  'm_cost_per_million_output_tokens',
];
export const benchmarkMetrics: Migration = {
  async up(db: AnyDb) {
    for (const column of METRIC_COLUMNS_0010)
      await db.schema.alterTable('benchmarks').addColumn(column, 'double precision').execute();
    // Benchmarks stored before kept none of the new measurements (the contract dropped them), but
    // those with a cost get its split, as a new benchmark would.
    const priced = await db
      .selectFrom('benchmarks')
      .select(['id', 'metrics', 'm_cost_per_million_tokens'])
      .where('m_cost_per_million_tokens', 'is not', null)
      .execute();
    for (const row of priced) {
      const split = splitCost(JSON.parse(row.metrics as string), row.m_cost_per_million_tokens as number);
      if (!split) continue;
      await db
        .updateTable('benchmarks')
        .set({ m_cost_per_million_input_tokens: split.input, m_cost_per_million_output_tokens: split.output })
        .where('id', '=', row.id)
        .execute();
    }
  },
};
