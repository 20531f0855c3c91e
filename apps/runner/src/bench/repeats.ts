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

/** Every numeric leaf of an object by dotted path (ttft_ms.p99, goodput.attainment, …); nulls are skipped. */
export function numericLeaves(value: unknown, prefix = ''): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof value === 'number') out.set(prefix, value);
  else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [k, v] of Object.entries(value))
      for (const [path, x] of numericLeaves(v, prefix ? `${prefix}.${k}` : k)) out.set(path, x);
  return out;
}

/** Mean and 95 % CI of every numeric field that all runs have, by dotted path. */
export function aggregateRuns(runs: readonly unknown[]): Record<string, MeanCi> {
  const leaves = runs.map((r) => numericLeaves(r));
  const first = leaves[0] ?? new Map<string, number>();
  const out: Record<string, MeanCi> = {};
  for (const path of first.keys()) {
    const values = leaves.map((l) => l.get(path));
    if (values.every((v): v is number => v !== undefined)) out[path] = meanCi(values);
  }
  return out;
}
