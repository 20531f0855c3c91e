import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactNode } from 'react';
import { TooltipBox, TooltipValue } from '../chart/chart.styles';
import { Panel, Panels } from './telemetry-chart.styles';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { font } from '../../foundations/theme/design-tokens';
import type { TelemetryChartProps } from './telemetry-chart-props';
import { SERIES, hasSeries, percent } from './telemetry-math';
import type { TelemetryPoint, TelemetrySeries } from './telemetry-math';

/** The lower panel plots shares as percent, so KV cache, GPUs and prefix hits share one 0–100 axis. */
interface PlotPoint extends TelemetryPoint {
  kv_pct?: number;
  prefix_pct?: number;
}

const PLOTTED_AS: Partial<Record<TelemetrySeries, keyof PlotPoint>> = {
  kv_cache_usage: 'kv_pct',
  prefix_cache_hit_rate: 'prefix_pct',
};

const SYNC_ID = 'telemetry';

function TooltipContent({
  point,
  formatThroughput,
}: {
  point: TelemetryPoint;
  formatThroughput: (value: number) => string;
}) {
  const row = (label: string, value: string) => (
    <span key={label}>
      {label}: <TooltipValue>{value}</TooltipValue>
    </span>
  );
  const shown: [TelemetrySeries, string, (value: number) => string][] = [
    ['output_throughput', 'Output', formatThroughput],
    ['running', 'Running', (v) => String(Math.round(v))],
    ['waiting', 'Waiting', (v) => String(Math.round(v))],
    ['kv_cache_usage', 'KV cache', percent],
    ['preemptions', 'Preemptions (total)', (v) => String(Math.round(v))],
    ['prefix_cache_hit_rate', 'Prefix-cache hits', percent],
    ['gpu_utilization_pct', 'GPU utilisation', (v) => `${Math.round(v)} %`],
    ['gpu_memory_used_mib', 'GPU memory', (v) => `${(v / 1024).toFixed(1)} GiB`],
    ['gpu_power_w', 'GPU power', (v) => `${Math.round(v)} W`],
  ];
  return (
    <TooltipBox>
      <span>{point.t_s.toFixed(1)} s</span>
      {shown.map(([key, label, format]) => (point[key] === undefined ? null : row(label, format(point[key]))))}
    </TooltipBox>
  );
}

/** The recharts part of TelemetryChart; loaded on demand so recharts stays out of the main bundle. */
export default function TelemetryChartView({
  samples,
  formatThroughput = String,
  panelHeight = 180,
}: TelemetryChartProps) {
  const { colors } = useUiTheme();
  const data: PlotPoint[] = samples.map((point) => ({
    ...point,
    kv_pct: point.kv_cache_usage === undefined ? undefined : point.kv_cache_usage * 100,
    prefix_pct: point.prefix_cache_hit_rate === undefined ? undefined : point.prefix_cache_hit_rate * 100,
  }));
  const tick = { fill: colors.textMuted, fontSize: 12, fontFamily: font.mono };
  const end = samples.length ? (samples[samples.length - 1] as TelemetryPoint).t_s : 1;
  const line = (key: TelemetrySeries, yAxisId: string) => {
    const series = SERIES.find((s) => s.key === key);
    if (!series || !hasSeries(samples, key)) return null;
    return (
      <Line
        key={key}
        yAxisId={yAxisId}
        dataKey={PLOTTED_AS[key] ?? key}
        type="monotone"
        stroke={colors[series.color]}
        strokeWidth={series.key === 'output_throughput' ? 2.5 : 1.75}
        strokeDasharray={series.dashed ? '5 3' : undefined}
        dot={false}
        connectNulls
        isAnimationActive={false}
        name={series.label}
      />
    );
  };
  const margin = { top: 8, right: 8, bottom: 8, left: 8 };
  /** One panel: its own y axes and lines between the grid, time axis and tooltip both panels share. */
  const panel = (name: string, timeLabel: boolean, content: ReactNode) => (
    <Panel $height={panelHeight} data-telemetry-panel={name}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} syncId={SYNC_ID} margin={margin} accessibilityLayer={false}>
          <CartesianGrid stroke={colors.chartGrid} vertical={false} />
          <XAxis
            type="number"
            dataKey="t_s"
            domain={[0, end]}
            tick={tick}
            stroke={colors.border}
            tickFormatter={(value: number) => `${Math.round(value)} s`}
            label={
              timeLabel
                ? { value: 'Time', position: 'insideBottomRight', offset: -4, fill: colors.textMuted, fontSize: 12 }
                : undefined
            }
          />
          {content}
          <Tooltip
            cursor={{ stroke: colors.borderStrong }}
            isAnimationActive={false}
            content={({ active, payload }) => {
              const point = (payload as readonly { payload?: TelemetryPoint }[] | undefined)?.[0]?.payload;
              return active && point ? <TooltipContent point={point} formatThroughput={formatThroughput} /> : null;
            }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Panel>
  );
  const hasRequests = hasSeries(samples, 'running') || hasSeries(samples, 'waiting');
  return (
    <Panels>
      {panel(
        'throughput',
        false,
        <>
          <YAxis
            yAxisId="throughput"
            tick={tick}
            stroke={colors.border}
            width={64}
            tickFormatter={(value: number) => formatThroughput(value)}
          />
          {hasRequests ? (
            <YAxis
              yAxisId="requests"
              orientation="right"
              tick={tick}
              stroke={colors.border}
              width={40}
              allowDecimals={false}
            />
          ) : null}
          {line('output_throughput', 'throughput')}
          {line('running', 'requests')}
          {line('waiting', 'requests')}
        </>,
      )}
      {panel(
        'engine',
        true,
        <>
          <YAxis
            yAxisId="percent"
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={tick}
            stroke={colors.border}
            width={64}
            tickFormatter={(value: number) => `${value} %`}
          />
          {line('kv_cache_usage', 'percent')}
          {line('gpu_utilization_pct', 'percent')}
          {line('prefix_cache_hit_rate', 'percent')}
        </>,
      )}
    </Panels>
  );
}
