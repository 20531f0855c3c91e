import { defaultConfig, defaultSearchSpace } from '@mako/contract';
import type { RuntimeOptions } from '@mako/contract';
import { simulate } from '@mako/perf-model';
import { mixSeed, mulberry32, gaussian } from '../src/random.ts';
import type { Config, FailureKind, SearchSpace, Trial } from '../src/types.ts';
import type { Problem } from './problem.ts';

/**
 * Goodput surfaces: vLLM serving under Poisson (or bursty) load, objective output tokens/s at the
 * highest load whose p99 TTFT meets an SLO, found by a load sweep over @mako/perf-model. Each has
 * the engine's OOM cliffs, tensor-parallel choices where there are several GPUs (the rest of the
 * GPUs run data-parallel replicas), and crash regions formed by combinations of flags.
 */
interface CrashRule {
  message: string;
  applies: (c: Config) => boolean;
}

/**
 * Synthetic stand-ins for a release's kernel and scheduler support matrix (as perf-model's own
 * fp8-with-8-token-blocks crash): each needs two or three flags together.
 */
const ASYNC_NEEDS_CHUNKED: CrashRule = {
  message: 'async scheduling requires chunked prefill',
  applies: (c) => c.async_scheduling === true && c.enable_chunked_prefill === false,
};
const E5M2_PREFIX: CrashRule = {
  message: 'prefix caching has no fp8_e5m2 block hashing',
  applies: (c) => c.kv_cache_dtype === 'fp8_e5m2' && c.enable_prefix_caching === true,
};
const FP8_BIG_BLOCKS_TP: CrashRule = {
  message: 'fp8 KV with 32-token blocks is not supported by the custom all-reduce at TP ≥ 4',
  applies: (c) =>
    typeof c.kv_cache_dtype === 'string' &&
    c.kv_cache_dtype.startsWith('fp8') &&
    c.block_size === 32 &&
    typeof c.tensor_parallel_size === 'number' &&
    c.tensor_parallel_size >= 4,
};
const ASYNC_BIG_BATCH_PREFIX: CrashRule = {
  message: 'async scheduling with prefix caching deadlocks above 512 sequences',
  applies: (c) =>
    c.async_scheduling === true &&
    c.enable_prefix_caching === true &&
    typeof c.max_num_seqs === 'number' &&
    c.max_num_seqs > 512,
};

interface GoodputScenario {
  name: string;
  model: string;
  gpu: string;
  gpuCount: number;
  inputLen: number;
  outputLen: number;
  sharedPrefix?: number;
  /** Gamma shape of the inter-arrival gaps: 1 is Poisson, below 1 bursty. */
  burstiness?: number;
  maxSeqLength: number;
  sloTtftMs: number;
  crashes: CrashRule[];
}

const FLAGS = [
  'tensor_parallel_size',
  'max_num_seqs',
  'max_num_batched_tokens',
  'gpu_memory_utilization',
  'enable_chunked_prefill',
  'enable_prefix_caching',
  'kv_cache_dtype',
  'block_size',
  'async_scheduling',
];

