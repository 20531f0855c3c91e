/*
 * The metrics an objective, a constraint or a sort can name. Latency metrics are
 * `<stat>.<percentile>`; the per-GPU and per-user throughputs are the two axes of a Pareto chart
 * (InferenceMAX style).
 */

export const LATENCY_METRICS = ['ttft_ms', 'tpot_ms', 'itl_ms', 'e2el_ms'] as const;
export const PERCENTILES = ['mean', 'p50', 'p90', 'p95', 'p99'] as const;

export const METRIC_KEYS = [
  'output_throughput',
  'total_token_throughput',
  'input_throughput',
  'request_throughput',
  'goodput',
  'output_throughput_per_gpu',
  'output_throughput_per_user',
  'cost_per_million_tokens',
  ...LATENCY_METRICS.flatMap((m) => PERCENTILES.map((p) => `${m}.${p}` as const)),
  // Measured only by runners that can (reasoning models, engines reporting cached_tokens, GPUs
  // with a power reading): a benchmark without them has no value, never a zero.
  ...PERCENTILES.map((p) => `ttfot_ms.${p}` as const),
  'prefix_cache_hit_rate',
  'joules_per_output_token',
  'joules_per_request',
  'cost_per_million_input_tokens',
  'cost_per_million_output_tokens',
] as const;

export function isMetricKey(name: string): name is (typeof METRIC_KEYS)[number] {
  return (METRIC_KEYS as readonly string[]).includes(name);
}

export const DIRECTIONS = ['maximize', 'minimize'] as const;

/** Latencies, costs and energy are better when lower; throughputs and the cache hit rate when higher. */
export function naturalDirection(metric: (typeof METRIC_KEYS)[number]): (typeof DIRECTIONS)[number] {
  return metric.includes('_ms.') || metric.startsWith('cost_') || metric.startsWith('joules_')
    ? 'minimize'
    : 'maximize';
}

/**
 * More than this share of failed requests, and a run measured a failing server rather than its
 * speed under the load: the runner exits non-zero and posts it only when asked (--post-failed),
 * and compare never judges it better or worse. A few percent leaves room for an engine that
 * rejects the odd over-long prompt.
 */
export const FAILED_SHARE_LIMIT = 0.05;
