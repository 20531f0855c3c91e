import type { Space } from './space.ts';
import { meets } from './surrogate.ts';
import type { Observation } from './surrogate.ts';
import type { TunerInput } from './types.ts';

/**
 * When a session is done searching ('complete' with reason 'converged'): at least max(30,
 * 6·d + 10, 30 % of max_trials) trials of this session (d = number of parameters), no trial
 * improved the best feasible objective by more than IMPROVEMENT during the last max(15, ⌈30 %⌉ of
 * trials) trials, and the largest expected improvement the model still sees (weighted by
 * feasibility) is below CONVERGED_GAIN of the best value.
 */

export const CONVERGED_GAIN = 0.001;
const IMPROVEMENT = 0.01;

export function converged(input: TunerInput, space: Space, own: Observation[], bestGain: number): boolean {
  const n = own.length;
  if (n < Math.max(30, 6 * space.size + 10, 0.3 * input.budget.max_trials)) return false;
  const sign = input.objective.direction === 'maximize' ? 1 : -1;
  const constraints = input.constraints ?? [];
  let best: number | null = null;
  let lastImprovement = -1;
  own.forEach((o, i) => {
    const m = o.metrics;
    if (!m || !constraints.every((c, ci) => meets(m[ci + 1] as number, c))) return;
    const v = sign * (m[0] as number);
    if (best === null || v > best + IMPROVEMENT * Math.abs(best)) lastImprovement = i;
    if (best === null || v > best) best = v;
  });
  if (best === null) return false;
  const patience = Math.max(15, Math.ceil(0.3 * n));
  return n - 1 - lastImprovement >= patience && bestGain < CONVERGED_GAIN;
}
