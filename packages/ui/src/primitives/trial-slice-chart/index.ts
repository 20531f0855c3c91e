export { TrialSliceChart } from './trial-slice-chart';
export type { TrialSliceChartProps } from './trial-slice-chart-props';
export { isNumericSlice } from './slice-points';
export type { SlicePoint } from './slice-points';
