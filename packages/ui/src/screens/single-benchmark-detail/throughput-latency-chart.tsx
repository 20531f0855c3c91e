import { lazy } from 'react';
import { ChartFrame, chartFigure } from '../../primitives/chart/chart-frame';
import { formatMs, formatTokensPerSecond, plural } from '../../foundations/format/format';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import type { ThroughputLatencyChartProps } from './throughput-latency-chart-props';

const ThroughputLatencyChartView = lazy(() => import('./throughput-latency-chart-view'));

const span = (values: number[], format: (value: number) => string) =>
  values.length === 0 ? '—' : `${format(Math.min(...values))} to ${format(Math.max(...values))}`;

function describe({ points, selectedId, xLabel }: ThroughputLatencyChartProps): string {
  if (points.length === 0) return 'No benchmarks to plot.';
  const ys = points.map((point) => point.y);
  const xs = points.map((point) => point.x);
  const selected = points.find((point) => point.id === selectedId);
  const base = `${plural(points.length, 'benchmark', 'benchmarks')}: output ${span(ys, formatTokensPerSecond)} at ${xLabel} from ${span(xs, formatMs)}.`;
  return selected
    ? `${base} Selected ${selected.label}: ${formatTokensPerSecond(selected.y)} at ${formatMs(selected.x)}.`
    : base;
}

/**
 * Throughput against latency for the benchmarks of one setting: a point per benchmark, the
 * selected one marked by shape and colour. Recharts loads lazily, as the design system's charts do.
 */
export function ThroughputLatencyChart(props: ThroughputLatencyChartProps) {
  const { colors } = useUiTheme();
  return (
    <ChartFrame
      {...chartFigure(props, { title: 'Throughput against latency', height: 300 })}
      summary={describe(props)}
      legend={[
        { label: 'Benchmark', shape: 'circle', color: colors.chart1 },
        { label: 'Selected', shape: 'diamond', color: colors.chart2 },
      ]}
    >
      <ThroughputLatencyChartView {...props} />
    </ChartFrame>
  );
}
