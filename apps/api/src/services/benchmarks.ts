import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  METRIC_KEYS,
  readMetric,
  runtimeCatalogue,
  type Benchmark,
  type BenchmarkCreate,
  type BenchmarkMetrics,
  type BenchmarkSetting,
  type BenchmarkSettingCreate,
  type Runtime,
  type RuntimeOptions,
} from '@mako/contract';
import type { z } from 'zod';
import { metricColumn, type BenchmarkSettingTable, type BenchmarkTable, type DB, type SettingColumns } from '../db/schema.ts';
import { isoAt } from '../context.ts';
import { sha256 } from '../auth/secrets.ts';

export type Db = Kysely<DB> | Transaction<DB>;
export type BenchmarkInput = z.output<typeof BenchmarkCreate>;
export type SettingRow = Selectable<BenchmarkSettingTable>;

/** Flags that size the deployment rather than tune the engine; a baseline may set them freely. */
export const PARALLELISM_FLAGS = new Set([
  'tensor_parallel_size',
  'pipeline_parallel_size',
  'data_parallel_size',
  'tp_size',
  'pp_size',
  'dp_size',
]);

/** Stable JSON: object keys sorted, so equal content always hashes equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function settingColumns(setting: BenchmarkSettingCreate): SettingColumns {
  const w = setting.workload;
  return {
    ml_model_name: setting.ml_model_name,
    hardware_name: setting.hardware_config.name,
    hardware_count: setting.hardware_config.count,
    runtime: setting.software.runtime,
    version: setting.software.version,
    dataset: w.dataset,
    num_requests: w.num_requests,
    request_rate: w.request_rate === 'inf' ? Infinity : w.request_rate,
    burstiness: w.burstiness,
    max_concurrency: w.max_concurrency,
    max_seq_length: w.max_seq_length,
    output_len: w.output_len,
    min_prompt: w.min_prompt,
    max_prompt: w.max_prompt,
    min_output: w.min_output,
    max_output: w.max_output,
    setting_key: sha256(canonicalJson(setting)),
  };
}

export function settingCreateOf(row: SettingColumns): BenchmarkSettingCreate {
  return {
    ml_model_name: row.ml_model_name,
    hardware_config: { name: row.hardware_name, count: row.hardware_count },
    software: { runtime: row.runtime as Runtime, version: row.version },
    workload: {
      dataset: row.dataset,
      num_requests: row.num_requests,
      request_rate: Number.isFinite(row.request_rate) ? row.request_rate : 'inf',
      burstiness: row.burstiness,
      max_concurrency: row.max_concurrency,
      max_seq_length: row.max_seq_length,
      output_len: row.output_len,
      min_prompt: row.min_prompt,
      max_prompt: row.max_prompt,
      min_output: row.min_output,
      max_output: row.max_output,
    },
  };
}

/** A setting as the caller sees it: benchmark_count counts only what the caller may read. */
export function toSetting(row: SettingRow, viewerId: string | null): BenchmarkSetting {
  return {
    id: row.id,
    owner: row.owner_id,
    created_at: row.created_at,
    benchmark_count: row.owner_id === viewerId ? row.benchmark_count : row.published_count,
    ...settingCreateOf(row),
  };
}

/** The caller's setting with this content, created when new (racing creators get the same row). */
export async function findOrCreateSetting(db: Db, ownerId: string, setting: BenchmarkSettingCreate, now: number): Promise<SettingRow> {
  const columns = settingColumns(setting);
  await db
    .insertInto('benchmark_settings')
    .values({ id: randomUUID(), owner_id: ownerId, ...columns, benchmark_count: 0, published_count: 0, created_at: isoAt(now) })
    .onConflict((oc) => oc.columns(['owner_id', 'setting_key']).doNothing())
    .execute();
  return db
    .selectFrom('benchmark_settings')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('setting_key', '=', columns.setting_key)
    .executeTakeFirstOrThrow();
}

export function metricValues(metrics: BenchmarkMetrics, gpuCount: number, cost: number | null) {
  const values = {} as Record<ReturnType<typeof metricColumn>, number | null>;
  for (const key of METRIC_KEYS) {
    const value = readMetric(metrics, key, { gpuCount, costPerMillionTokens: cost });
    values[metricColumn(key)] = value !== null && Number.isFinite(value) ? value : null;
  }
  return values;
}

/** True when every non-parallelism flag is at its engine default: such a run is a baseline. */
export function isDefaultConfig(runtime: Runtime, options: RuntimeOptions): boolean {
  const specs = runtimeCatalogue(runtime).options;
  return Object.entries(options).every(([name, value]) => {
    if (PARALLELISM_FLAGS.has(name)) return true;
    const spec = specs.find((s) => s.name === name);
    return spec !== undefined && spec.default === value;
  });
}

