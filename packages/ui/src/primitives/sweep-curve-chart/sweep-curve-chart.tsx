import { lazy } from 'react';
import { ChartFrame, chartFigure } from '../chart/chart-frame';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import type { SweepCurveChartProps } from './sweep-curve-chart-props';
import { STATUS_MARKS, STATUS_TEXT } from './sweep-curve';

const SweepCurveChartView = lazy(() => import('./sweep-curve-chart-view'));

/**
 * A load sweep's throughput–latency curve: one point per level, joined in load order, each marked
 * by how it came out (met the SLO, missed it, saturated) in shape as well as colour. Recharts loads
 * lazily, as the design system's charts do.
 */
export function SweepCurveChart(props: SweepCurveChartProps) {
  const { colors } = useUiTheme();
  return (
    <ChartFrame
      {...chartFigure(props, { title: 'Throughput against latency, level by level', height: 320 })}
      summary={props.summary}
      legend={STATUS_MARKS.map(({ status, shape, color }) => ({
        label: STATUS_TEXT[status],
        shape,
        color: colors[color],
      }))}
    >
      <SweepCurveChartView {...props} />
    </ChartFrame>
  );
}
