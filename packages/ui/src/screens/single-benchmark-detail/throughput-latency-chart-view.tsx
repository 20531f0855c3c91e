import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { TooltipBox } from '../../primitives/chart/chart.styles';
import { pointTooltip, titledAxesChart, TooltipRow, useChartAxes } from '../../primitives/chart/chart-view-kit';
import { formatMs, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';
import type { ThroughputLatencyChartProps, ThroughputLatencyPoint } from './throughput-latency-chart-props';

/** The recharts part of ThroughputLatencyChart; loaded on demand. */
export default function ThroughputLatencyChartView({
  points,
  selectedId,
  xLabel,
  onSelect,
}: ThroughputLatencyChartProps) {
  const { colors, titledPointAxes } = useChartAxes();
  const axes = titledPointAxes(
    { title: `${xLabel} (ms)`, format: formatNumber },
    { title: 'Output tok/s', format: formatNumber },
  );
  const others = points.filter((point) => point.id !== selectedId);
  const selected = points.filter((point) => point.id === selectedId);
  const select = (entry: unknown) => {
    const id = (entry as { payload?: ThroughputLatencyPoint } | undefined)?.payload?.id;
    if (id) onSelect?.(id);
  };

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart {...titledAxesChart}>
        <CartesianGrid stroke={colors.chartGrid} />
        <XAxis {...axes.x} />
        <YAxis {...axes.y} />
        <Scatter
          name="Benchmark"
          data={others}
          fill={colors.chart1}
          shape="circle"
          isAnimationActive={false}
          onClick={select}
          cursor={onSelect ? 'pointer' : undefined}
        />
        <Scatter name="Selected" data={selected} fill={colors.chart2} shape="diamond" isAnimationActive={false} />
        <Tooltip
          cursor={{ strokeDasharray: '3 3', stroke: colors.borderStrong }}
          isAnimationActive={false}
          content={pointTooltip<ThroughputLatencyPoint>((point) => (
            <TooltipBox>
              <span>Benchmark {point.label}</span>
              <TooltipRow label="Output" value={formatTokensPerSecond(point.y)} />
              <TooltipRow label={xLabel} value={formatMs(point.x)} />
            </TooltipBox>
          ))}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
