import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { METRIC_KEYS, readMetric, type BenchmarkCreate, type BenchmarkMetrics, type Runtime } from '@mako/contract';
import type { z } from 'zod';
import { metricColumn, type BenchmarkTable, type SettingColumns } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { isoAt } from '../../context.ts';
import { predictionErrorRow, recordPredictionError, type ErrorRow } from '../predictions/running-error.ts';
import { isDefaultConfig } from './checks.ts';
import { benchmarkDocument } from './documents.ts';
import type { SettingRow } from './settings.ts';

/* A benchmark's row, and storing it with its setting's counters and its prediction. */

export type BenchmarkInput = z.output<typeof BenchmarkCreate>;

export function metricValues(metrics: BenchmarkMetrics, gpuCount: number, cost: number | null) {
  const values = {} as Record<ReturnType<typeof metricColumn>, number | null>;
  for (const key of METRIC_KEYS) {
    const value = readMetric(metrics, key, { gpuCount, costPerMillionTokens: cost });
    values[metricColumn(key)] = value !== null && Number.isFinite(value) ? value : null;
  }
  return values;
}

export interface NewBenchmark {
  ownerId: string;
  setting: SettingRow;
  input: Pick<BenchmarkInput, 'runtime_options' | 'metrics' | 'cost_per_million_tokens' | 'published' | 'notes'> &
    Partial<Pick<BenchmarkInput, 'runs' | 'client' | 'telemetry' | 'provenance'>>;
  sessionId: string | null;
  verified: boolean;
  demo?: boolean;
  now: number;
}

export function benchmarkRow(b: NewBenchmark): Selectable<BenchmarkTable> {
  const { setting, input } = b;
  const { id: _id, owner_id: _o, benchmark_count: _c, published_count: _p, created_at: _t, ...columns } = setting;
  const row: Omit<Selectable<BenchmarkTable>, 'doc_head' | 'doc_tail'> = {
    id: randomUUID(),
    setting_id: setting.id,
    owner_id: b.ownerId,
    session_id: b.sessionId,
    ...columns,
    runtime_options: JSON.stringify(input.runtime_options),
    metrics: JSON.stringify(input.metrics),
    is_default_config: isDefaultConfig(setting.runtime as Runtime, input.runtime_options) ? 1 : 0,
    verified: b.verified ? 1 : 0,
    published: input.published ? 1 : 0,
    demo: b.demo ? 1 : 0,
    notes: input.notes,
    created_at: isoAt(b.now),
    runs: input.runs ? JSON.stringify(input.runs) : null,
    client: input.client ? JSON.stringify(input.client) : null,
    telemetry: input.telemetry ? JSON.stringify(input.telemetry) : null,
    provenance: input.provenance ? JSON.stringify(input.provenance) : null,
    ...metricValues(input.metrics, setting.hardware_count, input.cost_per_million_tokens),
  };
  return { ...row, ...benchmarkDocument(row, setting) };
}

/**
 * A measured benchmark to store, with perf-model's prediction for it made beforehand
 * (predictionErrorRow, or measuredPrediction): the simulation must not run inside the transaction.
 */
export interface MeasuredBenchmark extends NewBenchmark {
  prediction: ErrorRow;
}

/** perf-model's prediction and its error for a benchmark about to be stored; depends only on what was posted. */
export const measuredPrediction = (
  setting: Omit<SettingColumns, 'setting_key'>,
  input: Pick<BenchmarkInput, 'runtime_options' | 'metrics'>,
): ErrorRow => predictionErrorRow({ ...setting, runtime_options: input.runtime_options }, input.metrics);

/** Stores a benchmark and keeps its setting's counters in step (call inside a transaction). */
export async function insertBenchmark(db: Db, b: MeasuredBenchmark): Promise<string> {
  const row = benchmarkRow(b);
  await db.insertInto('benchmarks').values(row).execute();
  await db
    .updateTable('benchmark_settings')
    .set((eb) => ({
      benchmark_count: eb('benchmark_count', '+', 1),
      published_count: eb('published_count', '+', row.published),
    }))
    .where('id', '=', b.setting.id)
    .execute();
  // A measured benchmark checks the model: its error joins the running error of its setting.
  await recordPredictionError(db, row.id, b.prediction);
  return row.id;
}
