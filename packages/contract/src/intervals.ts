import { readMetric, type BenchmarkMetrics, type LatencyStats, type MetricIntervals, type Slo } from './benchmarks.ts';
import { METRIC_KEYS, type LATENCY_METRICS } from './vocabulary/metrics.ts';

/*
 * Confidence intervals of repeated runs. The runner prints them and the API answers with them, both
 * from here, so a terminal and a page never disagree about a run's uncertainty.
 */

/** Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 0.975 quantile of Student's t with `df` degrees of freedom (Cornish–Fisher beyond the table: < 0.001 off). */
export function tQuantile95(df: number): number {
  if (df < 1) return NaN;
  if (df <= T95.length) return T95[df - 1] as number;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2);
}

export interface MeanCi {
  n: number;
  mean: number;
  /** Half-width of the 95 % confidence interval of the mean (Student t, n − 1 df); null for one run. */
  ci95: number | null;
  low: number | null;
  high: number | null;
  /** Every run's value, in run order. */
  values: number[];
}

export function meanCi(values: readonly number[]): MeanCi {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, ci95: null, low: null, high: null, values: [...values] };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const half = tQuantile95(n - 1) * Math.sqrt(variance / n);
  return { n, mean, ci95: half, low: mean - half, high: mean + half, values: [...values] };
}

/**
 * The 95 % interval of every vocabulary metric over the runs, for a benchmark on `gpuCount` GPUs.
 * A metric missing from any run (goodput without an SLO) gets none, and so does cost, which is a
 * price rather than a measurement.
 */
export function metricIntervals(runs: readonly BenchmarkMetrics[], gpuCount: number): MetricIntervals {
  const out: MetricIntervals = {};
  if (runs.length < 2) return out;
  for (const key of METRIC_KEYS) {
    if (key === 'cost_per_million_tokens') continue;
    const values = runs.map((run) => readMetric(run, key, { gpuCount }));
    if (!values.every((v): v is number => v !== null && Number.isFinite(v))) continue;
    const { mean, low, high, n } = meanCi(values);
    out[key] = { mean, low: low as number, high: high as number, n };
  }
  return out;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Whether two SLOs set the same limits on the same figures. */
export function sameSlo(a: Slo, b: Slo): boolean {
  const limits = (slo: Slo) => Object.entries(slo).filter(([, limit]) => limit !== undefined && limit !== null);
  const left = limits(a);
  return (
    left.length === limits(b).length && left.every(([key, limit]) => (b as Record<string, unknown>)[key] === limit)
  );
}

/**
 * The run a repeated benchmark reports as its `metrics`: every field's mean over the runs (counts
 * rounded to whole requests and tokens, unless `wholeCounts` is false: the server names the exact
 * mean when it refuses a posted figure). Goodput stays only when every run measured it, against
 * one SLO.
 */
export function meanRun(runs: readonly BenchmarkMetrics[], { wholeCounts = true } = {}): BenchmarkMetrics {
  const field = (pick: (m: BenchmarkMetrics) => number) => mean(runs.map(pick));
  const count = (pick: (m: BenchmarkMetrics) => number) => (wholeCounts ? Math.round(field(pick)) : field(pick));
  const latency = (name: (typeof LATENCY_METRICS)[number]): LatencyStats => ({
    mean: field((m) => m[name].mean),
    p50: field((m) => m[name].p50),
    p90: field((m) => m[name].p90),
    p95: field((m) => m[name].p95),
    p99: field((m) => m[name].p99),
  });
  const goodputs = runs.map((m) => m.goodput);
  const first = goodputs[0];
  // Goodput counts the requests that met an SLO: runs measured against different SLOs count
  // different things, and their mean is nobody's goodput.
  const oneSlo = goodputs.every((g) => g !== null && sameSlo(g.slo, first!.slo));
  return {
    completed: count((m) => m.completed),
    failed: count((m) => m.failed),
    duration_s: field((m) => m.duration_s),
    total_input_tokens: count((m) => m.total_input_tokens),
    total_output_tokens: count((m) => m.total_output_tokens),
    request_throughput: field((m) => m.request_throughput),
    input_throughput: field((m) => m.input_throughput),
    output_throughput: field((m) => m.output_throughput),
    total_token_throughput: field((m) => m.total_token_throughput),
    ttft_ms: latency('ttft_ms'),
    tpot_ms: latency('tpot_ms'),
    itl_ms: latency('itl_ms'),
    e2el_ms: latency('e2el_ms'),
    goodput:
      first && oneSlo
        ? {
            request_throughput: mean(goodputs.map((g) => g!.request_throughput)),
            attainment: mean(goodputs.map((g) => g!.attainment)),
            slo: first.slo,
          }
        : null,
    ...meanOptional(runs, wholeCounts),
  };
}

/**
 * The optional measurements' means, each kept only when every run has it: a mean over the runs that
 * measured it would pass a subset off as the whole. Energy also needs one source throughout.
 */
function meanOptional(runs: readonly BenchmarkMetrics[], wholeCounts: boolean): Partial<BenchmarkMetrics> {
  const out: Partial<BenchmarkMetrics> = {};
  const all = <T>(pick: (m: BenchmarkMetrics) => T | undefined): T[] | null => {
    const values = runs.map(pick);
    return values.every((v) => v !== undefined) ? (values as T[]) : null;
  };
  const ttfot = all((m) => m.ttfot_ms);
  if (ttfot)
    out.ttfot_ms = {
      mean: mean(ttfot.map((s) => s.mean)),
      p50: mean(ttfot.map((s) => s.p50)),
      p90: mean(ttfot.map((s) => s.p90)),
      p95: mean(ttfot.map((s) => s.p95)),
      p99: mean(ttfot.map((s) => s.p99)),
    };
  for (const name of ['reasoning_tokens', 'answer_tokens', 'cached_prompt_tokens'] as const) {
    const values = all((m) => m[name]);
    if (values) out[name] = wholeCounts ? Math.round(mean(values)) : mean(values);
  }
  for (const name of ['prefix_cache_hit_rate', 'engine_prefix_cache_hit_rate'] as const) {
    const values = all((m) => m[name]);
    if (values) out[name] = mean(values);
  }
  const energy = all((m) => m.energy);
  if (energy && energy.every((e) => e.source === energy[0]!.source))
    out.energy = {
      joules_per_output_token: mean(energy.map((e) => e.joules_per_output_token)),
      joules_per_request: mean(energy.map((e) => e.joules_per_request)),
      source: energy[0]!.source,
    };
  return out;
}
