import { defaultConfig, defaultSearchSpace } from '@mako/contract';
import type { BenchmarkMetrics, Runtime, RuntimeOptions } from '@mako/contract';
import { simulate } from '@mako/perf-model';
import type { SimWorkload } from '@mako/perf-model';
import type { Config, Constraint, Objective, SearchSpace, Trial } from '../src/types.ts';
import type { Problem } from './problem.ts';

/**
 * Synthetic serving-performance surfaces: @mako/perf-model run over an engine's flags for one
 * model × GPU × runtime, with its OOM cliffs, crash regions and measurement noise.
 */
export interface Scenario {
  name: string;
  model: string;
  gpu: string;
  gpuCount: number;
  runtime: Runtime;
  /** Flags searched (a subset of the engine's tunables, as the session would choose). */
  flags: string[];
  workload: SimWorkload;
  objective: Objective;
  /** The constraint's metric; its bound is set from the surface (see `calibrate`). */
  constraintMetric: string;
  /** Quantile of the metric over successful configurations used as the bound. */
  constraintQuantile: number;
}

/** 256 requests sent at once, at most `max_concurrency` in flight, in a 4096-token context. */
const saturated = (input_len: number, output_len: number, max_concurrency: number): SimWorkload => ({
  input_len,
  output_len,
  request_rate: 'inf',
  max_concurrency,
  num_requests: 256,
  max_seq_length: 4096,
});

/** What every scenario asks: the most output tokens/s whose TPOT p99 stays under a bound. */
const MOST_TOKENS_UNDER_A_TPOT_BOUND = {
  objective: { metric: 'output_throughput', direction: 'maximize' },
  constraintMetric: 'tpot_ms.p99',
} satisfies Pick<Scenario, 'objective' | 'constraintMetric'>;

export const SCENARIOS: Scenario[] = [
  {
    name: 'Llama-3.1-8B · 1×L40S · vLLM',
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    gpu: 'L40S',
    gpuCount: 1,
    runtime: 'vllm',
    flags: [
      'max_num_seqs',
      'max_num_batched_tokens',
      'gpu_memory_utilization',
      'enable_chunked_prefill',
      'kv_cache_dtype',
      'block_size',
    ],
    workload: saturated(1024, 256, 128),
    ...MOST_TOKENS_UNDER_A_TPOT_BOUND,
    constraintQuantile: 0.4,
  },
  {
    name: 'Qwen3-8B · 1×H100 · vLLM · shared prefix',
    model: 'Qwen/Qwen3-8B',
    gpu: 'H100',
    gpuCount: 1,
    runtime: 'vllm',
    flags: [
      'max_num_seqs',
      'max_num_batched_tokens',
      'gpu_memory_utilization',
      'enable_prefix_caching',
      'kv_cache_dtype',
      'block_size',
      'async_scheduling',
    ],
    workload: { ...saturated(1536, 256, 192), shared_prefix_len: 1024 },
    ...MOST_TOKENS_UNDER_A_TPOT_BOUND,
    constraintQuantile: 0.4,
  },
  {
    name: 'Llama-3.1-70B · 4×H100 · vLLM',
    model: 'meta-llama/Llama-3.1-70B-Instruct',
    gpu: 'H100',
    gpuCount: 4,
    runtime: 'vllm',
    flags: [
      'tensor_parallel_size',
      'max_num_seqs',
      'max_num_batched_tokens',
      'gpu_memory_utilization',
      'enable_chunked_prefill',
      'kv_cache_dtype',
    ],
    workload: saturated(1024, 512, 256),
    ...MOST_TOKENS_UNDER_A_TPOT_BOUND,
    constraintQuantile: 0.5,
  },
  {
    name: 'Llama-3.1-70B · 8×H100 · SGLang',
    model: 'meta-llama/Llama-3.1-70B-Instruct',
    gpu: 'H100',
    gpuCount: 8,
    runtime: 'sglang',
    flags: [
      'tp_size',
      'max_running_requests',
      'chunked_prefill_size',
      'mem_fraction_static',
      'enable_mixed_chunk',
      'cuda_graph_max_bs',
    ],
    workload: saturated(1024, 256, 256),
    ...MOST_TOKENS_UNDER_A_TPOT_BOUND,
    constraintQuantile: 0.4,
  },
  {
    name: 'Mixtral-8x7B · 2×A100 · TensorRT-LLM',
    model: 'mistralai/Mixtral-8x7B-Instruct-v0.1',
    gpu: 'A100-80GB',
    gpuCount: 2,
    runtime: 'tensorrt-llm',
    flags: ['tp_size', 'max_batch_size', 'max_num_tokens', 'kv_cache_free_gpu_memory_fraction'],
    workload: saturated(2048, 256, 256),
    ...MOST_TOKENS_UNDER_A_TPOT_BOUND,
    constraintQuantile: 0.5,
  },
];

