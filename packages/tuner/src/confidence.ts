import type { Spread } from '@mako/contract/vocabulary';
import type { Config, Trial } from './types.ts';

/**
 * Repeated measurements of one configuration, and whether a winner stands out from the noise.
 * A session may measure its incumbent and its runner-up again (on other runners); the search then
 * reasons about each configuration's mean, and the answer says how far apart the two really are.
 */

export type { Spread };

/** Student's t, two-sided 95 %, for 1…30 degrees of freedom; beyond that the normal's 1.96 is close enough. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function spreadOf(values: number[]): Spread {
  if (values.length === 0) throw new Error('A spread needs at least one value');
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, min: mean, max: mean, interval: null };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const half = (T_975[n - 2] ?? 1.96) * Math.sqrt(variance / n);
  return {
    n,
    mean,
    min: Math.min(...values),
    max: Math.max(...values),
    interval: { low: mean - half, high: mean + half },
  };
}

/**
 * - `not_remeasured`: the best (or the runner-up) has a single measurement, so nothing is known of the noise;
 * - `within_noise`: the runner-up's interval overlaps the best's: either may be the better one;
 * - `confirmed`: the intervals are apart (or the best has no feasible rival at all).
 */
export type Verdict = 'not_remeasured' | 'within_noise' | 'confirmed';

export function verdictOf(best: Spread, runnerUp: Spread | null): Verdict {
  if (!best.interval) return 'not_remeasured';
  if (!runnerUp) return 'confirmed';
  if (!runnerUp.interval) return 'not_remeasured';
  const overlap = best.interval.low <= runnerUp.interval.high && runnerUp.interval.low <= best.interval.high;
  return overlap ? 'within_noise' : 'confirmed';
}

/** A configuration's identity regardless of key order. */
export const configKey = (config: Config): string =>
  JSON.stringify(
    Object.keys(config)
      .sort()
      .map((k) => [k, config[k]]),
  );

/**
 * One trial per configuration, in the order each was first measured: the mean of every metric
 * that all its measurements report. A configuration that failed even once counts as failed (its
 * first failure's kind): a setting that sometimes runs out of memory is no setting to serve with.
 * Trials without repeats come back as they are.
 */
export function mergeRepeats(trials: Trial[]): Trial[] {
  const groups = new Map<string, Trial[]>();
  for (const [i, trial] of trials.entries()) {
    // Malformed entries are the validator's and the models' business: they are never merged.
    const key = trial?.config && typeof trial.config === 'object' ? configKey(trial.config) : `#${i}`;
    const group = groups.get(key);
    if (group) group.push(trial);
    else groups.set(key, [trial]);
  }
  if (groups.size === trials.length) return trials;
  return [...groups.values()].map((group) => {
    const [first] = group as [Trial, ...Trial[]];
    if (group.length === 1) return first;
    const failed = group.find((t) => t.failure !== null || t.metrics === null);
    if (failed) return { config: first.config, metrics: null, failure: failed.failure ?? { kind: 'invalid' } };
    const measured = group.map((t) => t.metrics as Record<string, number>);
    const metrics: Record<string, number> = {};
    for (const key of Object.keys(measured[0]!))
      if (measured.every((m) => typeof m[key] === 'number'))
        metrics[key] = measured.reduce((a, m) => a + m[key]!, 0) / measured.length;
    return { config: first.config, metrics, failure: null };
  });
}
