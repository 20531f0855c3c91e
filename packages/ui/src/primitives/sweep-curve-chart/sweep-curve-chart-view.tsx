import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { TooltipBox } from '../chart/chart.styles';
import { pointTooltip, titledAxesChart, TooltipRow, useChartAxes } from '../chart/chart-view-kit';
import { formatMs, formatNumber } from '../../foundations/format/format';
import type { SweepCurveChartProps, SweepCurvePoint } from './sweep-curve-chart-props';
import { STATUS_MARKS, STATUS_TEXT, curveOf } from './sweep-curve';

/** The recharts part of SweepCurveChart; loaded on demand. */
export default function SweepCurveChartView({ points, xLabel, yLabel, formatY }: SweepCurveChartProps) {
  const { colors, titledPointAxes } = useChartAxes();
  const axes = titledPointAxes({ title: `${xLabel} (ms)`, format: formatNumber }, { title: yLabel, format: formatY });
  const of = (status: SweepCurvePoint['status']) => points.filter((point) => point.status === status);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart {...titledAxesChart}>
        <CartesianGrid stroke={colors.chartGrid} />
        <XAxis {...axes.x} />
        <YAxis {...axes.y} />
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
        <Tooltip
          cursor={{ strokeDasharray: '3 3', stroke: colors.borderStrong }}
          isAnimationActive={false}
          content={pointTooltip<SweepCurvePoint>((point) => (
            <TooltipBox>
              <span>
                {point.loadLabel}: {STATUS_TEXT[point.status]}
              </span>
              <TooltipRow label={yLabel} value={formatY(point.y)} />
              <TooltipRow label={xLabel} value={formatMs(point.x)} />
            </TooltipBox>
          ))}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
