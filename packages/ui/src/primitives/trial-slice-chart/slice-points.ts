import type { TrialOutcome } from '../chart/chart-math';

/** One trial seen along one flag: the flag's value against the objective. */
export interface SlicePoint {
  trial: number;
  /** The flag's value in this trial; numbers on a numeric axis, anything else on a category axis. */
  x: number | string;
  /** The objective value; null for failed trials. */
  value: number | null;
  outcome: TrialOutcome;
}

/** Whether every x is a number: then the axis is numeric, else one column per value. */
export function isNumericSlice(points: readonly SlicePoint[]): boolean {
  return points.length > 0 && points.every((point) => typeof point.x === 'number');
}
