import type { Confidence, Spread } from '@mako/contract';
import { perSecond } from '../util/format.ts';

/** "4,980 ± 25 (3 runs, 4,960–5,000)", or the one reading when there is no interval. */
export function describeSpread(spread: Spread): string {
  if (!spread.interval) return `${perSecond(spread.mean)} (1 run)`;
  const half = (spread.interval.high - spread.interval.low) / 2;
  return `${perSecond(spread.mean)} ± ${perSecond(half)} (${spread.n} runs, ${perSecond(spread.min)}–${perSecond(spread.max)})`;
}

/** What the summary says of a re-measured best: whether it stands clear of the runner-up. */
export function describeVerdict(confidence: Confidence): string | null {
  const rival = confidence.runner_up;
  switch (confidence.verdict) {
    case 'confirmed':
      return rival
        ? `Confirmed: clear of the runner-up, trial ${rival.trial_number} at ${describeSpread(rival.spread)}.`
        : 'Confirmed: no other configuration met the constraints.';
    case 'within_noise':
      return `Within noise: trial ${rival!.trial_number} at ${describeSpread(rival!.spread)} may be as good; neither is declared the winner.`;
    case 'not_remeasured':
      return 'Not re-measured yet: the spread of the measurements is unknown.';
  }
}