export const GOODPUT_SCENARIOS: GoodputScenario[] = [
  {
    name: '8B · 1×H100 · chat',
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    gpu: 'H100',
    gpuCount: 1,
    inputLen: 768,
    outputLen: 256,
    maxSeqLength: 8192,
    sloTtftMs: 250,
    crashes: [ASYNC_NEEDS_CHUNKED, E5M2_PREFIX],
  },
  {
    name: '8B · 2×L40S PCIe · RAG, shared prefix',
    model: 'Qwen/Qwen3-8B',
    gpu: 'L40S',
    gpuCount: 2,
    inputLen: 6144,
    outputLen: 128,
    sharedPrefix: 4096,
    maxSeqLength: 8192,
    sloTtftMs: 3000,
    crashes: [ASYNC_NEEDS_CHUNKED, E5M2_PREFIX, ASYNC_BIG_BATCH_PREFIX],
  },
  {
    name: '32B · 4×H100 · batch',
    model: 'Qwen/Qwen3-32B',
    gpu: 'H100',
    gpuCount: 4,
    inputLen: 2048,
    outputLen: 1024,
    maxSeqLength: 4096,
    sloTtftMs: 10_000,
    crashes: [ASYNC_NEEDS_CHUNKED, E5M2_PREFIX, FP8_BIG_BLOCKS_TP],
  },
  {
    name: '70B · 8×H100 · chat',
    model: 'meta-llama/Llama-3.1-70B-Instruct',
    gpu: 'H100',
    gpuCount: 8,
    inputLen: 1024,
    outputLen: 256,
    maxSeqLength: 8192,
    sloTtftMs: 600,
    crashes: [ASYNC_NEEDS_CHUNKED, E5M2_PREFIX, FP8_BIG_BLOCKS_TP],
  },
  {
    name: '70B · 4×H100 · long context',
    model: 'meta-llama/Llama-3.1-70B-Instruct',
    gpu: 'H100',
    gpuCount: 4,
    inputLen: 16_384,
    outputLen: 256,
    maxSeqLength: 32_768,
    sloTtftMs: 8000,
    crashes: [ASYNC_NEEDS_CHUNKED, E5M2_PREFIX, FP8_BIG_BLOCKS_TP],
  },
  {
    name: '8B · 1×L40S · bursty short prompts',
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    gpu: 'L40S',
    gpuCount: 1,
    inputLen: 128,
    outputLen: 128,
    burstiness: 0.25,
    maxSeqLength: 4096,
    sloTtftMs: 200,
    crashes: [ASYNC_NEEDS_CHUNKED, E5M2_PREFIX, ASYNC_BIG_BATCH_PREFIX],
  },
];

const REQUESTS = 200;
/** The prior's run: short, saturated, so that it is cheap enough to call for every candidate. */
const PRIOR_REQUESTS = 20;
/** The sweep brackets the SLO-meeting load between capacity / LOWEST_SHARE and capacity. */
const LOWEST_SHARE = 32;
const BISECTIONS = 5;
const NOISE = 0.03;

interface Outcome {
  failure: FailureKind | null;
  /** Output tokens/s at the highest load meeting the SLO (or at the lowest load swept when none does). */
  goodput: number;
  /** p99 TTFT at that load. */
  ttftP99: number;
  meetsSlo: boolean;
}

export class GoodputProblem implements Problem {
  readonly name: string;
  readonly space: SearchSpace;
  readonly objective = { metric: 'goodput_output_throughput', direction: 'maximize' as const };
  readonly constraints;
  readonly context;
  readonly defaults: Config;
  private readonly memo = new Map<string, Outcome>();
  simulations = 0;

  constructor(readonly scenario: GoodputScenario) {
    this.name = scenario.name;
    const flags = FLAGS.filter((f) => f !== 'tensor_parallel_size' || scenario.gpuCount > 1);
    const space = defaultSearchSpace('vllm', scenario.gpuCount, flags);
    this.space = { parameters: space.parameters, rules: space.rules ?? [] };
    this.constraints = [{ metric: 'ttft_ms.p99', op: '<=' as const, value: scenario.sloTtftMs }];
    this.context = { gpu_count: scenario.gpuCount, max_seq_length: scenario.maxSeqLength };
    this.defaults = defaultConfig('vllm', flags);
  }

  private readonly priors = new Map<string, number | null>();

