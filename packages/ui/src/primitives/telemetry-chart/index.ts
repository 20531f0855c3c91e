export { TelemetryChart } from './telemetry-chart';
export type { TelemetryChartProps } from './telemetry-chart';
export type { TelemetryPoint } from './telemetry-math';
