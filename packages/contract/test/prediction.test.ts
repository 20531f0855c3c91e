import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Benchmark, PREDICTED_METRICS, Prediction, buildOpenApi } from '../src/index.ts';

const figures = {
  output_throughput: 4100,
  'ttft_ms.p50': 70,
  'ttft_ms.p99': 180,
  'tpot_ms.p50': 18,
  'tpot_ms.p99': 25,
};
const predicted = {
  kind: 'predicted',
  predicted: figures,
  corrected: { ...figures, output_throughput: 4500 },
  running_error: PREDICTED_METRICS.map((metric) => ({ metric, count: 3, mean_log_ratio: 0.12, factor: 1.09 })),
  weight_dtype: 'bf16',
};

describe('Prediction', () => {
  it('takes a prediction with its running error, and the reason when there is none', () => {
    expect(z.safeParse(Prediction, predicted).success).toBe(true);
    expect(z.safeParse(Prediction, { ...predicted, corrected: null }).success).toBe(true);
    expect(
      z.safeParse(Prediction, { kind: 'none', reason: 'The performance model does not know the GPU X.' }).success,
    ).toBe(true);
  });

  it('refuses a figure missing, an unknown metric, a factor that is not positive, a count that is not whole', () => {
    const { 'tpot_ms.p99': _gone, ...partial } = figures;
    expect(z.safeParse(Prediction, { ...predicted, predicted: partial }).success).toBe(false);
    const error = predicted.running_error[0]!;
    for (const bad of [{ metric: 'goodput' }, { factor: 0 }, { count: 1.5 }, { count: -1 }]) {
      expect(z.safeParse(Prediction, { ...predicted, running_error: [{ ...error, ...bad }] }).success).toBe(false);
    }
    expect(z.safeParse(Prediction, { kind: 'none' }).success).toBe(false);
  });

  it('is an optional field of a benchmark, described in the OpenAPI document', () => {
    const shape = Benchmark.def.shape;
    expect(z.safeParse(shape.prediction, undefined).success).toBe(true);
    expect(z.safeParse(shape.prediction, predicted).success).toBe(true);
    expect(JSON.stringify(buildOpenApi())).toContain('running_error');
  });
});
