import { formatMetric, metricLabel } from '../benchmark-common/benchmark-data';
import { formatHardware, formatTokensPerSecond } from '../../foundations/format/format';
import type {
  Constraint,
  ConstraintOp,
  Direction,
  MetricKey,
  Objective,
  BenchmarkSetting,
  TuningResult,
} from '@mako/contract';

/** A metric's label inside a sentence: "output tok/s", "p99 TTFT", "mean TPOT". */
export function metricPhrase(metric: MetricKey): string {
  const label = metricLabel(metric);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Axis and tooltip numbers of the progress chart, whose legend names the unit. */
export function formatMetricNumber(metric: MetricKey, value: number): string {
  // Token throughputs only: requests/s, latencies, energy, shares and money keep their own units.
  const throughput = metric.includes('throughput') && metric !== 'request_throughput';
  return throughput ? formatTokensPerSecond(value, { unit: false }) : formatMetric(metric, value);
}

/** "max output tok/s", "min p90 TPOT". */
export function objectiveLabel({ metric, direction }: Objective): string {
  return `${direction === 'maximize' ? 'max' : 'min'} ${metricPhrase(metric)}`;
}

export const OP_SYMBOLS: Record<ConstraintOp, string> = { '<=': '≤', '>=': '≥', '<': '<', '>': '>' };

/** "p99 TTFT ≤ 200 ms". */
export function constraintLabel({ metric, op, value }: Constraint): string {
  return `${metricPhrase(metric)} ${OP_SYMBOLS[op]} ${formatMetric(metric, value)}`;
}

/**
 * The relative gain of `value` over `baseline` in the objective's better direction: 0.38 means
 * 38 % better, whether that is more throughput or less latency.
 */
export function relativeGain(value: number, baseline: number | null | undefined, direction: Direction): number | null {
  if (baseline === null || baseline === undefined || baseline === 0) return null;
  const change = (value - baseline) / Math.abs(baseline);
  return direction === 'maximize' ? change : -change;
}

/** SPEC §2: '{model name} tuning session on {count}x {hardware name}'. */
export function tuningSessionTitle(setting: Pick<BenchmarkSetting, 'ml_model_name' | 'hardware_config'>): string {
  return `${setting.ml_model_name} tuning session on ${formatHardware(setting.hardware_config)}`;
}

export const TUNING_SESSIONS_TITLE = 'Tuning sessions';

export type TrialStatus = 'feasible' | 'infeasible' | 'oom' | 'crash' | 'timeout' | 'invalid' | (string & {});

/** What happened to a trial: measured within the constraints, measured outside them, or why it failed. */
export function trialStatus(result: Pick<TuningResult, 'feasible' | 'failure'>): TrialStatus {
  if (result.failure) return result.failure.kind;
  return result.feasible ? 'feasible' : 'infeasible';
}

export { tuneRunnerCommand } from '../benchmark-common/runner-commands';