export function scenarioSpace(s: Scenario): SearchSpace {
  const space = defaultSearchSpace(s.runtime, s.gpuCount, s.flags);
  return { parameters: space.parameters, rules: space.rules ?? [] };
}

function flatten(m: BenchmarkMetrics, cost: number): Record<string, number> {
  const out: Record<string, number> = {
    output_throughput: m.output_throughput,
    total_token_throughput: m.total_token_throughput,
    request_throughput: m.request_throughput,
    cost_per_million_tokens: cost,
  };
  for (const stat of ['ttft_ms', 'tpot_ms', 'itl_ms', 'e2el_ms'] as const)
    for (const [p, v] of Object.entries(m[stat])) out[`${stat}.${p}`] = v;
  return out;
}

export interface Truth {
  failed: boolean;
  failure: 'oom' | 'crash' | 'timeout' | null;
  objective: number;
  constraint: number;
}

export class Surface {
  private readonly truths = new Map<string, Truth>();
  simulations = 0;
  constraint: Constraint = { metric: '', op: '<=', value: Number.POSITIVE_INFINITY };

  constructor(readonly scenario: Scenario) {
    this.constraint = { metric: scenario.constraintMetric, op: '<=', value: Number.POSITIVE_INFINITY };
  }

  private readonly priors = new Map<string, number | null>();

  /** perf-model's objective for a short run of the same workload (see Problem.prior), memoised. */
  prior(config: Config): number | null {
    const key = JSON.stringify(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    const hit = this.priors.get(key);
    if (hit !== undefined) return hit;
    const out = this.run(config, 0, 0, PRIOR_REQUESTS);
    const value = out.ok
      ? (flatten(out.metrics, out.cost_per_million_tokens)[this.scenario.objective.metric] ?? null)
      : null;
    this.priors.set(key, value);
    return value;
  }

  private run(config: Config, noise: number, seed: number, requests?: number) {
    this.simulations++;
    const s = this.scenario;
    return simulate({
      model: s.model,
      gpu: s.gpu,
      gpu_count: s.gpuCount,
      runtime: s.runtime,
      config: config as RuntimeOptions,
      workload: requests ? { ...s.workload, num_requests: requests, max_concurrency: null } : s.workload,
      noise,
      seed,
    });
  }

  /** The noise-free surface, memoised. */
  truth(config: Config): Truth {
    const key = JSON.stringify(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    const hit = this.truths.get(key);
    if (hit) return hit;
    const out = this.run(config, 0, 0);
    let t: Truth = {
      failed: true,
      failure: out.ok ? null : out.failure.kind,
      objective: Number.NaN,
      constraint: Number.NaN,
    };
    if (out.ok) {
      const flat = flatten(out.metrics, out.cost_per_million_tokens);
      t = {
        failed: false,
        failure: null,
        objective: flat[this.scenario.objective.metric] ?? Number.NaN,
        constraint: flat[this.scenario.constraintMetric] ?? Number.NaN,
      };
    }
    this.truths.set(key, t);
    return t;
  }

  feasible(t: Truth): boolean {
    return !t.failed && t.constraint <= this.constraint.value;
  }

  /** One benchmark run as a runner would report it: noisy metrics or a failure. */
  measure(config: Config, seed: number): Trial {
    const truth = this.truth(config);
    if (truth.failure) return { config, metrics: null, failure: { kind: truth.failure } };
    const out = this.run(config, 0.03, seed);
    if (!out.ok) return { config, metrics: null, failure: { kind: out.failure.kind } };
    return { config, metrics: flatten(out.metrics, out.cost_per_million_tokens), failure: null };
  }
}

/**
 * The p99-TPOT bounds the calibration in run.ts settles on (README, earlier figures), fixed so that
 * compare.ts need not repeat the dense-grid calibration.
 */
const TPOT_BOUNDS_MS = [46, 14, 33, 31, 73];
const PRIOR_REQUESTS = 20;

/** The scenarios above as problems for compare.ts. */
export function tpotProblems(): Problem[] {
  return SCENARIOS.map((s, i) => {
    const surface = new Surface(s);
    surface.constraint = { metric: s.constraintMetric, op: '<=', value: TPOT_BOUNDS_MS[i] as number };
    return {
      name: s.name,
      space: scenarioSpace(s),
      objective: s.objective,
      constraints: [surface.constraint],
      context: { gpu_count: s.gpuCount, max_seq_length: s.workload.max_seq_length ?? 4096 },
      defaults: defaultConfig(s.runtime, s.flags),
      truth: (config) => {
        const t = surface.truth(config);
        return { value: surface.feasible(t) ? t.objective : null, failure: t.failure };
      },
      prior: (config) => surface.prior(config),
      measure: (config, seed) => surface.measure(config, seed),
    };
  });
}
