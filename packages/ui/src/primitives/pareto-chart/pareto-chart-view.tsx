import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { paretoFrontier } from '../chart/chart-math';
import { TooltipBox } from '../chart/chart.styles';
import { pointTooltip, titledAxesChart, TooltipRow, useChartAxes } from '../chart/chart-view-kit';
import { groupStyles } from './pareto-groups';
import type { ParetoChartProps, ParetoPoint } from './pareto-chart-props';

/** The recharts part of ParetoChart; loaded on demand. */
export default function ParetoChartView({
  points,
  xLabel = 'Tokens/s per user',
  yLabel = 'Tokens/s per GPU',
  formatX = String,
  formatY = String,
  showFrontier = true,
  dimmedGroups = [],
  onPointClick,
}: ParetoChartProps) {
  const { colors, titledPointAxes } = useChartAxes();
  const axes = titledPointAxes({ title: xLabel, format: formatX }, { title: yLabel, format: formatY });
  const groups = groupStyles(points, colors);
  const frontier = showFrontier ? paretoFrontier(points) : [];

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart {...titledAxesChart}>
        <CartesianGrid stroke={colors.chartGrid} />
        <XAxis {...axes.x} />
        <YAxis {...axes.y} />
        {showFrontier ? (
          <Line
            data={frontier}
            dataKey="y"
            type="linear"
            stroke={colors.textSubtle}
            strokeDasharray="5 4"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
            name="Pareto frontier"
          />
        ) : null}
        {groups.map((group) => (
          <Scatter
            key={group.name}
            name={group.name}
            data={points.filter((point) => point.group === group.name)}
            fill={group.color}
            shape={group.shape}
            fillOpacity={dimmedGroups.includes(group.name) ? 0.3 : 1}
            isAnimationActive={false}
            {...(onPointClick
              ? {
                  cursor: 'pointer',
                  onClick: (data: { payload?: ParetoPoint }) => {
                    if (data.payload) onPointClick(data.payload);
                  },
                }
              : {})}
          />
        ))}
        <Tooltip
          cursor={{ strokeDasharray: '3 3', stroke: colors.borderStrong }}
          isAnimationActive={false}
          content={pointTooltip<ParetoPoint>((point) => (
            <TooltipBox>
              <span>{point.label ?? point.group}</span>
              <TooltipRow label={xLabel} value={formatX(point.x)} />
              <TooltipRow label={yLabel} value={formatY(point.y)} />
            </TooltipBox>
          ))}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
