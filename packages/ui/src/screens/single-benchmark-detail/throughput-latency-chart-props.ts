/*
 * What ThroughputLatencyChart takes, in a file of its own: the chart and its lazily loaded view both import it, and
 * not each other.
 */

export interface ThroughputLatencyPoint {
  id: string;
  /** The benchmark's number on this page, e.g. "#3". */
  label: string;
  /** Latency in ms. */
  x: number;
  /** Output tokens/s. */
  y: number;
}

export interface ThroughputLatencyChartProps {
  points: readonly ThroughputLatencyPoint[];
  selectedId?: string | null;
  /** The latency on the x axis, e.g. "p99 TTFT". */
  xLabel: string;
  /** Clicking a point selects its benchmark (the table offers the same by keyboard). */
  onSelect?: (id: string) => void;
  height?: number;
}
