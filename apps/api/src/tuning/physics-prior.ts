import { readMetric, type Constraint, type Runtime, type RuntimeOptions } from '@mako/contract';
import { gpuSpec, modelSpec, simulate } from '@mako/perf-model';
import type { Config } from '@mako/tuner';

/**
 * The tuner's optional prior mean (TunerInput.prior) from @mako/perf-model's roofline simulation.
 * A function cannot cross to the tuner's worker thread, so the session's setting crosses instead
 * and the worker builds the predictor there.
 */
export interface PriorSetting {
  model: string;
  gpu: string;
  gpu_count: number;
  runtime: Runtime;
  /** The mean prompt and output lengths of the session's workload. */
  input_len: number;
  output_len: number;
  max_seq_length: number;
  metric: PriorMetric;
  /**
   * The running error's factor on output tokens/s for this model × GPU × engine
   * (services/predictions): measured benchmarks of the setting move the prior to where they
   * measured. 1 without any. The throughput objectives all scale with output tokens/s at a fixed
   * prompt/output mix, so the one factor serves them all.
   */
  correction: number;
}

/** The objectives the predictor's short saturated run tells (tokens/s). */
const PRIOR_METRICS = ['output_throughput', 'output_throughput_per_gpu', 'total_token_throughput'] as const;
type PriorMetric = (typeof PRIOR_METRICS)[number];

/** Latency bounds move the optimum away from the saturated throughput the predictor sees. */
const LATENCY = /^(ttft|tpot|itl|e2el)_ms\./;

/** The prior's run: short and saturated, so that it is cheap enough to call for every candidate. */
const PRIOR_REQUESTS = 20;

interface SessionTarget {
  ml_model_name: string;
  hardware_name: string;
  hardware_count: number;
  runtime: string;
  objective_metric: string;
  objective_direction: 'maximize' | 'minimize';
}

interface Workload {
  max_seq_length: number;
  min_prompt: number;
  max_prompt: number;
  min_output: number;
  max_output: number;
}

/**
 * The setting to predict from, or null where packages/tuner/README.md's measurements say the prior
 * does not help: it sped the search up on throughput objectives (32B batch 45.5 → 20.5 trials,
 * 70B chat 30.5 → 24, chat 17.5 → 10) and slowed it down under tight latency constraints (RAG
 * at a p99 TTFT SLO, the p99-TPOT surfaces). So: a tokens/s objective, maximised, with no latency
 * constraint, on a model and GPU perf-model knows.
 */
export function priorSetting(
  session: SessionTarget,
  workload: Workload,
  constraints: Constraint[],
  correction = 1,
): PriorSetting | null {
  const metric = PRIOR_METRICS.find((m) => m === session.objective_metric);
  if (!metric || session.objective_direction !== 'maximize') return null;
  if (constraints.some((c) => LATENCY.test(c.metric))) return null;
  if (!modelSpec(session.ml_model_name) || !gpuSpec(session.hardware_name)) return null;
  return {
    model: session.ml_model_name,
    gpu: session.hardware_name,
    gpu_count: session.hardware_count,
    runtime: session.runtime as Runtime,
    input_len: Math.max(1, Math.round((workload.min_prompt + workload.max_prompt) / 2)),
    output_len: Math.max(1, Math.round((workload.min_output + workload.max_output) / 2)),
    max_seq_length: workload.max_seq_length,
    metric,
    correction,
  };
}

/** Predictions a worker keeps: per setting, per configuration (candidates recur from one proposal to the next). */
const MAX_SETTINGS = 32;
const MAX_PREDICTIONS = 20_000;
const predictors = new Map<string, (config: Config) => number | null>();

/** The setting's predictor, kept across calls (the most recently used settings). */
export function cachedPhysicsPrior(setting: PriorSetting): (config: Config) => number | null {
  const key = JSON.stringify(setting);
  let predictor = predictors.get(key);
  if (predictor) predictors.delete(key);
  else predictor = physicsPrior(setting);
  predictors.set(key, predictor);
  for (const stale of predictors.keys()) {
    if (predictors.size <= MAX_SETTINGS) break;
    predictors.delete(stale);
  }
  return predictor;
}

/** perf-model's prediction of the objective for a configuration, memoised; null where it predicts a failure. */
export function physicsPrior(setting: PriorSetting): (config: Config) => number | null {
  const memo = new Map<string, number | null>();
  return (config) => {
    const key = JSON.stringify(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    if (memo.size >= MAX_PREDICTIONS) memo.clear();
    const out = simulate({
      model: setting.model,
      gpu: setting.gpu,
      gpu_count: setting.gpu_count,
      runtime: setting.runtime,
      config: config as RuntimeOptions,
      workload: {
        input_len: setting.input_len,
        output_len: setting.output_len,
        request_rate: 'inf',
        max_concurrency: null,
        num_requests: PRIOR_REQUESTS,
        max_seq_length: setting.max_seq_length,
      },
      noise: 0,
      seed: 0,
    });
    const value = out.ok ? readMetric(out.metrics, setting.metric, { gpuCount: setting.gpu_count }) : null;
    const prediction = value !== null && Number.isFinite(value) && value > 0 ? value * setting.correction : null;
    memo.set(key, prediction);
    return prediction;
  };
}
