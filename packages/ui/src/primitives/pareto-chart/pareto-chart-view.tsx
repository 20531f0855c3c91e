import { Line, Scatter } from 'recharts';
import { paretoFrontier } from '../chart/chart-math';
import { TooltipRow, useChartAxes } from '../chart/chart-view-kit';
import { TitledPointPlot } from '../chart/titled-point-plot';
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
  const { colors } = useChartAxes();
  const groups = groupStyles(points, colors);
  const frontier = showFrontier ? paretoFrontier(points) : [];

  return (
    <TitledPointPlot<ParetoPoint>
      x={{ title: xLabel, format: formatX }}
      y={{ title: yLabel, format: formatY }}
      tooltip={(point) => (
        <>
          <span>{point.label ?? point.group}</span>
          <TooltipRow label={xLabel} value={formatX(point.x)} />
          <TooltipRow label={yLabel} value={formatY(point.y)} />
        </>
      )}
    >
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
    </TitledPointPlot>
  );
}
