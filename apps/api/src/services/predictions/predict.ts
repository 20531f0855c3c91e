import {
  PREDICTED_METRICS,
  readMetric,
  type Benchmark,
  type BenchmarkMetrics,
  type PredictedFigures,
  type PredictedMetric,
  type Runtime,
  type RuntimeOptions,
} from '@mako/contract';
import {
  DEFAULT_PARAMETERS,
  GPUS,
  MODELS,
  gpuSpec,
  modelSpec,
  simulate,
  type SimOutput,
  type WeightDtype,
} from '@mako/perf-model';
import { sha256 } from '../../auth/secrets.ts';
import type { SettingColumns } from '../../db/schema.ts';
import { settingContent } from '../benchmarks/settings.ts';

/** What perf-model is asked about: a benchmark's setting (as its columns) and flags. */
export type PredictionSubject = Omit<SettingColumns, 'setting_key'> & { runtime_options: RuntimeOptions };

export type ModelFigures =
  { kind: 'predicted'; predicted: PredictedFigures; weight_dtype: WeightDtype } | { kind: 'none'; reason: string };

/**
 * Names the perf-model that made a stored prediction (its constants, models and GPUs): when the model
 * changes, stored predictions and their errors are recomputed (rebuildPredictionErrors), and until
 * then errors of an older model do not correct the new one.
 */
export const MODEL_FINGERPRINT = sha256(JSON.stringify({ format: 1, DEFAULT_PARAMETERS, MODELS, GPUS })).slice(0, 16);

/**
 * The weight precision a benchmark's flags name. No engine flag of the catalogue sets it, but a
 * posted `quantization` (vLLM, SGLang) or `dtype` flag may; perf-model knows BF16, FP8, FP4, INT4.
 */
export function weightDtypeOf(options: RuntimeOptions): WeightDtype {
  const named = [options.quantization, options.dtype]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.toLowerCase());
  if (named.some((v) => v.includes('fp4'))) return 'fp4';
  if (named.some((v) => v.includes('fp8'))) return 'fp8';
  if (named.some((v) => /awq|gptq|int4|w4a16|marlin/.test(v))) return 'int4';
  return 'bf16';
}

/** ShareGPT-like chat answers vary about as much as their mean (perf-model's README); a random dataset's are fixed. */
const CHAT_OUTPUT_CV = 1;

/** perf-model's figures for a setting and its flags, or why it cannot give them. Deterministic (no noise). */
export function predictFigures(subject: PredictionSubject): ModelFigures {
  if (!modelSpec(subject.ml_model_name))
    return { kind: 'none', reason: `The performance model does not know the model ${subject.ml_model_name}.` };
  if (!gpuSpec(subject.hardware_name))
    return { kind: 'none', reason: `The performance model does not know the GPU ${subject.hardware_name}.` };
  const weightDtype = weightDtypeOf(subject.runtime_options);
  let out: SimOutput;
  try {
    out = simulate({
      model: subject.ml_model_name,
      gpu: subject.hardware_name,
      gpu_count: subject.hardware_count,
      runtime: subject.runtime as Runtime,
      weight_dtype: weightDtype,
      engine_version: subject.version,
      config: subject.runtime_options,
      workload: {
        input_len: Math.max(1, Math.round((subject.min_prompt + subject.max_prompt) / 2)),
        output_len: Math.max(1, Math.round((subject.min_output + subject.max_output) / 2)),
        request_rate: Number.isFinite(subject.request_rate) ? subject.request_rate : 'inf',
        max_concurrency: subject.max_concurrency,
        num_requests: subject.num_requests,
        max_seq_length: subject.max_seq_length,
        burstiness: subject.burstiness,
        output_len_cv: subject.dataset === 'sharegpt' ? CHAT_OUTPUT_CV : 0,
      },
      noise: 0,
      seed: 0,
    });
  } catch (error) {
    // perf-model throws on a workload it cannot model (e.g. prompts longer than the context).
    return { kind: 'none', reason: `The performance model cannot model this setting: ${(error as Error).message}` };
  }
  if (!out.ok) return { kind: 'none', reason: `The performance model predicts a failure: ${out.failure.message}` };
  return { kind: 'predicted', predicted: figuresOf(out.metrics, subject.hardware_count), weight_dtype: weightDtype };
}

/** The predicted metrics read from a full set of metrics (measured or simulated). */
export function figuresOf(metrics: BenchmarkMetrics, gpuCount: number): PredictedFigures {
  const figures = {} as PredictedFigures;
  for (const metric of PREDICTED_METRICS) figures[metric] = readMetric(metrics, metric, { gpuCount }) ?? 0;
  return figures;
}

/** ln(measured / predicted) per metric; null where either is not a positive number. */
export function logRatios(
  measured: PredictedFigures,
  predicted: PredictedFigures,
): Record<PredictedMetric, number | null> {
  const ratios = {} as Record<PredictedMetric, number | null>;
  for (const metric of PREDICTED_METRICS) {
    const m = measured[metric];
    const p = predicted[metric];
    ratios[metric] = m > 0 && p > 0 && Number.isFinite(m) && Number.isFinite(p) ? Math.log(m / p) : null;
  }
  return ratios;
}

/** A benchmark answer as a subject (its setting flattened to the columns'). */
export const subjectOfBenchmark = (b: Pick<Benchmark, 'setting' | 'runtime_options'>): PredictionSubject => ({
  ...settingContent(b.setting),
  runtime_options: b.runtime_options,
});
