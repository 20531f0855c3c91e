import type {
  BenchmarkCreate,
  BenchmarkMetrics,
  BenchmarkSettingCreate,
  RuntimeOptions,
  TuningSessionCreate,
} from '@mako/contract';
import type { SimInput } from '@mako/perf-model';

const stats = (p50: number) => ({ mean: p50 * 1.05, p50, p90: p50 * 1.4, p95: p50 * 1.6, p99: p50 * 2 });

/** Metrics that add up (throughputs match the token totals over the duration). */
export function metrics(outputThroughput: number, ttftP50 = 80, tpotP50 = 20): BenchmarkMetrics {
  const duration = 100;
  const completed = 1000;
  return {
    completed,
    failed: 0,
    duration_s: duration,
    total_input_tokens: 512_000,
    total_output_tokens: Math.round(outputThroughput * duration),
    request_throughput: completed / duration,
    input_throughput: 512_000 / duration,
    output_throughput: Math.round(outputThroughput * duration) / duration,
    total_token_throughput: (512_000 + Math.round(outputThroughput * duration)) / duration,
    ttft_ms: stats(ttftP50),
    tpot_ms: stats(tpotP50),
    itl_ms: stats(tpotP50),
    e2el_ms: stats(ttftP50 + tpotP50 * 256),
    goodput: null,
  };
}

type SettingOverrides = Partial<Omit<BenchmarkSettingCreate, 'workload'>> & {
  workload?: Partial<BenchmarkSettingCreate['workload']>;
};

export function setting(overrides: SettingOverrides = {}): BenchmarkSettingCreate {
  const { workload, ...rest } = overrides;
  return {
    ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
    hardware_config: { name: 'H100', count: 1 },
    software: { runtime: 'vllm', version: '0.11.0' },
    ...rest,
    workload: {
      dataset: 'random',
      num_requests: 1000,
      request_rate: 10,
      burstiness: 1,
      max_concurrency: null,
      max_seq_length: 4096,
      output_len: 256,
      min_prompt: 256,
      max_prompt: 1024,
      min_output: 128,
      max_output: 256,
      ...workload,
    },
  };
}

/**
 * perf-model's run of `config` on the default setting(): every request at once, each with the
 * workload's mean prompt and output length (as the physics prior predicts it).
 */
export function saturatedRun(
  config: RuntimeOptions,
  run: { numRequests: number; seed: number; noise?: number },
): SimInput {
  const { ml_model_name, hardware_config, software, workload } = setting();
  return {
    model: ml_model_name,
    gpu: hardware_config.name,
    gpu_count: hardware_config.count,
    runtime: software.runtime,
    config,
    workload: {
      input_len: (workload.min_prompt + workload.max_prompt) / 2,
      output_len: (workload.min_output + workload.max_output) / 2,
      request_rate: 'inf',
      max_concurrency: null,
      num_requests: run.numRequests,
      max_seq_length: workload.max_seq_length,
    },
    seed: run.seed,
    ...(run.noise === undefined ? {} : { noise: run.noise }),
  };
}

export function benchmark(overrides: Partial<BenchmarkCreate> = {}): BenchmarkCreate {
  return {
    setting: setting(),
    runtime_options: { max_num_seqs: 256 },
    metrics: metrics(5000),
    cost_per_million_tokens: null,
    session_id: null,
    published: false,
    notes: '',
    ...overrides,
  };
}

export function session(overrides: Partial<TuningSessionCreate> = {}): TuningSessionCreate {
  return {
    setting: setting(),
    objective: { metric: 'output_throughput', direction: 'maximize' },
    constraints: [],
    search_space: {
      parameters: [
        { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
        { kind: 'bool', name: 'enable_chunked_prefill' },
      ],
      rules: [],
    },
    budget: { max_trials: 6, max_parallel: 2 },
    seed: 7,
    ...overrides,
  };
}

/** What a runner reports about itself; `limited` adds the reasons a client falls behind. */
export function clientReport(limited = false): NonNullable<BenchmarkCreate['client']> {
  return {
    target_rate: 10,
    achieved_rate: limited ? 9.1 : 9.98,
    send_lag_ms: { p50: 0.4, p99: limited ? 31.5 : 2.1 },
    cpu_pct: limited ? 98 : 12,
    client_limited: limited,
    client_limited_reasons: limited
      ? ['achieved 9.10 req/s, 9.0 % short of the target 10.00 req/s', 'send lag p99 31.5 ms > 10 ms']
      : [],
  };
}

/** `count` one-second samples of a run whose KV cache fills up. */
export function telemetry(count: number): NonNullable<BenchmarkCreate['telemetry']> {
  return {
    interval_s: 1,
    samples: Array.from({ length: count }, (_, i) => ({
      t_s: i + 1,
      output_throughput: 5000 - i,
      running: 64,
      waiting: i,
      kv_cache_usage: Math.min(1, i / count),
      preemptions: i,
      prefix_cache_hit_rate: 0.5,
      gpu_utilization_pct: 97,
      gpu_memory_used_mib: 78_000,
      gpu_power_w: 690,
    })),
  };
}
