import { Rng } from './random.ts';

export type Rate = number | 'inf';

/**
 * Gaps between request arrivals, in seconds. Gamma-distributed with shape = burstiness and
 * scale = 1 / (rate · burstiness), so the mean gap is always 1/rate: burstiness 1 is a Poisson
 * process (exponential gaps, coefficient of variation 1); below 1 arrivals come in bursts
 * (CV = 1/√burstiness > 1); above 1 they are more regular.
 */
export function interArrivalGaps(rng: Rng, count: number, rate: number, burstiness: number): Float64Array {
  const gaps = new Float64Array(count);
  const scale = 1 / (rate * burstiness);
  for (let i = 0; i < count; i++) gaps[i] = burstiness === 1 ? rng.exponential(rate) : rng.gamma(burstiness, scale);
  return gaps;
}

/**
 * When each request is due, in ms after the benchmark starts. As `vllm bench serve` does, every
 * request (the first too) waits one gap, and the cumulative schedule is rescaled so that the last
 * request is due at exactly count/rate: a finite sample of gaps misses its mean by a few percent,
 * which would otherwise show up as run-to-run noise in throughput. Rescaling by a constant keeps
 * the shape of the distribution (its CV) intact. With rate 'inf' everything is due at once.
 */
export function arrivalSchedule(options: {
  count: number;
  rate: Rate;
  burstiness: number;
  seed: number;
}): Float64Array {
  const { count, rate, burstiness, seed } = options;
  const offsets = new Float64Array(count);
  if (rate === 'inf' || count === 0) return offsets;
  const gaps = interArrivalGaps(new Rng(seed), count, rate, burstiness);
  let t = 0;
  for (let i = 0; i < count; i++) {
    t += gaps[i] as number;
    offsets[i] = t;
  }
  const factor = count / rate / t;
  for (let i = 0; i < count; i++) offsets[i] = (offsets[i] as number) * factor * 1000;
  return offsets;
}

export const RAMP_STRATEGIES = ['linear', 'exponential'] as const;
export type RampStrategy = (typeof RAMP_STRATEGIES)[number];

/**
 * A ramp of the load: the request rate from `startRps` to `endRps` over the run's requests (as
 * `vllm bench serve --ramp-up-strategy`), or the concurrency cap from 1 to its maximum over
 * `durationS` seconds.
 */
export type RampUp =
  { strategy: RampStrategy; startRps: number; endRps: number } | { strategy: RampStrategy; durationS: number };

/** Where a ramp is at progress p ∈ [0, 1]: linear interpolation, or geometric (equal ratios per step). */
export function rampValue(strategy: RampStrategy, from: number, to: number, p: number): number {
  return strategy === 'linear' ? from + (to - from) * p : from * (to / from) ** p;
}

/**
 * A rate ramp's schedule, as vLLM draws it: request i (of n) waits a gamma gap at the rate the ramp
 * has reached at progress i / (n − 1). No rescaling: the ramp's shape is the point.
 */
export function rampSchedule(options: {
  count: number;
  strategy: RampStrategy;
  startRps: number;
  endRps: number;
  burstiness: number;
  seed: number;
}): Float64Array {
  const { count, strategy, startRps, endRps, burstiness } = options;
  const rng = new Rng(options.seed);
  const offsets = new Float64Array(count);
  let t = 0;
  for (let i = 0; i < count; i++) {
    const rate = rampValue(strategy, startRps, endRps, count > 1 ? i / (count - 1) : 0);
    t += burstiness === 1 ? rng.exponential(rate) : rng.gamma(burstiness, 1 / (rate * burstiness));
    offsets[i] = t * 1000;
  }
  return offsets;
}

/**
 * A concurrency ramp: when each slot opens, in ms from the start. Slot 1 is open at once; the cap
 * reaches `max` at `durationS` seconds, linearly (slot k at (k − 1)/(max − 1) of the way) or
 * exponentially (the cap multiplies by the same factor each second: slot k at ln k / ln max).
 */
export function slotOpenings(max: number, strategy: RampStrategy, durationS: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= max; k++) {
    const share = max === 1 ? 0 : strategy === 'linear' ? (k - 1) / (max - 1) : Math.log(k) / Math.log(max);
    out.push(share * durationS * 1000);
  }
  return out;
}

/**
 * The schedule of a run: a trace's own timestamps times `timeScale` (2 replays it at half speed,
 * 0.5 at double speed), else a rate ramp, else the rate's arrival process.
 */
export function scheduleFor(
  requests: readonly { atMs?: number }[],
  load: { rate: Rate; burstiness: number; seed: number; timeScale?: number; rampUp?: RampUp | null },
): Float64Array {
  if (requests.length > 0 && requests[0]?.atMs !== undefined) {
    const scale = load.timeScale ?? 1;
    return Float64Array.from(requests, (r) => (r.atMs ?? 0) * scale);
  }
  if (load.rampUp && 'startRps' in load.rampUp)
    return rampSchedule({ count: requests.length, ...load.rampUp, burstiness: load.burstiness, seed: load.seed });
  return arrivalSchedule({ count: requests.length, rate: load.rate, burstiness: load.burstiness, seed: load.seed });
}
