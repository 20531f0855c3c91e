import {
  PREDICTED_METRICS,
  type Benchmark,
  type BenchmarkMetrics,
  type PredictedFigures,
  type PredictedMetric,
  type Prediction,
  type RunningError,
} from '@mako/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB, PredictionErrorTable } from '../../db/schema.ts';
import {
  MODEL_FINGERPRINT,
  figuresOf,
  logRatios,
  predictFigures,
  subjectOfBenchmark,
  type PredictionSubject,
} from './predict.ts';

/** The table's column suffix of each predicted metric. */
const COLUMN: Record<PredictedMetric, 'output_throughput' | 'ttft_p50' | 'ttft_p99' | 'tpot_p50' | 'tpot_p99'> = {
  output_throughput: 'output_throughput',
  'ttft_ms.p50': 'ttft_p50',
  'ttft_ms.p99': 'ttft_p99',
  'tpot_ms.p50': 'tpot_p50',
  'tpot_ms.p99': 'tpot_p99',
};

/**
 * How many benchmarks' worth of "the model is right" the correction starts from: the mean error is
 * shrunk by n / (n + PRIOR_BENCHMARKS), so one odd run moves a prediction by a quarter of its error
 * and ten runs by 77 %. perf-model's held-out error is 14 % median on throughput (its README), about
 * the spread of repeated runs on a cloud GPU, so a single benchmark cannot tell a bias from noise.
 */
export const PRIOR_BENCHMARKS = 3;

/** The factor a running error multiplies a prediction by: exp(mean ln ratio), shrunk toward 1. */
export function correctionFactor(meanLogRatio: number | null, count: number): number {
  if (meanLogRatio === null || count === 0) return 1;
  return Math.exp((meanLogRatio * count) / (count + PRIOR_BENCHMARKS));
}

export type ErrorRow = Omit<PredictionErrorTable, 'benchmark_id'>;

/** The stored row of a benchmark's prediction and its error, computed from its setting, flags and measurements. */
export function predictionErrorRow(subject: PredictionSubject, metrics: BenchmarkMetrics): ErrorRow {
  const figures = predictFigures(subject);
  const predicted = figures.kind === 'predicted' ? figures.predicted : null;
  const ratios = predicted ? logRatios(figuresOf(metrics, subject.hardware_count), predicted) : null;
  const row: ErrorRow = {
    ml_model_name: subject.ml_model_name,
    hardware_name: subject.hardware_name,
    runtime: subject.runtime,
    model_fingerprint: MODEL_FINGERPRINT,
    weight_dtype: figures.kind === 'predicted' ? figures.weight_dtype : null,
    no_prediction: figures.kind === 'none' ? figures.reason : null,
  } as ErrorRow;
  for (const metric of PREDICTED_METRICS) {
    row[`pred_${COLUMN[metric]}`] = predicted?.[metric] ?? null;
    row[`lr_${COLUMN[metric]}`] = ratios?.[metric] ?? null;
  }
  return row;
}

/**
 * Stores (or replaces) a measured benchmark's prediction and error, made beforehand with
 * predictionErrorRow: a simulation takes up to tens of ms, which no transaction should hold its
 * locks for. Call inside the storing transaction.
 */
export async function recordPredictionError(db: Db, benchmarkId: string, row: ErrorRow): Promise<void> {
  await db
    .insertInto('prediction_errors')
    .values({ benchmark_id: benchmarkId, ...row })
    .onConflict((oc) => oc.column('benchmark_id').doUpdateSet(row))
    .execute();
}

export interface SettingKey {
  ml_model_name: string;
  hardware_name: string;
  runtime: string;
}

/**
 * The running error per metric on a model × GPU × engine: a query, so every server process on the
 * database agrees and deletions count at once. It reads only the benchmarks the viewer may read
 * (published ones and their own): with one benchmark behind it, the mean would give a private
 * measurement away. `excluding` leaves a benchmark out, so that none corrects its own prediction.
 */
export async function runningErrors(
  db: Db,
  key: SettingKey,
  viewerId: string | null,
  excluding: string | null = null,
): Promise<RunningError[]> {
  let query = db
    .selectFrom('prediction_errors as e')
    .innerJoin('benchmarks as b', 'b.id', 'e.benchmark_id')
    .where('e.ml_model_name', '=', key.ml_model_name)
    .where('e.hardware_name', '=', key.hardware_name)
    .where('e.runtime', '=', key.runtime)
    .where('e.model_fingerprint', '=', MODEL_FINGERPRINT)
    .where((eb) =>
      viewerId === null
        ? eb('b.published', '=', 1)
        : eb.or([eb('b.published', '=', 1), eb('b.owner_id', '=', viewerId)]),
    );
  if (excluding !== null) query = query.where('e.benchmark_id', '!=', excluding);
  const aggregates = await query
    .select((eb) =>
      PREDICTED_METRICS.flatMap((metric) => [
        eb.fn.count(`e.lr_${COLUMN[metric]}`).as(`n_${COLUMN[metric]}`),
        eb.fn.avg(`e.lr_${COLUMN[metric]}`).as(`mean_${COLUMN[metric]}`),
      ]),
    )
    .executeTakeFirst();
  const row = (aggregates ?? {}) as Record<string, string | number | bigint | null>;
  return PREDICTED_METRICS.map((metric) => {
    const count = Number(row[`n_${COLUMN[metric]}`] ?? 0);
    const mean = row[`mean_${COLUMN[metric]}`];
    const meanLogRatio = count > 0 && mean !== null && mean !== undefined ? Number(mean) : null;
    return { metric, count, mean_log_ratio: meanLogRatio, factor: correctionFactor(meanLogRatio, count) };
  });
}

