import { randomUUID } from 'node:crypto';
import {
  SqliteAdapter,
  sql,
  type AliasedSelectQueryBuilder,
  type Compilable,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
} from 'kysely';
import {
  METRIC_KEYS,
  meanRun,
  sameSlo,
  metricIntervals,
  readMetric,
  runtimeCatalogue,
  type Benchmark,
  type BenchmarkCreate,
  type BenchmarkMetrics,
  type BenchmarkSetting,
  type BenchmarkSettingCreate,
  type ClientReport,
  type Provenance,
  type Runtime,
  type RuntimeOptions,
  type Telemetry,
} from '@mako/contract';
import type { z } from 'zod';
import {
  metricColumn,
  type BenchmarkSettingTable,
  type BenchmarkTable,
  type DB,
  type SettingColumns,
} from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { isoAt } from '../context.ts';
import { sha256 } from '../auth/secrets.ts';
import { predictionErrorRow, predictionOf, recordPredictionError, type ErrorRow } from './predictions/running-error.ts';

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
export async function findOrCreateSetting(
  db: Db,
  ownerId: string,
  setting: BenchmarkSettingCreate,
  now: number,
): Promise<SettingRow> {
  const columns = settingColumns(setting);
  await db
    .insertInto('benchmark_settings')
    .values({
      id: randomUUID(),
      owner_id: ownerId,
      ...columns,
      benchmark_count: 0,
      published_count: 0,
      created_at: isoAt(now),
    })
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

/** Counts the runner rounds to whole requests and tokens when it averages the runs. */
const COUNT_FIELDS = new Set(['completed', 'failed', 'total_input_tokens', 'total_output_tokens']);

/** Within rounding: a count to the whole, any other figure to two decimals or 0.1 % of its size. */
function withinRounding(field: string, posted: number, mean: number): boolean {
  const tolerance = COUNT_FIELDS.has(field) ? 0.5 : Math.max(0.01, 1e-3 * Math.abs(mean));
  return Math.abs(posted - mean) <= tolerance + 1e-9;
}

export interface RunsDisagreement {
  /** Where in `metrics` (e.g. `['ttft_ms', 'p99']`). */
  path: string[];
  message: string;
}

/**
 * The first figure of a repeated benchmark's `metrics` that is not the mean of its runs (the
 * contract's `meanRun`) beyond rounding, or null when they agree. A `metrics` that is not the runs'
 * mean would show one number in search and rankings and an interval around another on the
 * benchmark's page.
 */
export function runsDisagreement(
  metrics: BenchmarkMetrics,
  runs: readonly BenchmarkMetrics[],
): RunsDisagreement | null {
  const walk = (posted: unknown, mean: unknown, path: string[]): RunsDisagreement | null => {
    const name = `metrics.${path.join('.')}`;
    const notInEveryRun = { path, message: `${name} is given, but not every run has it` };
    if (typeof posted === 'number') {
      if (typeof mean !== 'number') return notInEveryRun;
      if (withinRounding(path[path.length - 1] ?? '', posted, mean)) return null;
      return { path, message: `${name} is ${posted}, but the mean of the runs is ${Number(mean.toFixed(4))}` };
    }
    if (typeof posted === 'string')
      return posted === mean ? null : { path, message: `${name} is ${posted}, but not in every run` };
    if (posted === null || typeof posted !== 'object') {
      // Goodput is null unless every run measured it (the runs' mean has it only then).
      if (mean !== null && mean !== undefined) return { path, message: `${name} is missing, but every run has it` };
      return null;
    }
    if (mean === null || typeof mean !== 'object') return notInEveryRun;
    for (const [key, child] of Object.entries(posted)) {
      const found = walk(child, (mean as Record<string, unknown>)[key], [...path, key]);
      if (found) return found;
    }
    return null;
  };
  const slos = runs.flatMap((run) => (run.goodput ? [run.goodput.slo] : []));
  if (slos.some((slo) => !sameSlo(slo, slos[0]!))) {
    const path = ['goodput', 'slo'];
    return { path, message: 'metrics.goodput.slo differs between the runs: goodput is comparable under one SLO only' };
  }
  // Counts unrounded: the rounding the runner does is what withinRounding allows for.
  return walk(metrics, meanRun(runs, { wholeCounts: false }), []);
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
  setting: SettingColumns,
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

// ---- Stored answers ---------------------------------------------------------------------------

/** The format of the stored documents; raise it whenever the answer changes shape, and every stored document is rebuilt at the next start. */
export const DOCUMENT_FORMAT = 2;

/** What a document is made of: the benchmark's columns and its setting's owner and creation time. */
export type DocumentSource = Omit<Selectable<BenchmarkTable>, 'doc_head' | 'doc_tail'>;
type SettingHead = Pick<SettingRow, 'owner_id' | 'created_at'>;

/** A count no answer can carry, so that its key marks the one viewer-dependent spot of a document. */
const COUNT_MARK = -1;
const COUNT_KEY = '"benchmark_count":';

function toBenchmark(r: DocumentSource, setting: SettingHead, benchmarkCount: number): Benchmark {
  return {
    id: r.id,
    setting: {
      id: r.setting_id,
      owner: setting.owner_id,
      created_at: setting.created_at,
      benchmark_count: benchmarkCount,
      ...settingCreateOf(r),
    },
    session_id: r.session_id,
    runtime_options: JSON.parse(r.runtime_options) as RuntimeOptions,
    metrics: JSON.parse(r.metrics) as BenchmarkMetrics,
    cost_per_million_tokens: r.m_cost_per_million_tokens ?? null,
    output_throughput_per_gpu: r.m_output_throughput_per_gpu ?? 0,
    output_throughput_per_user: r.m_output_throughput_per_user ?? null,
    verified: r.verified === 1,
    published: r.published === 1,
    demo: r.demo === 1,
    notes: r.notes,
    owner: r.owner_id,
    created_at: r.created_at,
    ...(r.client === null ? {} : { client: JSON.parse(r.client) as ClientReport }),
  };
}

/**
 * The benchmark's answer as JSON text, split where the caller-dependent `setting.benchmark_count`
 * goes: `doc_head + count + doc_tail` is the answer. Inside JSON strings a quote is escaped, so the
 * first bare `"benchmark_count":` is the setting's key (it precedes every free-text field).
 */
export function benchmarkDocument(
  row: DocumentSource,
  setting: SettingHead,
): Pick<BenchmarkTable, 'doc_head' | 'doc_tail'> {
  const json = JSON.stringify(toBenchmark(row, setting, COUNT_MARK));
  const at = json.indexOf(COUNT_KEY + String(COUNT_MARK)) + COUNT_KEY.length;
  return { doc_head: json.slice(0, at), doc_tail: json.slice(at + String(COUNT_MARK).length) };
}

/**
 * Rewrites the stored documents of these benchmarks from their columns. Every update of a
 * benchmark's columns goes through here (call inside the updating transaction).
 */
export async function refreshDocuments(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('benchmarks')
    .innerJoin('benchmark_settings as s', 's.id', 'benchmarks.setting_id')
    .selectAll('benchmarks')
    .select(['s.owner_id as setting_owner_id', 's.created_at as setting_created_at'])
    .where('benchmarks.id', 'in', [...ids])
    .execute();
  for (const { doc_head: _h, doc_tail: _t, setting_owner_id, setting_created_at, ...row } of rows) {
    await db
      .updateTable('benchmarks')
      .set(benchmarkDocument(row, { owner_id: setting_owner_id, created_at: setting_created_at }))
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Rebuilds every stored document when they were written in an older format (or by a server that
 * predates them); a no-op otherwise. Runs at start, in batches, and marks the format done last, so
 * an interrupted rebuild starts over.
 */
export async function rebuildStaleDocuments(db: Kysely<DB>, batch = 500): Promise<number> {
  const state = await db
    .selectFrom('catalogue_state')
    .select('value')
    .where('name', '=', 'benchmark_documents')
    .executeTakeFirst();
  if (state?.value === DOCUMENT_FORMAT) return 0;
  let after = '';
  let rebuilt = 0;
  for (;;) {
    const ids = (
      await db.selectFrom('benchmarks').select('id').where('id', '>', after).orderBy('id').limit(batch).execute()
    ).map((r) => r.id);
    if (ids.length === 0) break;
    await db.transaction().execute((trx) => refreshDocuments(trx, ids));
    rebuilt += ids.length;
    after = ids[ids.length - 1]!;
  }
  await db
    .updateTable('catalogue_state')
    .set({ value: DOCUMENT_FORMAT })
    .where('name', '=', 'benchmark_documents')
    .execute();
  return rebuilt;
}

/** The count a viewer sees on a setting: all its benchmarks for the owner, the published ones for everyone else. */
function visibleSettingCount(eb: ExpressionBuilder<DB, 'benchmarks' | 'benchmark_settings'>, viewerId: string | null) {
  return viewerId === null
    ? eb.ref('benchmark_settings.published_count')
    : eb
        .case()
        .when('benchmark_settings.owner_id', '=', viewerId)
        .then(eb.ref('benchmark_settings.benchmark_count'))
        .else(eb.ref('benchmark_settings.published_count'))
        .end();
}

/** A benchmark's answer (`document`), its viewer's count spliced in by the database. Needs benchmarks joined with their settings. */
export function documentColumn(viewerId: string | null) {
  return (eb: ExpressionBuilder<DB, 'benchmarks' | 'benchmark_settings'>) =>
    sql<string>`${eb.ref('benchmarks.doc_head')} || ${visibleSettingCount(eb, viewerId)} || ${eb.ref('benchmarks.doc_tail')}`.as(
      'document',
    );
}

/** The `data` array of a page answer without its brackets: the answers, comma-separated. */
export type PageData = Buffer | string;

/**
 * The query for a page's `data` from a query of its answers (a `document` column, in page order),
 * and how to read it.
 *
 * SQLite joins the page in one pass and hands it over as one blob (a cast of text to blob only
 * relabels it): no per-row JavaScript strings or buffers, no re-encoding on the way to the socket.
 * group_concat follows the order of its ordered FROM-subquery: SQLite keeps a subquery's ORDER BY
 * when it has a LIMIT or the outer query aggregates with anything but count/min/max (sqlite3.c,
 * tag-select-0230), and a page query is both. PostgreSQL gives no such promise, so its rows are
 * joined here.
 */
export function pageData<O extends { document: string }>(
  db: Db,
  documents: Compilable<O> & { as(alias: 'page'): AliasedSelectQueryBuilder<O, 'page'>; execute(): Promise<O[]> },
) {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const query = db
      .selectFrom(documents.as('page'))
      .select(sql<Buffer | null>`cast(group_concat(${sql.ref('page.document')}, ',') as blob)`.as('data'));
    return { query, read: async (): Promise<PageData> => (await query.executeTakeFirst())?.data ?? '' };
  }
  return {
    query: documents,
    read: async (): Promise<PageData> => (await documents.execute()).map((r) => r.document).join(','),
  };
}

const PAGE_OPEN = Buffer.from('{"data":[');

/** A page answer (`{data, count}`) made of stored answers, none of them parsed or serialised. */
export function pageBody(data: PageData, count: number): PageData {
  const close = `],"count":${count}}`;
  return Buffer.isBuffer(data) ? Buffer.concat([PAGE_OPEN, data, Buffer.from(close)]) : `{"data":[${data}${close}`;
}

/** The stored answers of the given benchmarks, with the viewer's counts, in no particular order. */
export function documentsByIds(db: Db, ids: readonly string[], viewerId: string | null) {
  return db
    .selectFrom('benchmarks')
    .innerJoin('benchmark_settings', 'benchmark_settings.id', 'benchmarks.setting_id')
    .select(['benchmarks.id'])
    .select(documentColumn(viewerId))
    .where('benchmarks.id', 'in', ids.length ? [...ids] : ['']);
}

/**
 * One benchmark's full answer: its stored document with the repeated runs, their intervals and
 * the telemetry, which pages leave out (a telemetry series alone can outweigh a page of rows).
 */
export async function loadBenchmarkDetail(db: Db, id: string, viewerId: string | null): Promise<Benchmark | null> {
  const [benchmark] = await loadBenchmarks(db, [id], viewerId);
  if (!benchmark) return null;
  const extra = await db
    .selectFrom('benchmarks')
    .select(['runs', 'telemetry', 'provenance', 'hardware_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const runs = extra.runs === null ? null : (JSON.parse(extra.runs) as BenchmarkMetrics[]);
  return {
    ...benchmark,
    ...(runs ? { runs, intervals: metricIntervals(runs, extra.hardware_count) } : {}),
    ...(extra.telemetry === null ? {} : { telemetry: JSON.parse(extra.telemetry) as Telemetry }),
    ...(extra.provenance === null ? {} : { provenance: JSON.parse(extra.provenance) as Provenance }),
    prediction: await predictionOf(db, benchmark, viewerId),
  };
}

/** The answers for benchmark ids, in the order given (callers rank and filter; this only reads). */
export async function loadBenchmarks(db: Db, ids: readonly string[], viewerId: string | null): Promise<Benchmark[]> {
  if (ids.length === 0) return [];
  const rows = await documentsByIds(db, ids, viewerId).execute();
  const byId = new Map(rows.map((r) => [r.id, r.document]));
  return ids.flatMap((id) => {
    const document = byId.get(id);
    return document === undefined ? [] : [JSON.parse(document) as Benchmark];
  });
}
