import { plural } from '../../foundations/format/format';

/**
 * One moment of a run: seconds since it started, and a value per series, absent when nothing
 * exposed it. Plain numbers by name, so a primitive knows no API shape; the contract's
 * TelemetrySample is one.
 */
export interface TelemetryPoint {
  readonly t_s: number;
  readonly [series: string]: number | undefined;
}

/** The series this chart draws or reads. */
export type TelemetrySeries =
  | 'output_throughput'
  | 'running'
  | 'waiting'
  | 'kv_cache_usage'
  | 'gpu_utilization_pct'
  | 'prefix_cache_hit_rate'
  | 'preemptions'
  | 'gpu_memory_used_mib'
  | 'gpu_power_w';

/** What each series is called, and its colour in the theme: one list for the lines, tooltip and legend. */
export const SERIES: readonly { key: TelemetrySeries; label: string; color: ColorName; dashed?: boolean }[] = [
  { key: 'output_throughput', label: 'Output tok/s', color: 'accent' },
  { key: 'running', label: 'Running requests', color: 'chart3' },
  { key: 'waiting', label: 'Waiting requests', color: 'chart2', dashed: true },
  { key: 'kv_cache_usage', label: 'KV cache used', color: 'danger' },
  { key: 'gpu_utilization_pct', label: 'GPU utilisation', color: 'chart1' },
  { key: 'prefix_cache_hit_rate', label: 'Prefix-cache hit rate', color: 'chart4', dashed: true },
];
type ColorName = 'accent' | 'chart1' | 'chart2' | 'chart3' | 'chart4' | 'danger';

/** Whether any sample has the series: the chart draws and names only those. */
export const hasSeries = (points: readonly TelemetryPoint[], series: TelemetrySeries) =>
  points.some((point) => point[series] !== undefined);

const values = (points: readonly TelemetryPoint[], series: TelemetrySeries) =>
  points.map((point) => point[series]).filter((value): value is number => value !== undefined);

/** The highest value of a series and when it was first reached; null when the series is absent. */
export function peak(
  points: readonly TelemetryPoint[],
  series: TelemetrySeries,
): { value: number; t_s: number } | null {
  let best: { value: number; t_s: number } | null = null;
  for (const point of points) {
    const value = point[series];
    if (value !== undefined && (best === null || value > best.value)) best = { value, t_s: point.t_s };
  }
  return best;
}

/** Preemptions during the run: the counter's rise from the first sample to the last. */
export function preemptionsDuring(points: readonly TelemetryPoint[]): number | null {
  const counts = values(points, 'preemptions');
  if (counts.length === 0) return null;
  return Math.max(0, (counts[counts.length - 1] as number) - (counts[0] as number));
}

export function meanOf(points: readonly TelemetryPoint[], series: TelemetrySeries): number | null {
  const found = values(points, series);
  return found.length ? found.reduce((a, b) => a + b, 0) / found.length : null;
}

/** Percent with no decimals: 0.934 → "93 %". */
export const percent = (share: number) => `${Math.round(share * 100)} %`;
const seconds = (t: number) => `${t < 10 ? t.toFixed(1) : Math.round(t)} s`;

/**
 * The chart in one sentence, with what explains a latency cliff first: when the KV cache filled
 * and how long the queue grew, then preemptions and the GPUs.
 */
export function describeTelemetry(
  points: readonly TelemetryPoint[],
  formatThroughput: (value: number) => string,
): string {
  if (points.length === 0) return 'No telemetry was recorded for this run.';
  const last = points[points.length - 1] as TelemetryPoint;
  const parts = [`${plural(points.length, 'sample', 'samples')} over ${seconds(last.t_s)}`];
  const throughput = peak(points, 'output_throughput');
  if (throughput) parts.push(`output peaked at ${formatThroughput(throughput.value)} at ${seconds(throughput.t_s)}`);
  const kv = peak(points, 'kv_cache_usage');
  if (kv) parts.push(`KV cache peaked at ${percent(kv.value)} at ${seconds(kv.t_s)}`);
  const waiting = peak(points, 'waiting');
  if (waiting) parts.push(`up to ${Math.round(waiting.value)} requests waiting`);
  const preemptions = preemptionsDuring(points);
  if (preemptions !== null) parts.push(`${preemptions} preemption${preemptions === 1 ? '' : 's'}`);
  const gpu = meanOf(points, 'gpu_utilization_pct');
  if (gpu !== null) parts.push(`GPU utilisation ${Math.round(gpu)} % on average`);
  return `${parts.join('; ')}.`;
}
