import type { Benchmark, MetricInterval, MetricKey } from '@mako/contract';
import { FAILED_SHARE_LIMIT, METRIC_KEYS, naturalDirection } from '@mako/contract/vocabulary';
import { toCsv, exportFile } from '../../foundations/format/csv';
import type { CsvValue, ExportFile, ExportFormat } from '../../foundations/format/csv';
import { formatHardware, formatNumber } from '../../foundations/format/format';
import {
  formatOptionValue,
  formatRequestRate,
  formatRuntime,
  hasDetailMeasurements,
  readBenchmarkMetric,
} from '../benchmark-common/benchmark-data';

export { MAX_COMPARED } from '../benchmark-common/compare-limit';

// ---- Which runs measure the server --------------------------------------------------------------

/** Why a benchmark's figures are no measurement of the server: a short label and the full reason. */
export interface NotComparable {
  label: string;
  reason: string;
}

/**
 * Null when the benchmark measured the server at the load asked for. A client that fell behind its
 * schedule sent less load than the setting says, and a server that failed many requests was not
 * measured at all: either run's figures would read as a dramatic win or loss against any real one.
 */
export function notComparable(benchmark: Benchmark): NotComparable | null {
  if (benchmark.client?.client_limited)
    return {
      label: 'client-limited',
      reason: 'the client could not send the load on schedule, so its figures say nothing about the server',
    };
  const { completed, failed } = benchmark.metrics;
  const total = completed + failed;
  if (total > 0 && failed / total > FAILED_SHARE_LIMIT)
    return {
      label: 'server failed',
      reason: `${formatNumber(failed)} of ${formatNumber(total)} requests failed, so its figures describe a failing server, not its speed under this load`,
    };
  return null;
}

/**
 * The benchmarks in the order asked for, except that runs which measure the server come first: #1,
 * the baseline every change is judged against, is never a run that is not comparable while one is.
 */
export function comparableFirst(benchmarks: readonly Benchmark[]): Benchmark[] {
  const comparable = benchmarks.filter((b) => notComparable(b) === null);
  return [...comparable, ...benchmarks.filter((b) => notComparable(b) !== null)];
}

/** One line of the setup table: a value per benchmark, and whether any differs from the first. */
export interface SetupRow {
  label: string;
  values: string[];
  /** Per benchmark: its value is not the first (baseline) benchmark's. */
  differs: boolean[];
}

export const setupRow = (label: string, values: string[]): SetupRow => ({
  label,
  values,
  differs: values.map((value) => value !== values[0]),
});

const range = (low: number, high: number) =>
  low === high ? formatNumber(low) : `${formatNumber(low)}–${formatNumber(high)}`;

/** What was measured and how: model, hardware, engine and the workload, one row each. */
export function workloadRows(benchmarks: readonly Benchmark[]): SetupRow[] {
  const of = (pick: (benchmark: Benchmark) => string) => benchmarks.map(pick);
  return [
    setupRow(
      'Model',
      of((b) => b.setting.ml_model_name),
    ),
    setupRow(
      'Hardware',
      of((b) => formatHardware(b.setting.hardware_config)),
    ),
    setupRow(
      'Runtime',
      of((b) => formatRuntime(b.setting.software)),
    ),
    setupRow(
      'Dataset',
      of((b) => b.setting.workload.dataset),
    ),
    setupRow(
      'Requests',
      of((b) => formatNumber(b.setting.workload.num_requests)),
    ),
    setupRow(
      'Request rate',
      of((b) => formatRequestRate(b.setting.workload.request_rate)),
    ),
    setupRow(
      'Max concurrency',
      of((b) => formatNumber(b.setting.workload.max_concurrency ?? null)),
    ),
    setupRow(
      'Prompt tokens',
      of((b) => range(b.setting.workload.min_prompt, b.setting.workload.max_prompt)),
    ),
    setupRow(
      'Output tokens',
      of((b) => range(b.setting.workload.min_output, b.setting.workload.max_output)),
    ),
    setupRow(
      'Max sequence length',
      of((b) => formatNumber(b.setting.workload.max_seq_length)),
    ),
  ];
}

/**
 * Every engine flag any of the benchmarks set, in first-seen order. A flag one benchmark leaves out
 * shows '—' there: it ran with the engine's default, which may or may not equal the other's value.
 */
export function flagRows(benchmarks: readonly Benchmark[]): SetupRow[] {
  const names = [...new Set(benchmarks.flatMap((b) => Object.keys(b.runtime_options)))];
  return names.map((name) =>
    setupRow(
      name,
      benchmarks.map((b) => formatOptionValue(b.runtime_options[name])),
    ),
  );
}

/** The metrics the comparison shows, in reading order: throughput, then latency, then money. */
export const COMPARED_METRICS: readonly MetricKey[] = [
  'output_throughput',
  'total_token_throughput',
  'request_throughput',
  'goodput',
  'output_throughput_per_gpu',
  'output_throughput_per_user',
  'ttft_ms.mean',
  'ttft_ms.p50',
  'ttft_ms.p99',
  'tpot_ms.mean',
  'tpot_ms.p99',
  'itl_ms.p99',
  'e2el_ms.p50',
  'e2el_ms.p99',
  'cost_per_million_tokens',
];

