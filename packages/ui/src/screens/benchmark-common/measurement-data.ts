import type { METRIC_KEYS } from '@mako/contract/vocabulary';
import type { TelemetryPoint } from '../../primitives/telemetry-chart';

/*
 * The shapes of what a runner measures beside the metrics (the contract's ClientReport,
 * MetricInterval and Telemetry), and how the screens word them.
 */

export interface ClientReportView {
  target_rate: number | null;
  achieved_rate: number | null;
  send_lag_ms: { p50: number; p99: number };
  cpu_pct: number;
  client_limited: boolean;
  client_limited_reasons: readonly string[];
}

export interface MetricIntervalView {
  mean: number;
  low: number;
  high: number;
  n: number;
}

export type MetricIntervalsView = Partial<Record<(typeof METRIC_KEYS)[number], MetricIntervalView>>;

export interface TelemetryView {
  interval_s: number;
  samples: readonly TelemetryPoint[];
}

/**
 * A figure with its 95 % interval in the figure's own format: "1,234 ± 21 (5 runs)". The half-width
 * is the larger side, so the text never claims more precision than the interval has.
 */
export function withInterval(
  formatted: string,
  interval: MetricIntervalView | undefined,
  format: (value: number) => string,
  { runs = true }: { runs?: boolean } = {},
): string {
  if (!interval) return formatted;
  const half = Math.max(interval.high - interval.mean, interval.mean - interval.low);
  return `${formatted} ± ${format(half)}${runs ? ` (${interval.n} runs)` : ''}`;
}
