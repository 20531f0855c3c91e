/*
 * What SweepCurveChart takes, in a file of its own: the chart and its lazily loaded view both import
 * it, and not each other.
 */

/** How a level came out: met the SLO, missed it, or was stopped early because the engine was saturated. */
export type SweepPointStatus = 'passed' | 'failed' | 'saturated';

export interface SweepCurvePoint {
  /** The level's load, e.g. 16 (concurrency) or 4 (req/s). */
  load: number;
  /** How the load reads, e.g. "concurrency 16" or "4 req/s". */
  loadLabel: string;
  /** Latency in ms (x). */
  x: number;
  /** Throughput (y). */
  y: number;
  status: SweepPointStatus;
}

export interface SweepCurveChartProps {
  points: readonly SweepCurvePoint[];
  /** The latency on the x axis, e.g. "p99 E2E latency". */
  xLabel: string;
  /** The throughput on the y axis, e.g. "Requests/s". */
  yLabel: string;
  formatY: (value: number) => string;
  /** One sentence with the numbers that matter, read instead of the picture. */
  summary: string;
  title?: string;
  height?: number;
}
