export { TrialProgressChart } from './trial-progress-chart';
export type { TrialProgressChartProps } from './trial-progress-chart-props';