  prior(config: Config): number | null {
    const key = JSON.stringify(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    const hit = this.priors.get(key);
    if (hit !== undefined) return hit;
    const out = this.run(config, 'inf', PRIOR_REQUESTS);
    const value = out.ok ? out.metrics.output_throughput : null;
    this.priors.set(key, value);
    return value;
  }

  private run(config: Config, rate: number | 'inf', requests = REQUESTS) {
    this.simulations++;
    const s = this.scenario;
    const tp = typeof config.tensor_parallel_size === 'number' ? config.tensor_parallel_size : 1;
    return simulate({
      model: s.model,
      gpu: s.gpu,
      gpu_count: s.gpuCount,
      runtime: 'vllm',
      // GPUs the tensor-parallel group leaves idle serve further replicas.
      config: { ...config, data_parallel_size: Math.max(1, Math.floor(s.gpuCount / tp)) } as RuntimeOptions,
      workload: {
        input_len: s.inputLen,
        output_len: s.outputLen,
        request_rate: rate,
        max_concurrency: null,
        num_requests: requests,
        max_seq_length: s.maxSeqLength,
        ...(s.sharedPrefix ? { shared_prefix_len: s.sharedPrefix } : {}),
        ...(s.burstiness ? { burstiness: s.burstiness } : {}),
      },
      noise: 0,
      seed: 0,
      timeout_s: 1e7,
    });
  }

  /** The noise-free load sweep, memoised per configuration. */
  outcome(config: Config): Outcome {
    const key = JSON.stringify(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    const hit = this.memo.get(key);
    if (hit) return hit;
    const out = this.sweep(config);
    this.memo.set(key, out);
    return out;
  }

  private sweep(config: Config): Outcome {
    const s = this.scenario;
    const crash = s.crashes.find((c) => c.applies(config));
    if (crash) return { failure: 'crash', goodput: 0, ttftP99: 0, meetsSlo: false };
    const saturated = this.run(config, 'inf');
    if (!saturated.ok) return { failure: saturated.failure.kind, goodput: 0, ttftP99: 0, meetsSlo: false };
    const capacity = saturated.metrics.request_throughput;
    const p99At = (rate: number): number => {
      const out = this.run(config, rate);
      if (!out.ok) throw new Error(`${this.name}: ${out.failure.message} at ${rate} req/s`);
      return out.metrics.ttft_ms.p99;
    };
    const slo = s.sloTtftMs;
    let lo = capacity / LOWEST_SHARE;
    let ttftLo = p99At(lo);
    if (ttftLo > slo) return { failure: null, goodput: lo * s.outputLen, ttftP99: ttftLo, meetsSlo: false };
    let hi = capacity;
    let ttftHi = p99At(hi);
    if (ttftHi <= slo) return { failure: null, goodput: hi * s.outputLen, ttftP99: ttftHi, meetsSlo: true };
    for (let i = 0; i < BISECTIONS; i++) {
      const mid = Math.sqrt(lo * hi);
      const t = p99At(mid);
      if (t <= slo) [lo, ttftLo] = [mid, t];
      else [hi, ttftHi] = [mid, t];
    }
    // Log-linear interpolation of p99 TTFT between the bracket: a smooth surface, not a staircase.
    const w = Math.log(ttftHi) > Math.log(ttftLo) ? Math.log(slo / ttftLo) / Math.log(ttftHi / ttftLo) : 0;
    const rate = Math.exp(Math.log(lo) + Math.min(1, Math.max(0, w)) * Math.log(hi / lo));
    return { failure: null, goodput: rate * s.outputLen, ttftP99: Math.min(slo, ttftLo), meetsSlo: true };
  }

  truth(config: Config): { value: number | null; failure: FailureKind | null } {
    const o = this.outcome(config);
    return { value: o.failure === null && o.meetsSlo ? o.goodput : null, failure: o.failure };
  }

  measure(config: Config, seed: number): Trial {
    const o = this.outcome(config);
    if (o.failure) return { config, metrics: null, failure: { kind: o.failure } };
    const rnd = mulberry32(mixSeed(seed, 0x900d));
    const goodput = o.goodput * Math.exp(NOISE * gaussian(rnd));
    // Feasibility is what the runner's sweep found; the noise moves the reported values only.
    const ttft = o.ttftP99 * Math.exp(NOISE * 1.2 * gaussian(rnd));
    const slo = this.scenario.sloTtftMs;
    return {
      config,
      metrics: {
        goodput_output_throughput: goodput,
        'ttft_ms.p99': o.meetsSlo ? Math.min(ttft, slo) : Math.max(ttft, slo * 1.01),
      },
      failure: null,
    };
  }
}