/** The running error's factor on output tokens/s, for the tuner's prior (tuning/physics-prior.ts). */
export async function throughputCorrection(
  db: Db,
  session: { ml_model_name: string; hardware_name: string; runtime: string },
  viewerId: string,
): Promise<number> {
  const errors = await runningErrors(db, session, viewerId);
  return errors.find((e) => e.metric === 'output_throughput')?.factor ?? 1;
}

/** The figures times the running error's factors; null when no benchmark corrects any of them. */
export function correctedFigures(
  predicted: PredictedFigures,
  errors: readonly RunningError[],
): PredictedFigures | null {
  if (errors.every((e) => e.count === 0)) return null;
  const corrected = { ...predicted };
  for (const e of errors) corrected[e.metric] = predicted[e.metric] * e.factor;
  return corrected;
}

const DEMO_REASON =
  'This benchmark is demo data: it was itself modelled by the performance model, so comparing it with a prediction would compare the model with itself.';

/**
 * A benchmark's prediction for its answer: the stored one of a measured benchmark (made when it was
 * stored), else computed now, corrected by the running error of its model × GPU × engine.
 */
export async function predictionOf(
  db: Db,
  benchmark: Pick<Benchmark, 'id' | 'demo' | 'setting' | 'runtime_options'>,
  viewerId: string | null,
): Promise<Prediction> {
  if (benchmark.demo) return { kind: 'none', reason: DEMO_REASON };
  const stored = await db
    .selectFrom('prediction_errors')
    .selectAll()
    .where('benchmark_id', '=', benchmark.id)
    .where('model_fingerprint', '=', MODEL_FINGERPRINT)
    .executeTakeFirst();
  const figures = stored ? storedFigures(stored) : predictFigures(subjectOfBenchmark(benchmark));
  if (figures.kind === 'none') return figures;
  const { setting } = benchmark;
  const errors = await runningErrors(
    db,
    {
      ml_model_name: setting.ml_model_name,
      hardware_name: setting.hardware_config.name,
      runtime: setting.software.runtime,
    },
    viewerId,
    benchmark.id,
  );
  return {
    kind: 'predicted',
    predicted: figures.predicted,
    corrected: correctedFigures(figures.predicted, errors),
    running_error: errors,
    weight_dtype: figures.weight_dtype,
  };
}

function storedFigures(row: PredictionErrorTable) {
  if (row.no_prediction !== null || row.weight_dtype === null) {
    return { kind: 'none' as const, reason: row.no_prediction ?? 'No prediction.' };
  }
  const predicted = {} as PredictedFigures;
  for (const metric of PREDICTED_METRICS) predicted[metric] = row[`pred_${COLUMN[metric]}`] ?? 0;
  return { kind: 'predicted' as const, predicted, weight_dtype: row.weight_dtype };
}

/**
 * Predicts (again) every measured benchmark whose stored prediction is missing or came from another
 * perf-model: after start, in the background and in batches (a simulation takes tens of ms, so a
 * large catalogue takes minutes), so that the running error compares with the current model.
 * Until then stale rows do not count and pages predict afresh. Returns how many were predicted.
 */
export async function rebuildPredictionErrors(
  db: Kysely<DB>,
  { batch = 200, signal }: { batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let rebuilt = 0;
  for (;;) {
    // Stopped between batches (a shutdown): the next start carries on where this one left off.
    if (signal?.aborted) return rebuilt;
    const rows = await db
      .selectFrom('benchmarks as b')
      .leftJoin('prediction_errors as e', 'e.benchmark_id', 'b.id')
      .selectAll('b')
      .where('b.demo', '=', 0)
      .where((eb) => eb.or([eb('e.benchmark_id', 'is', null), eb('e.model_fingerprint', '!=', MODEL_FINGERPRINT)]))
      .orderBy('b.id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return rebuilt;
    // Simulated before the transaction, which then only writes.
    const predicted = rows.map(({ runtime_options, metrics, ...row }) => {
      const subject: PredictionSubject = { ...row, runtime_options: JSON.parse(runtime_options) };
      return { id: row.id, error: predictionErrorRow(subject, JSON.parse(metrics) as BenchmarkMetrics) };
    });
    await db.transaction().execute(async (trx) => {
      for (const { id, error } of predicted) await recordPredictionError(trx, id, error);
      // Benchmark answers carry the running error and are cached per catalogue version (every
      // process's cache): this write touches no benchmark row, so it bumps the version itself.
      await trx
        .updateTable('catalogue_state')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'catalogue_version')
        .execute();
    });
    rebuilt += rows.length;
  }
}
