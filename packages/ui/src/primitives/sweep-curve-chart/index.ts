export { SweepCurveChart } from './sweep-curve-chart';
export type { SweepCurveChartProps, SweepCurvePoint, SweepPointStatus } from './sweep-curve-chart-props';
