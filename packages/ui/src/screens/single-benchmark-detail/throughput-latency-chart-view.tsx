import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { TooltipBox, TooltipValue } from '../../primitives/chart/chart.styles';
import { formatMs, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { font } from '../../foundations/theme/design-tokens';
import type { ThroughputLatencyChartProps, ThroughputLatencyPoint } from './throughput-latency-chart';

/** The recharts part of ThroughputLatencyChart; loaded on demand. */
export default function ThroughputLatencyChartView({
  points,
  selectedId,
  xLabel,
  onSelect,
}: ThroughputLatencyChartProps) {
  const { colors } = useUiTheme();
  const tick = { fill: colors.textMuted, fontSize: 12, fontFamily: font.mono };
  const axisLabel = { fill: colors.textMuted, fontSize: 12 };
  const others = points.filter((point) => point.id !== selectedId);
  const selected = points.filter((point) => point.id === selectedId);
  const select = (entry: unknown) => {
    const id = (entry as { payload?: ThroughputLatencyPoint } | undefined)?.payload?.id;
    if (id) onSelect?.(id);
  };

  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart margin={{ top: 8, right: 16, bottom: 20, left: 16 }} accessibilityLayer={false}>
        <CartesianGrid stroke={colors.chartGrid} />
        <XAxis
          type="number"
          dataKey="x"
          tick={tick}
          stroke={colors.border}
          tickFormatter={(value: number) => formatNumber(value)}
          label={{ ...axisLabel, value: `${xLabel} (ms)`, position: 'insideBottom', offset: -14 }}
          domain={[0, 'auto']}
        />
        <YAxis
          type="number"
          dataKey="y"
          tick={tick}
          stroke={colors.border}
          width={72}
          tickFormatter={(value: number) => formatNumber(value)}
          label={{
            ...axisLabel,
            value: 'Output tok/s',
            angle: -90,
            position: 'insideLeft',
            offset: 0,
            style: { textAnchor: 'middle' },
          }}
          domain={[0, 'auto']}
        />
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
          content={({ active, payload }) => {
            const point = (payload as ReadonlyArray<{ payload?: ThroughputLatencyPoint }> | undefined)?.[0]?.payload;
            if (!active || !point) return null;
            return (
              <TooltipBox>
                <span>Benchmark {point.label}</span>
                <span>
                  Output: <TooltipValue>{formatTokensPerSecond(point.y)}</TooltipValue>
                </span>
                <span>
                  {xLabel}: <TooltipValue>{formatMs(point.x)}</TooltipValue>
                </span>
              </TooltipBox>
            );
          }}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
