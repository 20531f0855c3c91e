import * as z from 'zod/mini';

/**
 * What @mako/perf-model predicts for a stored benchmark, beside what was measured (issue 25: every
 * measurement checks the model). Only the single benchmark's answer (by id, create) and the
 * best-setup report carry it: it depends on the running error, which moves as benchmarks arrive.
 */

/** The figures perf-model predicts and the running error is kept for (metric keys, as in search). */
export const PREDICTED_METRICS = [
  'output_throughput',
  'ttft_ms.p50',
  'ttft_ms.p99',
  'tpot_ms.p50',
  'tpot_ms.p99',
] as const;
export type PredictedMetric = (typeof PREDICTED_METRICS)[number];

export const PredictedFigures = z.object({
  output_throughput: z.number(),
  'ttft_ms.p50': z.number(),
  'ttft_ms.p99': z.number(),
  'tpot_ms.p50': z.number(),
  'tpot_ms.p99': z.number(),
});
export type PredictedFigures = z.infer<typeof PredictedFigures>;

/**
 * The running error of one metric on one model × GPU × engine, from the measured (not demo)
 * benchmarks the viewer may read: the mean of ln(measured / predicted) and how many benchmarks.
 */
export const RunningError = z.object({
  metric: z.enum(PREDICTED_METRICS),
  count: z.number().check(z.int(), z.nonnegative()),
  mean_log_ratio: z.nullable(z.number()),
  /**
   * The factor the corrected prediction multiplies by: exp(mean_log_ratio) shrunk toward 1 while
   * few benchmarks back it; 1 when there are none.
   */
  factor: z.number().check(z.positive()),
});
export type RunningError = z.infer<typeof RunningError>;

export const Prediction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('predicted'),
    /** perf-model's figures for the benchmark's setting and flags, uncorrected. */
    predicted: PredictedFigures,
    /** The figures times the running error's factors; null when no other benchmark of the setting corrects them yet. */
    corrected: z.nullable(PredictedFigures),
    /** Per metric, the running error on this model × GPU × engine (this benchmark left out). */
    running_error: z.array(RunningError),
    /** The weight precision predicted with ('bf16', 'fp8', 'fp4', 'int4'), from the quantization flag. */
    weight_dtype: z.string(),
  }),
  z.object({
    kind: z.literal('none'),
    /** Why there is no prediction, in a sentence the page can show. */
    reason: z.string(),
  }),
]);
export type Prediction = z.infer<typeof Prediction>;
