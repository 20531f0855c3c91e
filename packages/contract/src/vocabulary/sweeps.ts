/** What a sweep varies from level to level: requests in flight, or the arrival rate (req/s). */
export const SWEEP_OVER = ['concurrency', 'rate'] as const;
export type SweepOver = (typeof SWEEP_OVER)[number];

/** The figures of one level that the verdict reads. */
export interface SweepPoint {
  load: number;
  passed: boolean;
  saturated: boolean;
  request_throughput: number;
  e2el_p99_ms: number;
}

export interface SweepVerdictFigures {
  /** The highest load whose level met the SLO (and was not saturated); null when none did. */
  best_load: number | null;
  /** The lowest load above best_load that missed it; null when every level above passed or none was tried. */
  first_fail_load: number | null;
  /**
   * The knee of the curve, where throughput stops paying for the load: the lowest load whose
   * throughput reaches KNEE_SHARE of the highest measured (saturated levels left out), provided a
   * higher load was tried; null while throughput is still climbing at the top of the sweep.
   */
  knee_load: number | null;
}

/** The knee is where throughput first comes within 10 % of the most the sweep measured. */
export const KNEE_SHARE = 0.9;

/** The verdict a sweep's page and its API answer share, from its levels in any order. */
export function sweepVerdict(levels: readonly SweepPoint[]): SweepVerdictFigures {
  const sorted = [...levels].sort((a, b) => a.load - b.load);
  const passing = sorted.filter((l) => l.passed && !l.saturated);
  const best = passing.length ? (passing[passing.length - 1] as SweepPoint).load : null;
  const firstFail = sorted.find((l) => (!l.passed || l.saturated) && (best === null || l.load > best))?.load ?? null;
  const measured = sorted.filter((l) => !l.saturated && l.request_throughput > 0);
  const most = Math.max(0, ...measured.map((l) => l.request_throughput));
  const knee = measured.find((l) => l.request_throughput >= KNEE_SHARE * most);
  const top = measured[measured.length - 1];
  return {
    best_load: best,
    first_fail_load: firstFail,
    knee_load: knee && top && knee.load < top.load ? knee.load : null,
  };
}
