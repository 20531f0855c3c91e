import type { Direction, TrialPoint } from '../chart/chart-math';
import type { ObjectiveChartOptions } from '../chart/chart-frame';

/*
 * What TrialProgressChart takes, in a file of its own: the chart and its lazily loaded view both
 * import it, and not each other.
 */

export interface TrialProgressChartProps extends ObjectiveChartOptions {
  trials: readonly TrialPoint[];
  /** Whether a higher objective is better (throughput) or a lower one (latency, cost). */
  direction: Direction;
  /** The engine-defaults result, drawn as a dashed reference line. */
  baseline?: number;
  baselineLabel?: string;
}
