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

/**
 * The schedule of a run: a trace's own timestamps times `timeScale` (2 replays it at half speed,
 * 0.5 at double speed), else the rate's arrival process.
 */
export function scheduleFor(
  requests: readonly { atMs?: number }[],
  load: { rate: Rate; burstiness: number; seed: number; timeScale?: number },
): Float64Array {
  if (requests.length > 0 && requests[0]?.atMs !== undefined) {
    const scale = load.timeScale ?? 1;
    return Float64Array.from(requests, (r) => (r.atMs ?? 0) * scale);
  }
  return arrivalSchedule({ count: requests.length, rate: load.rate, burstiness: load.burstiness, seed: load.seed });
}
