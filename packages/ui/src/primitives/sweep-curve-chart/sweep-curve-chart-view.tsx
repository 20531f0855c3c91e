import { Line, Scatter } from 'recharts';
import { TooltipRow, useChartAxes } from '../chart/chart-view-kit';
import { TitledPointPlot } from '../chart/titled-point-plot';
import { formatMs, formatNumber } from '../../foundations/format/format';
import type { SweepCurveChartProps, SweepCurvePoint } from './sweep-curve-chart-props';
import { STATUS_MARKS, STATUS_TEXT, curveOf } from './sweep-curve';

/** The recharts part of SweepCurveChart; loaded on demand. */
export default function SweepCurveChartView({ points, xLabel, yLabel, formatY }: SweepCurveChartProps) {
  const { colors } = useChartAxes();
  const of = (status: SweepCurvePoint['status']) => points.filter((point) => point.status === status);
  return (
    <TitledPointPlot<SweepCurvePoint>
      x={{ title: `${xLabel} (ms)`, format: formatNumber }}
      y={{ title: yLabel, format: formatY }}
      tooltip={(point) => (
        <>
          <span>
            {point.loadLabel}: {STATUS_TEXT[point.status]}
          </span>
          <TooltipRow label={yLabel} value={formatY(point.y)} />
          <TooltipRow label={xLabel} value={formatMs(point.x)} />
        </>
      )}
    >
      <Line
        data={curveOf(points)}
        dataKey="y"
        type="linear"
        stroke={colors.chart1}
        strokeWidth={1.5}
        dot={false}
        isAnimationActive={false}
        name="Curve"
      />
      {STATUS_MARKS.map(({ status, shape, color }) => (
        <Scatter
          key={status}
          name={STATUS_TEXT[status]}
          data={of(status)}
          fill={colors[color]}
          shape={shape}
          isAnimationActive={false}
        />
      ))}
    </TitledPointPlot>
  );
}
