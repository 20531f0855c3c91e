export type Direction = 'maximize' | 'minimize';

export type TrialOutcome = 'ok' | 'infeasible' | 'failed';

export interface TrialPoint {
  /** 1-based trial number in proposal order. */
  trial: number;
  /** The objective value; null for failed trials (OOM, crash, timeout, invalid). */
  value: number | null;
  /** ok: feasible result; infeasible: measured but broke a constraint; failed: no measurement. */
  outcome: TrialOutcome;
  /** Why it failed, e.g. "oom", shown in the tooltip. */
  reason?: string;
}

export interface BestSoFarPoint {
  trial: number;
  best: number;
}

/**
 * The best feasible objective after each trial, for the progress line. Infeasible and failed trials
 * never improve it; trials before the first feasible result have no point.
 */
export function bestSoFar(trials: readonly TrialPoint[], direction: Direction): BestSoFarPoint[] {
  const ordered = [...trials].sort((a, b) => a.trial - b.trial);
  const better = direction === 'maximize' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
  const line: BestSoFarPoint[] = [];
  let best: number | null = null;
  for (const trial of ordered) {
    if (trial.outcome === 'ok' && trial.value !== null && Number.isFinite(trial.value)) {
      if (best === null || better(trial.value, best)) best = trial.value;
    }
    if (best !== null) line.push({ trial: trial.trial, best });
  }
  return line;
}

export interface XY {
  x: number;
  y: number;
}

/**
 * The points no other point beats on both axes, when more is better on both (tokens/s per user and
 * tokens/s per GPU). Returned in ascending x, ready to draw as a line.
 */
export function paretoFrontier<T extends XY>(points: readonly T[]): T[] {
  const byXDescending = [...points]
    .filter((point) => Number.isFinite(point.x) && Number.isFinite(point.y))
    .sort((a, b) => b.x - a.x || b.y - a.y);
  const frontier: T[] = [];
  let bestY = Number.NEGATIVE_INFINITY;
  for (const point of byXDescending) {
    if (point.y > bestY) {
      frontier.push(point);
      bestY = point.y;
    }
  }
  return frontier.reverse();
}

/** The span of a value axis: its lowest and highest value and the room the views leave around them. */
export function valueSpan(values: readonly number[]): { floor: number; ceiling: number; pad: number } {
  const floor = values.length > 0 ? Math.min(...values) : 0;
  const ceiling = values.length > 0 ? Math.max(...values) : 1;
  // One value (or none) has no spread: pad by a tenth of it, or by one when it is zero.
  const pad = (ceiling - floor) * 0.08 || Math.abs(ceiling) * 0.1 || 1;
  return { floor, ceiling, pad };
}

/** Widens [low, high] to multiples of the power of ten below `spread`, so that the ticks are round numbers. */
export function roundDomain(low: number, high: number, spread: number): [number, number] {
  const step = 10 ** Math.floor(Math.log10(spread));
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step];
}
