import type { Benchmark, BenchmarkSetting, MetricKey, RuntimeOptions, Workload } from '@mako/contract';
import type { ConfigValue, LATENCY_METRICS, PERCENTILES, naturalDirection } from '@mako/contract/vocabulary';
import { splitCost } from '@mako/contract/vocabulary';
import { formatHardware, formatMs, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';

/*
 * What the benchmark screens say about benchmarks: metric names and values, settings, runtime
 * options and the runner command. They read the API's objects as the contract types them.
 */

// ---- Loading state shared by the benchmark screens ---------------------------------------------

export type BenchmarkScreenStatus = 'loading' | 'error' | 'success';

// ---- Metrics ----------------------------------------------------------------------------------

export type LatencyMetric = (typeof LATENCY_METRICS)[number];
export type LatencyStat = (typeof PERCENTILES)[number];

export const LATENCY_LABELS: Record<LatencyMetric, string> = {
  ttft_ms: 'TTFT',
  tpot_ms: 'TPOT',
  itl_ms: 'ITL',
  e2el_ms: 'E2E latency',
};

const STAT_LABELS: Record<LatencyStat, string> = { mean: 'Mean', p50: 'p50', p90: 'p90', p95: 'p95', p99: 'p99' };

const PLAIN_LABELS: Record<string, string> = {
  output_throughput: 'Output tok/s',
  total_token_throughput: 'Total tok/s',
  input_throughput: 'Input tok/s',
  request_throughput: 'Requests/s',
  goodput: 'Goodput (req/s)',
  output_throughput_per_gpu: 'Output tok/s per GPU',
  output_throughput_per_user: 'Output tok/s per user',
  cost_per_million_tokens: 'Cost per 1M tokens',
  prefix_cache_hit_rate: 'Prefix-cache hit rate',
  joules_per_output_token: 'Energy per output token',
  joules_per_request: 'Energy per request',
  cost_per_million_input_tokens: 'Cost per 1M input tokens',
  cost_per_million_output_tokens: 'Cost per 1M output tokens',
};

/** Time to the first answer token, after any reasoning: AIPerf's time to first output token. */
export const TTFOT_LABEL = 'TTFOT';

/** "Output tok/s", "p99 TTFT", "Mean TPOT". */
export function metricLabel(metric: MetricKey): string {
  const [name, stat] = metric.split('.') as [string, LatencyStat | undefined];
  if (stat) return `${STAT_LABELS[stat]} ${name === 'ttfot_ms' ? TTFOT_LABEL : LATENCY_LABELS[name as LatencyMetric]}`;
  return PLAIN_LABELS[name] ?? name;
}

export type MetricDirection = ReturnType<typeof naturalDirection>;

/** Whether a runner measured any of reasoning, prefix cache or energy (runners before issue 24 did not). */
export function hasDetailMeasurements(benchmark: Benchmark): boolean {
  const m = benchmark.metrics;
  return (
    m.ttfot_ms !== undefined ||
    m.prefix_cache_hit_rate !== undefined ||
    m.engine_prefix_cache_hit_rate !== undefined ||
    m.energy !== undefined
  );
}

/** The value of a metric for one benchmark, as the server ranks it; null when unavailable. */
export function readBenchmarkMetric(benchmark: Benchmark, metric: MetricKey): number | null {
  switch (metric) {
    case 'goodput':
      return benchmark.metrics.goodput?.request_throughput ?? null;
    case 'output_throughput_per_gpu':
      return benchmark.output_throughput_per_gpu;
    case 'output_throughput_per_user':
      return benchmark.output_throughput_per_user;
    case 'cost_per_million_tokens':
      return benchmark.cost_per_million_tokens;
    case 'output_throughput':
    case 'total_token_throughput':
    case 'input_throughput':
    case 'request_throughput':
      return benchmark.metrics[metric];
    case 'prefix_cache_hit_rate':
      return benchmark.metrics.prefix_cache_hit_rate ?? null;
    case 'joules_per_output_token':
    case 'joules_per_request':
      return benchmark.metrics.energy?.[metric] ?? null;
    case 'cost_per_million_input_tokens':
    case 'cost_per_million_output_tokens': {
      const split = splitCost(benchmark.metrics, benchmark.cost_per_million_tokens);
      return split && (metric === 'cost_per_million_input_tokens' ? split.input : split.output);
    }
    default: {
      // ttfot_ms is measured only by runners that can: absent, it is no value rather than a zero.
      const [name, stat] = metric.split('.') as [LatencyMetric | 'ttfot_ms', LatencyStat];
      return benchmark.metrics[name]?.[stat] ?? null;
    }
  }
}

// Made once: a table formats a cost per row, and making a formatter costs more than formatting.
const usdWithCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * Cost per million tokens. UI.md's money format has no decimals, but these costs are usually below
 * a dollar ("$0" would hide every difference), so cents are kept under $100.
 */
export function formatCostPerMillion(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return (value < 100 ? usdWithCents : usdWhole).format(value);
}

export function formatRequestsPerSecond(value: number | null | undefined): string {
  const text = formatNumber(value, 2);
  return text === '—' ? text : `${text} req/s`;
}

/** Joules with three significant-ish decimals below 10 J (a token costs a fraction of one). */
export function formatJoules(value: number | null | undefined): string {
  const text = formatNumber(value, typeof value === 'number' && Math.abs(value) < 10 ? 3 : 1);
  return text === '—' ? text : `${text} J`;
}

/** A share 0–1 as a percentage with one decimal. */
export function formatShare(value: number | null | undefined): string {
  const text = formatNumber(typeof value === 'number' ? value * 100 : value, 1);
  return text === '—' ? text : `${text} %`;
}

/** A metric's value in its own unit: ms for latencies, tok/s, req/s, J, % or USD. */
export function formatMetric(metric: MetricKey, value: number | null | undefined): string {
  if (metric.includes('_ms.')) return formatMs(value);
  if (metric.startsWith('cost_')) return formatCostPerMillion(value);
  if (metric.startsWith('joules_')) return formatJoules(value);
  if (metric === 'prefix_cache_hit_rate') return formatShare(value);
  if (metric === 'goodput' || metric === 'request_throughput') return formatRequestsPerSecond(value);
  return formatTokensPerSecond(value);
}

// ---- Settings and runtime options -------------------------------------------------------------

const RUNTIME_NAMES: Record<string, string> = { vllm: 'vLLM', sglang: 'SGLang', 'tensorrt-llm': 'TensorRT-LLM' };

/** "vLLM 0.11.0". */
export function formatRuntime(software: { runtime: string; version: string }): string {
  return `${RUNTIME_NAMES[software.runtime] ?? software.runtime} ${software.version}`;
}

/** "10 req/s", or "All at once" for a rate of 'inf' (every request sent at time zero). */
export function formatRequestRate(rate: number | 'inf'): string {
  return rate === 'inf' ? 'All at once' : `${formatNumber(rate, 2)} req/s`;
}

const range = (low: number, high: number) =>
  low === high ? formatNumber(low) : `${formatNumber(low)}–${formatNumber(high)}`;

/** Prompt and output lengths in tokens: "1,024 → 256", or ranges "4–1,024 → 4–512". */
export function formatLengths(workload: Workload): string {
  return `${range(workload.min_prompt, workload.max_prompt)} → ${range(workload.min_output, workload.max_output)}`;
}

/** '{model name} benchmarks on {count}x {hardware name}' (SPEC §2). */
export function benchmarkSettingTitle(setting: Pick<BenchmarkSetting, 'ml_model_name' | 'hardware_config'>): string {
  return `${setting.ml_model_name} benchmarks on ${formatHardware(setting.hardware_config)}`;
}

export const SINGLE_BENCHMARKS_TITLE = 'Single benchmarks';
export const BENCHMARK_SEARCH_TITLE = 'Search benchmarks';
export const BEST_SETUP_REPORT_TITLE = 'Best-setup report';

export function formatOptionValue(value: ConfigValue | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return String(value);
}

export interface RuntimeOptionChange {
  name: string;
  value: ConfigValue;
}

/**
 * The options worth showing for one benchmark among its siblings. With the engine's defaults known,
 * the options that differ from them; otherwise the options whose values vary across `siblings`
 * (what one run changed against the others). Options that never vary say nothing and are left out;
 * when nothing varies at all, every option is listed.
 */
export function runtimeOptionsDiff(
  options: RuntimeOptions,
  siblings: readonly RuntimeOptions[],
  defaults?: Readonly<Record<string, ConfigValue | null>>,
): RuntimeOptionChange[] {
  const entries = Object.entries(options);
  if (defaults)
    return entries.filter(([name, value]) => defaults[name] !== value).map(([name, value]) => ({ name, value }));
  const names = new Set(siblings.flatMap((sibling) => Object.keys(sibling)));
  const varying = [...names].filter((name) => new Set(siblings.map((sibling) => String(sibling[name]))).size > 1);
  const shown = varying.length > 0 ? entries.filter(([name]) => varying.includes(name)) : entries;
  return shown.map(([name, value]) => ({ name, value }));
}
