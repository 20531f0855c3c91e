import type { TelemetryPoint } from './telemetry-math';
/*
 * What TelemetryChart takes, in a file of its own: the chart and its lazily loaded view both import it, and
 * not each other.
 */

export interface TelemetryChartProps {
  samples: readonly TelemetryPoint[];
  /** Formats tokens/s on the axis, tooltip and summary (formatTokensPerSecond). */
  formatThroughput?: (value: number) => string;
  title?: string;
  showTitle?: boolean;
  /** Height of each of the two panels. */
  panelHeight?: number;
}