/**
 * Measured only by runners that can (a reasoning model, cached_tokens, a GPU power reading): their
 * rows come when a compared benchmark has any of them, "not measured" where one lacks it.
 */
export const DETAIL_COMPARED_METRICS: readonly MetricKey[] = [
  'ttfot_ms.p50',
  'ttfot_ms.p99',
  'prefix_cache_hit_rate',
  'joules_per_output_token',
  'joules_per_request',
  'cost_per_million_input_tokens',
  'cost_per_million_output_tokens',
];

export type Verdict = 'better' | 'worse' | 'same';

export interface MetricCell {
  value: number | null;
  /** The value's change against the first benchmark, as a fraction; null for the first itself. */
  change: number | null;
  /** Whether that change is good news for this metric (lower latency, higher throughput). */
  verdict: Verdict | null;
  /** Set instead of a change when this run or #1 does not measure the server: says which and why. */
  notComparable?: string;
  /** The 95 % interval of the value when the benchmark was repeated. */
  interval?: MetricInterval;
  /** The runner did not measure this (an optional measurement, never a zero). */
  notMeasured?: boolean;
}

export interface MetricRow {
  metric: MetricKey;
  cells: MetricCell[];
}

/** Changes smaller than this are measurement noise on any real run: called the same. */
const SAME_WITHIN = 0.005;

/**
 * Each metric for every benchmark, with its change against the first one (the baseline); no change
 * where either run is not comparable (see `notComparable`).
 */
export function metricRows(benchmarks: readonly Benchmark[]): MetricRow[] {
  const invalid = benchmarks.map(notComparable);
  const baselineInvalid = invalid[0];
  const detail = benchmarks.some(hasDetailMeasurements);
  const shown = detail ? [...COMPARED_METRICS, ...DETAIL_COMPARED_METRICS] : COMPARED_METRICS;
  return shown.map((metric) => {
    const values = benchmarks.map((b) => readBenchmarkMetric(b, metric));
    const baseline = values[0] ?? null;
    const optional = DETAIL_COMPARED_METRICS.includes(metric);
    const cells = values.map((value, index): MetricCell => {
      const interval = benchmarks[index]?.intervals?.[metric];
      const repeated = {
        ...(interval ? { interval } : {}),
        ...(optional && value === null ? { notMeasured: true } : {}),
      };
      if (index === 0 || value === null || baseline === null || baseline === 0)
        return { value, change: null, verdict: null, ...repeated };
      const why = invalid[index]?.label ?? (baselineInvalid ? `#1 ${baselineInvalid.label}` : null);
      if (why) return { value, change: null, verdict: null, notComparable: why, ...repeated };
      const change = (value - baseline) / Math.abs(baseline);
      const better = naturalDirection(metric) === 'maximize' ? change > 0 : change < 0;
      return {
        value,
        change,
        verdict: Math.abs(change) < SAME_WITHIN ? 'same' : better ? 'better' : 'worse',
        ...repeated,
      };
    });
    return { metric, cells };
  });
}

// ---- Export ------------------------------------------------------------------------------------

const EXPORT_COLUMNS = [
  'id',
  'created_at',
  'model',
  'hardware_count',
  'hardware_name',
  'runtime',
  'runtime_version',
  'dataset',
  'num_requests',
  'request_rate',
  'max_concurrency',
  'min_prompt',
  'max_prompt',
  'min_output',
  'max_output',
  'max_seq_length',
  'published',
  'verified',
  'demo',
  'session_id',
  ...METRIC_KEYS,
  'runtime_options',
] as const;

function exportRow(b: Benchmark): Record<(typeof EXPORT_COLUMNS)[number], CsvValue> {
  const { setting } = b;
  const metrics = Object.fromEntries(METRIC_KEYS.map((key) => [key, readBenchmarkMetric(b, key)])) as Record<
    MetricKey,
    number | null
  >;
  return {
    id: b.id,
    created_at: b.created_at,
    model: setting.ml_model_name,
    hardware_count: setting.hardware_config.count,
    hardware_name: setting.hardware_config.name,
    runtime: setting.software.runtime,
    runtime_version: setting.software.version,
    dataset: setting.workload.dataset,
    num_requests: setting.workload.num_requests,
    request_rate: setting.workload.request_rate,
    max_concurrency: setting.workload.max_concurrency,
    min_prompt: setting.workload.min_prompt,
    max_prompt: setting.workload.max_prompt,
    min_output: setting.workload.min_output,
    max_output: setting.workload.max_output,
    max_seq_length: setting.workload.max_seq_length,
    published: b.published,
    verified: b.verified,
    demo: b.demo,
    session_id: b.session_id,
    ...metrics,
    runtime_options: JSON.stringify(b.runtime_options),
  };
}

/** Benchmarks as CSV: one row each, every metric key a column, the flags as one JSON column. */
export function benchmarksToCsv(benchmarks: readonly Benchmark[]): string {
  return toCsv(
    EXPORT_COLUMNS,
    benchmarks.map((benchmark) => {
      const row = exportRow(benchmark);
      return EXPORT_COLUMNS.map((column) => row[column]);
    }),
  );
}

/** The export of a list of benchmarks; JSON holds the API's own objects. */
export function benchmarkExport(benchmarks: readonly Benchmark[], format: ExportFormat, stem: string): ExportFile {
  return exportFile(format, stem, benchmarks, benchmarksToCsv);
}
