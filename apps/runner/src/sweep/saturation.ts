import type { OptionSpec } from '../cli/options.ts';

/**
 * Over-saturation: the engine receives more than it can serve, so its waiting queue and the TTFT of
 * each new request keep growing for as long as the level lasts, and the level's averages describe
 * only how long it ran. A level is judged saturated when one of these series grows through the
 * whole level so far, over at least `windowS` seconds:
 * - the TTFT of completed requests by the time their first token came (by arrival time instead, a
 *   first-come-first-served queue would hold the trend back: what completes late was sent early), or
 * - the engine's waiting queue (vLLM's vllm:num_requests_waiting, SGLang's sglang:num_queue_reqs,
 *   trtllm-serve's queued requests, TGI's queue size) from the telemetry.
 * "Grows" is three tests together, none of which one outlier can pass: a rank correlation with time
 * (Spearman) of at least MIN_RANK_CORRELATION, the latest third's median at least GROWTH_RATIO times
 * the first third's, and an absolute rise beyond noise (MIN_TTFT_RISE_MS, MIN_QUEUE_RISE).
 */
export const MIN_RANK_CORRELATION = 0.6;
export const GROWTH_RATIO = 2;
export const MIN_TTFT_RISE_MS = 50;
export const MIN_QUEUE_RISE = 4;
/** Fewest TTFT samples (completed requests) and queue samples a verdict needs. */
export const MIN_TTFT_SAMPLES = 20;
export const MIN_QUEUE_SAMPLES = 4;

/** The engines' waiting-queue gauges, as the telemetry names them. */
export const QUEUE_METRICS = [
  'vllm:num_requests_waiting',
  'sglang:num_queue_reqs',
  'trtllm:num_queued_requests',
  'tgi_queue_size',
  'llamacpp:requests_deferred',
] as const;

export const saturationOptions = {
  'saturation-window': {
    kind: 'number',
    group: 'Sweep',
    value: 'SECONDS',
    min: 0,
    default: 5,
    help:
      "Stop a level early and mark it saturated when the engine's waiting queue or the TTFT of its requests keeps growing " +
      'for this long (a rank correlation with time ≥ 0.6 and the latest third at least twice the first); 0 turns detection off.',
  },
} as const satisfies Record<string, OptionSpec>;

/** What showed a level to be saturated; stored with the level. */
export interface SaturationEvidence {
  signal: 'ttft' | 'queue';
  /** Seconds into the level when it was stopped. */
  at_s: number;
  /** Spearman rank correlation of the series with time. */
  rank_correlation: number;
  /** Median of the first and of the latest third of the series (ms for TTFT, requests for the queue). */
  first_median: number;
  last_median: number;
  samples: number;
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (
      j + 1 < order.length &&
      (order[j + 1] as readonly [number, number])[0] === (order[i] as readonly [number, number])[0]
    )
      j++;
    // Ties share their mean rank, so a flat series correlates with nothing.
    for (let k = i; k <= j; k++) out[(order[k] as readonly [number, number])[1]] = (i + j) / 2;
    i = j + 1;
  }
  return out;
}

export function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const n = xs.length;
  const mean = (n - 1) / 2;
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] as number) - mean;
    const dy = (ry[i] as number) - mean;
    cov += dx * dy;
    vx += dx * dx;
    vy += dy * dy;
  }
  return vx > 0 && vy > 0 ? cov / Math.sqrt(vx * vy) : 0;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The growth test on [seconds, value] samples; null when the series does not keep growing. */
export function growingTrend(
  samples: readonly (readonly [number, number])[],
  options: { windowS: number; minSamples: number; minRise: number },
): Omit<SaturationEvidence, 'signal' | 'at_s'> | null {
  if (samples.length < options.minSamples) return null;
  const sorted = [...samples].sort((a, b) => a[0] - b[0]);
  const span =
    (sorted[sorted.length - 1] as readonly [number, number])[0] - (sorted[0] as readonly [number, number])[0];
  if (span < options.windowS) return null;
  const values = sorted.map((s) => s[1]);
  const third = Math.max(1, Math.floor(values.length / 3));
  const first = median(values.slice(0, third));
  const last = median(values.slice(-third));
  const rho = spearman(
    sorted.map((s) => s[0]),
    values,
  );
  const grew = rho >= MIN_RANK_CORRELATION && last >= GROWTH_RATIO * first && last - first >= options.minRise;
  return grew
    ? {
        rank_correlation: Number(rho.toFixed(3)),
        first_median: Number(first.toFixed(3)),
        last_median: Number(last.toFixed(3)),
        samples: values.length,
      }
    : null;
}

/** Watches one level: fed each completed request and asked now and then whether to stop. */
export class SaturationWatch {
  private readonly ttft: [number, number][] = [];
  private lastCheckS = -Infinity;
  evidence: SaturationEvidence | null = null;
  constructor(private readonly windowS: number) {}

  /** A completed request whose first token came `firstTokenS` seconds into the level, `ttftMs` after it was sent. */
  request(firstTokenS: number, ttftMs: number): void {
    this.ttft.push([firstTokenS, ttftMs]);
  }

  /**
   * Checks both series at most four times a second (the test sorts every sample); the first growing
   * one is kept as the evidence and the level should stop.
   */
  check(nowS: number, engineSeries: Record<string, [number, number][]> | null): SaturationEvidence | null {
    if (this.evidence || nowS - this.lastCheckS < 0.25) return this.evidence;
    this.lastCheckS = nowS;
    const byTtft = growingTrend(this.ttft, {
      windowS: this.windowS,
      minSamples: MIN_TTFT_SAMPLES,
      minRise: MIN_TTFT_RISE_MS,
    });
    if (byTtft) return (this.evidence = { signal: 'ttft', at_s: Number(nowS.toFixed(3)), ...byTtft });
    for (const name of QUEUE_METRICS) {
      const series = engineSeries?.[name];
      if (!series) continue;
      const byQueue = growingTrend(series, {
        windowS: this.windowS,
        minSamples: MIN_QUEUE_SAMPLES,
        minRise: MIN_QUEUE_RISE,
      });
      if (byQueue) return (this.evidence = { signal: 'queue', at_s: Number(nowS.toFixed(3)), ...byQueue });
    }
    return null;
  }
}

export function describeSaturation(e: SaturationEvidence): string {
  const what = e.signal === 'ttft' ? 'TTFT' : 'the waiting queue';
  const unit = e.signal === 'ttft' ? ' ms' : '';
  return `${what} kept growing (${e.first_median}${unit} → ${e.last_median}${unit}, rank correlation ${e.rank_correlation} over ${e.samples} samples); stopped after ${e.at_s} s`;
}