/**
 * Metrics that add up: the throughputs match the token totals over the duration. A benchmark is
 * marked verified when a runner (API token) reported it and its numbers are consistent.
 */
export function metricsConsistent(m: BenchmarkMetrics): boolean {
  if (m.completed <= 0 || m.duration_s <= 0) return false;
  const close = (reported: number, derived: number) => Math.abs(reported - derived) <= Math.max(0.05 * derived, 1e-6);
  return (
    close(m.output_throughput, m.total_output_tokens / m.duration_s) &&
    close(m.input_throughput, m.total_input_tokens / m.duration_s) &&
    close(m.request_throughput, m.completed / m.duration_s)
  );
}

export interface NewBenchmark {
  ownerId: string;
  setting: SettingRow;
  input: Pick<BenchmarkInput, 'runtime_options' | 'metrics' | 'cost_per_million_tokens' | 'published' | 'notes'>;
  sessionId: string | null;
  verified: boolean;
  demo?: boolean;
  now: number;
}

export function benchmarkRow(b: NewBenchmark): Selectable<BenchmarkTable> {
  const { setting, input } = b;
  const { id: _id, owner_id: _o, benchmark_count: _c, published_count: _p, created_at: _t, ...columns } = setting;
  return {
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
    ...metricValues(input.metrics, setting.hardware_count, input.cost_per_million_tokens),
  };
}

/** Stores a benchmark and keeps its setting's counters in step (call inside a transaction). */
export async function insertBenchmark(db: Db, b: NewBenchmark): Promise<string> {
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
  return row.id;
}

/** One query for the answers of the given benchmarks: their columns plus their setting's counters and owner. */
export function benchmarksByIds(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('benchmarks')
    .innerJoin('benchmark_settings as s', 's.id', 'benchmarks.setting_id')
    .select([
      'benchmarks.id',
      'benchmarks.setting_id',
      'benchmarks.session_id',
      'benchmarks.owner_id',
      'benchmarks.runtime_options',
      'benchmarks.metrics',
      'benchmarks.m_cost_per_million_tokens',
      'benchmarks.m_output_throughput_per_gpu',
      'benchmarks.m_output_throughput_per_user',
      'benchmarks.verified',
      'benchmarks.published',
      'benchmarks.demo',
      'benchmarks.notes',
      'benchmarks.created_at',
      // The setting's own columns are denormalised into every benchmark row.
      'benchmarks.ml_model_name',
      'benchmarks.hardware_name',
      'benchmarks.hardware_count',
      'benchmarks.runtime',
      'benchmarks.version',
      'benchmarks.dataset',
      'benchmarks.num_requests',
      'benchmarks.request_rate',
      'benchmarks.burstiness',
      'benchmarks.max_concurrency',
      'benchmarks.max_seq_length',
      'benchmarks.output_len',
      'benchmarks.min_prompt',
      'benchmarks.max_prompt',
      'benchmarks.min_output',
      'benchmarks.max_output',
      'benchmarks.setting_key',
      's.owner_id as setting_owner_id',
      's.created_at as setting_created_at',
      's.benchmark_count as setting_benchmark_count',
      's.published_count as setting_published_count',
    ])
    .where('benchmarks.id', 'in', ids.length ? [...ids] : ['']);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof benchmarksByIds>['execute']>>[number];

function toBenchmark(r: JoinedRow, viewerId: string | null): Benchmark {
  return {
    id: r.id,
    setting: {
      id: r.setting_id,
      owner: r.setting_owner_id,
      created_at: r.setting_created_at,
      benchmark_count: r.setting_owner_id === viewerId ? r.setting_benchmark_count : r.setting_published_count,
      ...settingCreateOf(r),
    },
    session_id: r.session_id,
    runtime_options: JSON.parse(r.runtime_options) as RuntimeOptions,
    metrics: JSON.parse(r.metrics) as BenchmarkMetrics,
    cost_per_million_tokens: r.m_cost_per_million_tokens,
    output_throughput_per_gpu: r.m_output_throughput_per_gpu ?? 0,
    output_throughput_per_user: r.m_output_throughput_per_user,
    verified: r.verified === 1,
    published: r.published === 1,
    demo: r.demo === 1,
    notes: r.notes,
    owner: r.owner_id,
    created_at: r.created_at,
  };
}

/** The answers for benchmark ids, in the order given (callers rank and filter; this only reads). */
export async function loadBenchmarks(db: Db, ids: readonly string[], viewerId: string | null): Promise<Benchmark[]> {
  if (ids.length === 0) return [];
  const rows = await benchmarksByIds(db, ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toBenchmark(row, viewerId)] : [];
  });
}
