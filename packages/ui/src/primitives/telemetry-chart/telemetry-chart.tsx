import { lazy } from 'react';
import { ChartFrame, chartFigure } from '../chart/chart-frame';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { SERIES, describeTelemetry, hasSeries } from './telemetry-math';
import type { TelemetryChartProps } from './telemetry-chart-props';

const TelemetryChartView = lazy(() => import('./telemetry-chart-view'));

/**
 * An engine's state through a run beside the throughput the run got from it: above, output tok/s
 * with the running and waiting requests; below, KV-cache use, GPU utilisation and prefix-cache hits
 * in percent, on the same time axis, so a cache that filled or a queue that grew lines up with the
 * throughput it cost. Recharts loads lazily.
 */
export function TelemetryChart(props: TelemetryChartProps) {
  const { colors } = useUiTheme();
  const { samples, panelHeight = 180, formatThroughput = String } = props;
  const present = SERIES.filter((series) => hasSeries(samples, series.key));
  return (
    <ChartFrame
      // The height is the two panels' and the gap between them.
      {...chartFigure(props, { title: 'Engine telemetry', height: panelHeight * 2 + 16 })}
      summary={describeTelemetry(samples, formatThroughput)}
      legend={present.map((series) => ({
        label: series.label,
        shape: series.dashed ? 'dashed' : 'line',
        color: colors[series.color],
      }))}
    >
      <TelemetryChartView {...props} panelHeight={panelHeight} formatThroughput={formatThroughput} />
    </ChartFrame>
  );
}
