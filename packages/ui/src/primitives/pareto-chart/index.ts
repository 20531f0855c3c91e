export { ParetoChart } from './pareto-chart';
export type { ParetoChartProps, ParetoPoint } from './pareto-chart-props';
