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
] as const;

export function isMetricKey(name: string): name is (typeof METRIC_KEYS)[number] {
  return (METRIC_KEYS as readonly string[]).includes(name);
}

export const DIRECTIONS = ['maximize', 'minimize'] as const;

/** Latencies and cost are better when lower; throughputs when higher. */
export function naturalDirection(metric: (typeof METRIC_KEYS)[number]): (typeof DIRECTIONS)[number] {
  return metric.includes('_ms.') || metric === 'cost_per_million_tokens' ? 'minimize' : 'maximize';
}

/**
 * More than this share of failed requests, and a run measured a failing server rather than its
 * speed under the load: the runner exits non-zero and posts it only when asked (--post-failed),
 * and compare never judges it better or worse. A few percent leaves room for an engine that
 * rejects the odd over-long prompt.
 */
export const FAILED_SHARE_LIMIT = 0.05;
