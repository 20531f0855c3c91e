import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.ts';

/**
 * 0011_prediction_errors: per measured benchmark, perf-model's predicted figures (or why there are
 * none) and ln(measured / predicted) of each (services/predictions), so a page shows them without
 * simulating again. The running error per model × GPU × engine is a query over these rows,
 * so every server process on one database sees the same figure, a deleted benchmark drops out with
 * its row (cascade), and two benchmarks stored at once are two rows, not a racing update.
 */
export const predictionErrors: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('prediction_errors')
      .addColumn('benchmark_id', 'text', (c) => c.primaryKey().references('benchmarks.id').onDelete('cascade'))
      .addColumn('ml_model_name', 'text', (c) => c.notNull())
      .addColumn('hardware_name', 'text', (c) => c.notNull())
      .addColumn('runtime', 'text', (c) => c.notNull())
      .addColumn('model_fingerprint', 'text', (c) => c.notNull())
      .addColumn('weight_dtype', 'text')
      .addColumn('no_prediction', 'text')
      .addColumn('pred_output_throughput', 'double precision')
      .addColumn('pred_ttft_p50', 'double precision')
      .addColumn('pred_ttft_p99', 'double precision')
      .addColumn('pred_tpot_p50', 'double precision')
      .addColumn('pred_tpot_p99', 'double precision')
      .addColumn('lr_output_throughput', 'double precision')
      .addColumn('lr_ttft_p50', 'double precision')
      .addColumn('lr_ttft_p99', 'double precision')
      .addColumn('lr_tpot_p50', 'double precision')
      .addColumn('lr_tpot_p99', 'double precision')
      .execute();
    await db.schema
      .createIndex('prediction_errors_setting')
      .on('prediction_errors')
      .columns(['ml_model_name', 'hardware_name', 'runtime'])
      .execute();
  },
};
