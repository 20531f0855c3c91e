/*
 * The metrics an objective, a constraint or a sort can name, and the constraint syntax. No zod
 * here, so that search parameters can be checked on the first page without the schema builders;
 * benchmarks.ts builds its schemas from these lists and re-exports the functions.
 */

export const LATENCY_METRICS = ['ttft_ms', 'tpot_ms', 'itl_ms', 'e2el_ms'] as const;
const PERCENTILES = ['mean', 'p50', 'p90', 'p95', 'p99'] as const;

/**
 * Latency metrics are `<stat>.<percentile>`. The per-GPU and per-user throughputs are the two axes
 * of a Pareto chart (InferenceMAX style).
 */
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

export const CONSTRAINT_OPS = ['<=', '>=', '<', '>'] as const;

/** One `metric op value` term (the shape of the `Constraint` schema). */
export interface ConstraintTerm {
  metric: (typeof METRIC_KEYS)[number];
  op: (typeof CONSTRAINT_OPS)[number];
  value: number;
}

const isMetricKey = (name: string): name is ConstraintTerm['metric'] =>
  (METRIC_KEYS as readonly string[]).includes(name);

/**
 * Constraints travel in a query string as `metric op value`, comma separated, e.g.
 * `ttft_ms.p99<=200,tpot_ms.p99<=50`. Parsing is strict: a bad term is a 422, never ignored.
 */
export function parseConstraints(text: string): { ok: true; value: ConstraintTerm[] } | { ok: false; error: string } {
  const out: ConstraintTerm[] = [];
  for (const raw of text.split(',')) {
    const term = raw.trim();
    if (!term) continue;
    const m = /^([a-z0-9_.]+)\s*(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/i.exec(term);
    if (!m) return { ok: false, error: `Invalid constraint '${term}': expected metric<=value` };
    const [, metric = '', op, number = ''] = m;
    const value = Number(number);
    // A value that overflows to Infinity fails like an unknown metric, as the Constraint schema does.
    if (!isMetricKey(metric) || !Number.isFinite(value))
      return { ok: false, error: `Unknown metric '${metric}' in constraint '${term}'` };
    out.push({ metric, op: op as ConstraintTerm['op'], value });
  }
  return { ok: true, value: out };
}

export function formatConstraints(constraints: readonly ConstraintTerm[]): string {
  return constraints.map((c) => `${c.metric}${c.op}${c.value}`).join(',');
}
