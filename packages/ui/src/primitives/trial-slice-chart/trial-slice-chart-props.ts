import type { ObjectiveChartOptions } from '../chart/chart-frame';
import type { SlicePoint } from './slice-points';

/*
 * What TrialSliceChart takes, in a file of its own: the chart and its lazily loaded view both
 * import it, and not each other.
 */

export interface TrialSliceChartProps extends ObjectiveChartOptions {
  points: readonly SlicePoint[];
  /** The flag on the x axis, e.g. "max_num_seqs". */
  flag: string;
  /** Category order for a non-numeric flag (the search space's choices); otherwise first seen. */
  categories?: readonly string[];
}
