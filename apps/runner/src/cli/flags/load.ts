import { RAMP_STRATEGIES, type RampStrategy, type RampUp } from '../../bench/arrivals.ts';
import type { DatasetKind } from '../../bench/datasets.ts';
import { UsageError, type OptionSpec } from '../options.ts';

/** How many requests are sent, and when. */
export const loadOptions = {
  'num-requests': { kind: 'int', group: 'Load', value: 'N', min: 1, default: 1000, help: 'Requests to measure.' },
  'request-rate': {
    kind: 'rate',
    group: 'Load',
    default: 'inf',
    help: "Mean arrival rate in requests/s, or 'inf' to send everything at once.",
  },
  burstiness: {
    kind: 'number',
    group: 'Load',
    value: 'B',
    min: 0.01,
    max: 100,
    default: 1,
    help: 'Shape of the gamma-distributed gaps between arrivals: 1 is Poisson, below 1 burstier, above 1 more regular; the mean rate stays --request-rate.',
  },
  'think-time': {
    kind: 'number',
    group: 'Load',
    value: 'SECONDS',
    min: 0,
    default: 1,
    help: "multi-turn: pause between an answer and the conversation's next turn. --num-requests, --request-rate and --max-concurrency count conversations.",
  },
  'time-scale': {
    kind: 'number',
    group: 'Load',
    value: 'X',
    min: 0.000001,
    max: 1_000_000,
    default: 1,
    help: '--dataset trace: multiply the timestamps by X (0.5 replays the trace twice as fast, 2 at half speed); --request-rate and --burstiness are not used with a trace.',
  },
  'max-concurrency': {
    kind: 'int',
    group: 'Load',
    value: 'N',
    min: 1,
    help: 'At most this many requests in flight; later arrivals wait for a free slot.',
  },
  warmup: {
    kind: 'int',
    group: 'Load',
    value: 'N',
    min: 0,
    default: 0,
    help: 'Warm-up requests sent (and discarded) before the measured ones.',
  },
} as const satisfies Record<string, OptionSpec>;

export const rampOptions = {
  'ramp-up-strategy': {
    kind: 'string',
    group: 'Load',
    choices: RAMP_STRATEGIES,
    help: 'Ramp the load up instead of starting at full load: with --ramp-up-start-rps/--ramp-up-end-rps the request rate (as vllm bench serve), with --ramp-up-duration the concurrency cap. linear: equal steps; exponential: equal ratios.',
  },
  'ramp-up-start-rps': {
    kind: 'number',
    group: 'Load',
    value: 'R',
    min: 0.001,
    help: "Rate ramp: the first request's rate in req/s; the rate moves to --ramp-up-end-rps over the run's requests (replaces --request-rate).",
  },
  'ramp-up-end-rps': {
    kind: 'number',
    group: 'Load',
    value: 'R',
    min: 0.001,
    help: "Rate ramp: the last request's rate in req/s.",
  },
  'ramp-up-duration': {
    kind: 'number',
    group: 'Load',
    value: 'SECONDS',
    min: 0.001,
    help: 'Concurrency ramp: the cap grows from 1 to --max-concurrency over this many seconds, then stays there.',
  },
} as const satisfies Record<string, OptionSpec>;

/** The ramp-up flags as one ramp, or null; mixed or incomplete combinations are usage errors. */
export function resolveRampUp(o: {
  'ramp-up-strategy'?: RampStrategy | undefined;
  'ramp-up-start-rps'?: number | undefined;
  'ramp-up-end-rps'?: number | undefined;
  'ramp-up-duration'?: number | undefined;
  'max-concurrency'?: number | undefined;
  dataset: DatasetKind;
}): RampUp | null {
  const strategy = o['ramp-up-strategy'];
  const start = o['ramp-up-start-rps'];
  const end = o['ramp-up-end-rps'];
  const duration = o['ramp-up-duration'];
  const rateRamp = start !== undefined || end !== undefined;
  if (!strategy) {
    if (rateRamp || duration !== undefined)
      throw new UsageError('--ramp-up-start-rps, --ramp-up-end-rps and --ramp-up-duration need --ramp-up-strategy');
    return null;
  }
  if (o.dataset === 'trace')
    throw new UsageError('--ramp-up-strategy does not apply to --dataset trace: the trace sets the arrival times');
  if (rateRamp && duration !== undefined)
    throw new UsageError(
      'Ramp either the rate (--ramp-up-start-rps and --ramp-up-end-rps) or the concurrency (--ramp-up-duration), not both',
    );
  if (rateRamp) {
    if (start === undefined || end === undefined)
      throw new UsageError('A rate ramp needs both --ramp-up-start-rps and --ramp-up-end-rps');
    return { strategy, startRps: start, endRps: end };
  }
  if (duration === undefined)
    throw new UsageError(
      '--ramp-up-strategy needs --ramp-up-start-rps and --ramp-up-end-rps (rate) or --ramp-up-duration (concurrency)',
    );
  if (o['max-concurrency'] === undefined)
    throw new UsageError('--ramp-up-duration ramps the concurrency cap: give it with --max-concurrency N');
  return { strategy, durationS: duration };
}
