import type { MetricInterval } from '@mako/contract';

/*
 * How the screens word what a runner measures beside the metrics (the contract's ClientReport,
 * MetricInterval and Telemetry).
 */

/**
 * A figure with its 95 % interval in the figure's own format: "1,234 ± 21 (5 runs)". The half-width
 * is the larger side, so the text never claims more precision than the interval has.
 */
export function withInterval(
  formatted: string,
  interval: MetricInterval | undefined,
  format: (value: number) => string,
  { runs = true }: { runs?: boolean } = {},
): string {
  if (!interval) return formatted;
  const half = Math.max(interval.high - interval.mean, interval.mean - interval.low);
  return `${formatted} ± ${format(half)}${runs ? ` (${interval.n} runs)` : ''}`;
}
