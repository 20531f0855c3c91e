// The interval math is the contract's, so the terminal and the web page report the same intervals.
import { meanCi, type MeanCi } from '@mako/contract';

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
