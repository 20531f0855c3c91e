import { lazy } from 'react';
import { paretoFrontier } from '../chart/chart-math';
import { ChartFrame, chartFigure } from '../chart/chart-frame';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { plural } from '../../foundations/format/format';
import { groupStyles } from './pareto-groups';
import type { ParetoChartProps } from './pareto-chart-props';

const ParetoChartView = lazy(() => import('./pareto-chart-view'));

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
