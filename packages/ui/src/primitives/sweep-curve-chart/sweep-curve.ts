import type { SweepCurvePoint, SweepPointStatus } from './sweep-curve-chart-props';

/** Each outcome's mark, in shape as well as colour (the legend and the plot read the same table). */
export const STATUS_MARKS: readonly {
  status: SweepPointStatus;
  shape: 'circle' | 'diamond' | 'cross';
  color: 'chart1' | 'warning' | 'danger';
}[] = [
  { status: 'passed', shape: 'circle', color: 'chart1' },
  { status: 'failed', shape: 'diamond', color: 'warning' },
  { status: 'saturated', shape: 'cross', color: 'danger' },
];

export const STATUS_TEXT: Record<SweepPointStatus, string> = {
  passed: 'Met the SLO',
  failed: 'Missed the SLO',
  saturated: 'Saturated (stopped early)',
};

/**
 * The line through the levels in load order. Saturated levels stay off it: their truncated figures
 * are marked where they fell, not drawn as part of the curve.
 */
export function curveOf(points: readonly SweepCurvePoint[]): SweepCurvePoint[] {
  return points.filter((point) => point.status !== 'saturated').sort((a, b) => a.load - b.load);
}
