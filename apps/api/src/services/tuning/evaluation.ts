import {
  METRIC_KEYS,
  readMetric,
  satisfies,
  type BenchmarkMetrics,
  type Constraint,
  type MetricKey,
} from '@mako/contract';

/** The tuner reads metrics as flat keys: 'output_throughput', 'ttft_ms.p99', … */
export function flattenMetrics(
  metrics: BenchmarkMetrics,
  gpuCount: number,
  cost: number | null,
): Record<string, number> {
  const flat: Record<string, number> = {};
  for (const key of METRIC_KEYS) {
    const value = readMetric(metrics, key, { gpuCount, costPerMillionTokens: cost });
    if (value !== null && Number.isFinite(value)) flat[key] = value;
  }
  return flat;
}

export interface Evaluation {
  objectiveValue: number | null;
  feasible: boolean;
}

/** A measurement is feasible when the objective is measurable and every constraint holds. */
export function evaluate(
  flat: Record<string, number> | null,
  objective: MetricKey,
  constraints: Constraint[],
): Evaluation {
  if (!flat) return { objectiveValue: null, feasible: false };
  const objectiveValue = flat[objective] ?? null;
  const feasible =
    objectiveValue !== null &&
    constraints.every((c) => {
      const value = flat[c.metric];
      return value !== undefined && satisfies(value, c.op, c.value);
    });
  return { objectiveValue, feasible };
}

export const isBetter = (candidate: number, incumbent: number | null, direction: 'maximize' | 'minimize') =>
  incumbent === null || (direction === 'maximize' ? candidate > incumbent : candidate < incumbent);
