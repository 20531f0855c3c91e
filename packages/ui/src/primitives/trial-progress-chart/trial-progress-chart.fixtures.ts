import type { TrialPoint } from '../chart/chart-math';

/** 50 trials of a throughput search: improving, with a few infeasible and failed proposals. */
export function makeTrials(count = 50): TrialPoint[] {
  let state = 7;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, (_, index) => {
    const trial = index + 1;
    const roll = random();
    const value = Math.round(9000 + 6000 * (1 - Math.exp(-trial / 12)) * (0.7 + random() * 0.3));
    if (roll < 0.08) return { trial, value: null, outcome: 'failed', reason: roll < 0.05 ? 'oom' : 'crash' };
    if (roll < 0.18) return { trial, value: value + 900, outcome: 'infeasible' };
    return { trial, value, outcome: 'ok' };
  });
}
