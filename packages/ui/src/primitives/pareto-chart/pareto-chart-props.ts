/*
 * What ParetoChart takes, in a file of its own: the chart and its lazily loaded view both import it, and
 * not each other.
 */

export interface ParetoPoint {
  id: string;
  /** Interactivity: tokens/s per user. */
  x: number;
  /** Throughput: tokens/s per GPU. */
  y: number;
  /** The series, one colour and shape each: usually the hardware ("8x H100"). */
  group: string;
  /** Shown in the tooltip, e.g. "vllm 0.11 · tp=8 · max_num_seqs=256". */
  label?: string;
}

export interface ParetoChartProps {
  points: readonly ParetoPoint[];
  xLabel?: string;
  yLabel?: string;
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  /** Draw the dashed frontier of points no other point beats on both axes. */
  showFrontier?: boolean;
  title?: string;
  showTitle?: boolean;
  height?: number;
  /** What a screen reader hears instead of the plot; by default the count of results and of frontier points. */
  summary?: string;
  /** Groups drawn faint (e.g. dominated trials behind a front). */
  dimmedGroups?: readonly string[];
  /** A click on a point; pointer only, so a screen offering it also needs a keyboard way to choose. */
  onPointClick?: (point: ParetoPoint) => void;
}
