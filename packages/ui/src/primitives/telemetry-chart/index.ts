export { TelemetryChart } from './telemetry-chart';
export type { TelemetryChartProps } from './telemetry-chart-props';
export type { TelemetryPoint } from './telemetry-math';
