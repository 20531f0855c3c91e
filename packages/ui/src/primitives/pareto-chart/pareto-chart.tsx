import { lazy } from 'react';
import { paretoFrontier } from '../chart/chart-math';
import { ChartFrame, chartFigure } from '../chart/chart-frame';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { plural } from '../../foundations/format/format';
import { groupStyles } from './pareto-groups';

const ParetoChartView = lazy(() => import('./pareto-chart-view'));

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

/**
 * The Pareto view of benchmark search: tokens/s per user (x) against tokens/s per GPU (y), one
 * colour and shape per hardware, with the frontier dashed. Recharts loads lazily.
 */
export function ParetoChart(props: ParetoChartProps) {
  const { colors } = useUiTheme();
  const { points, showFrontier = true } = props;
  const groups = groupStyles(points, colors);
  const frontier = paretoFrontier(points);
  const summary =
    props.summary ??
    (points.length === 0
      ? 'No results to plot.'
      : `${plural(points.length, 'result', 'results')} on ${plural(groups.length, 'hardware configuration', 'hardware configurations')}; ${frontier.length} on the Pareto frontier.`);
  return (
    <ChartFrame
      {...chartFigure(props, { title: 'Throughput against interactivity', height: 360 })}
      summary={summary}
      legend={[
        ...groups.map((group) => ({ label: group.name, shape: group.shape, color: group.color })),
        ...(showFrontier ? [{ label: 'Pareto frontier', shape: 'dashed' as const, color: colors.textSubtle }] : []),
      ]}
    >
      <ParetoChartView {...props} />
    </ChartFrame>
  );
}
