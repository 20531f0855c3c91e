import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { paretoFrontier } from '../chart/chart-math';
import { TooltipBox, TooltipValue } from '../chart/chart.styles';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { font } from '../../foundations/theme/design-tokens';
import { groupStyles } from './pareto-groups';
import type { ParetoChartProps, ParetoPoint } from './pareto-chart';

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
  const { colors } = useUiTheme();
  const groups = groupStyles(points, colors);
  const frontier = showFrontier ? paretoFrontier(points) : [];
  const tick = { fill: colors.textMuted, fontSize: 12, fontFamily: font.mono };
  const axisLabel = { fill: colors.textMuted, fontSize: 12 };

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart margin={{ top: 8, right: 16, bottom: 20, left: 16 }} accessibilityLayer={false}>
        <CartesianGrid stroke={colors.chartGrid} />
        <XAxis
          type="number"
          dataKey="x"
          tick={tick}
          stroke={colors.border}
          tickFormatter={(value: number) => formatX(value)}
          label={{ ...axisLabel, value: xLabel, position: 'insideBottom', offset: -14 }}
          domain={[0, 'auto']}
        />
        <YAxis
          type="number"
          dataKey="y"
          tick={tick}
          stroke={colors.border}
          width={72}
          tickFormatter={(value: number) => formatY(value)}
          label={{
            ...axisLabel,
            value: yLabel,
            angle: -90,
            position: 'insideLeft',
            offset: 0,
            style: { textAnchor: 'middle' },
          }}
          domain={[0, 'auto']}
        />
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
          content={({ active, payload }) => {
            const point = (payload as ReadonlyArray<{ payload?: ParetoPoint }> | undefined)?.[0]?.payload;
            if (!active || !point) return null;
            return (
              <TooltipBox>
                <span>{point.label ?? point.group}</span>
                <span>
                  {xLabel}: <TooltipValue>{formatX(point.x)}</TooltipValue>
                </span>
                <span>
                  {yLabel}: <TooltipValue>{formatY(point.y)}</TooltipValue>
                </span>
              </TooltipBox>
            );
          }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
