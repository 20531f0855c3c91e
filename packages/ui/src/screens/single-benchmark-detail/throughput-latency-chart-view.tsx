import { Scatter } from 'recharts';
import { TooltipRow, useChartAxes } from '../../primitives/chart/chart-view-kit';
import { TitledPointPlot } from '../../primitives/chart/titled-point-plot';
import { formatMs, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';
import type { ThroughputLatencyChartProps, ThroughputLatencyPoint } from './throughput-latency-chart-props';

/** The recharts part of ThroughputLatencyChart; loaded on demand. */
export default function ThroughputLatencyChartView({
  points,
  selectedId,
  xLabel,
  onSelect,
}: ThroughputLatencyChartProps) {
  const { colors } = useChartAxes();
  const others = points.filter((point) => point.id !== selectedId);
  const selected = points.filter((point) => point.id === selectedId);
  const select = (entry: unknown) => {
    const id = (entry as { payload?: ThroughputLatencyPoint } | undefined)?.payload?.id;
    if (id) onSelect?.(id);
  };

  return (
    <TitledPointPlot<ThroughputLatencyPoint>
      x={{ title: `${xLabel} (ms)`, format: formatNumber }}
      y={{ title: 'Output tok/s', format: formatNumber }}
      scattersOnly
      tooltip={(point) => (
        <>
          <span>Benchmark {point.label}</span>
          <TooltipRow label="Output" value={formatTokensPerSecond(point.y)} />
          <TooltipRow label={xLabel} value={formatMs(point.x)} />
        </>
      )}
    >
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
    </TitledPointPlot>
  );
}
