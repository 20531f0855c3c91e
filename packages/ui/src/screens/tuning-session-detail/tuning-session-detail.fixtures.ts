import { narrowRangeInsights, narrowRangeRun } from '@mako/fixtures';
import { FAILED_SESSION, RUNNING_RESULTS, RUNNING_SESSION } from '../tuning-sessions/tuning-sessions.fixtures';
import type {
  BenchmarkMetrics,
  FlagMismatch,
  PendingConfig,
  RuntimeOptions,
  TuningBest,
  TuningResult,
  TuningSession,
} from '@mako/contract';
import type { TuningInsightsView } from '../tuning-insights';

/*
 * A longer run of the fixture's running vLLM session (Llama 3.1 8B on one H100, max output tok/s
 * under p99 TTFT ≤ 500 ms and p99 TPOT ≤ 30 ms): 34 of 50 trials reported and two leased, enough
 * for a progress chart and several pages of results. Deterministic, so screenshots never change.
 */

export const LONG_RUN_NOW = new Date('2025-11-04T03:30:00Z');
const START = Date.parse('2025-11-03T19:00:00Z');
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SEQS = [128, 192, 256, 320, 384, 448, 512];
const TOKENS = [4096, 8192, 12288, 16384, 24576, 32768];
const UTILISATION = [0.86, 0.88, 0.9, 0.92, 0.93, 0.94, 0.95];

const stats = (p50: number, spread: number) => ({
  mean: round(p50 * 1.05),
  p50: round(p50),
  p90: round(p50 * (1 + spread)),
  p95: round(p50 * (1 + spread * 1.3)),
  p99: round(p50 * (1 + spread * 1.9)),
});

const round = (value: number) => Math.round(value * 10) / 10;

/** The running session's workload: 1,000 requests of 1,024 tokens in and 256 out. */
const REQUESTS = 1000;

function metricsFor(throughput: number, ttftP50: number, tpotP50: number): BenchmarkMetrics {
  return {
    completed: REQUESTS,
    failed: 0,
    duration_s: round((REQUESTS * 256) / throughput),
    total_input_tokens: REQUESTS * 1024,
    total_output_tokens: REQUESTS * 256,
    request_throughput: round(throughput / 256),
    input_throughput: round((throughput / 256) * 1024),
    output_throughput: round(throughput),
    total_token_throughput: round(throughput * 5),
    ttft_ms: stats(ttftP50, 0.95),
    tpot_ms: stats(tpotP50, 0.35),
    itl_ms: stats(tpotP50 * 0.97, 0.35),
    e2el_ms: stats(ttftP50 + tpotP50 * 255, 0.3),
    goodput: null,
  };
}

function buildLongRun() {
  const next = random(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const results: TuningResult[] = [RUNNING_RESULTS[0] as TuningResult];
  for (let trial = 2; trial <= 34; trial += 1) {
    const config: RuntimeOptions = {
      max_num_seqs: pick(SEQS),
      max_num_batched_tokens: pick(TOKENS),
      gpu_memory_utilization: pick(UTILISATION),
      enable_chunked_prefill: next() > 0.2,
      kv_cache_dtype: next() > 0.45 ? 'fp8' : 'auto',
    };
    const base = {
      id: `long-result-${trial}`,
      session_id: RUNNING_SESSION.id,
      pending_config_id: `long-pending-${trial}`,
      trial_number: trial,
      config,
      // No benchmark is stored for these made-up trials, so Compare cannot tick them.
      benchmark_id: null,
      created_at: at(trial * 14),
    };
    const roll = next();
    const failure: TuningResult['failure'] =
      roll < 0.07
        ? {
            kind: 'oom',
            message:
              'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.12 GiB is free.',
          }
        : roll < 0.1
          ? {
              kind: 'crash',
              message: "RuntimeError: Engine core initialization failed. Failed core proc(s): {'EngineCore_DP0': 1}",
            }
          : null;
    if (failure) {
      results.push({ ...base, objective_value: null, feasible: false, metrics: null, failure });
      continue;
    }
    // The search learns: later proposals sit closer to the best region.
    const learned = 1 - Math.exp(-trial / 9);
    const throughput = 4300 + 1300 * learned * (0.72 + 0.28 * next()) + (config.kv_cache_dtype === 'fp8' ? 120 : 0);
    const seqs = Number(config.max_num_seqs);
    const ttftP50 = 70 + seqs * 0.32 + next() * 40;
    const tpotP50 = 10.5 + (seqs / 512) * 3 + next() * 1.5;
    const metrics = metricsFor(throughput, ttftP50, tpotP50);
    const feasible = metrics.ttft_ms.p99 <= 500 && metrics.tpot_ms.p99 <= 30;
    results.push({ ...base, objective_value: metrics.output_throughput, feasible, metrics, failure: null });
  }

  const best = results
    .filter((result) => result.feasible && result.objective_value !== null)
    .reduce((a, b) => ((b.objective_value ?? 0) > (a.objective_value ?? 0) ? b : a));
  const defaultValue = results[0]?.objective_value ?? null;
  const failed = results.filter((result) => result.failure).length;

  // The next two trials are out with the two runners, each leased for an hour.
  const leased = (trial: number, runner: string, leasedAgo: number, config: RuntimeOptions): PendingConfig => ({
    id: `long-pending-${trial}`,
    session_id: RUNNING_SESSION.id,
    trial_number: trial,
    config: { ...config, enable_chunked_prefill: true, kv_cache_dtype: 'fp8' },
    status: 'leased',
    leased_by: runner,
    created_at: at(trial * 14 - leasedAgo),
    expires_at: at(trial * 14 - leasedAgo + 60),
  });
  const pending: PendingConfig[] = [
    leased(35, 'runner-h100-a', 24, { max_num_seqs: 352, max_num_batched_tokens: 14336, gpu_memory_utilization: 0.93 }),
    leased(36, 'runner-h100-b', 30, { max_num_seqs: 288, max_num_batched_tokens: 10240, gpu_memory_utilization: 0.92 }),
  ];

  const session: TuningSession = {
    ...RUNNING_SESSION,
    budget: { max_trials: 50, max_parallel: 2 },
    counts: { evaluated: results.length, pending: pending.length, failed },
    best: {
      result_id: best.id,
      trial_number: best.trial_number,
      config: best.config,
      objective_value: best.objective_value ?? 0,
    },
    default_objective_value: defaultValue,
  };

  const flags = Object.entries(best.config)
    .map(([name, value]) => {
      const flag = `--${name.replaceAll('_', '-')}`;
      if (typeof value === 'boolean') return value ? flag : `--no-${flag.slice(2)}`;
      return `${flag} ${value}`;
    })
    .join(' ');
  const tuningBest: TuningBest = {
    session_id: session.id,
    result: best,
    improvement_pct:
      defaultValue && best.objective_value !== null
        ? round(((best.objective_value - defaultValue) / defaultValue) * 100)
        : null,
    launch_command: `vllm serve ${session.setting.ml_model_name} ${flags}`,
  };
  return { session, results, pending, best: tuningBest };
}

export const LONG_RUN = buildLongRun();

/*
 * The fixture's failed session (Qwen3 32B on one MI300X, as in the api-client mocks): both trials ran
 * out of memory, so nothing was measured and the search stopped without a configuration.
 */
export const FAILED_NOW = new Date('2025-11-05T15:30:00Z');
const failedAt = (minutes: number) => new Date(Date.parse(FAILED_SESSION.created_at) + minutes * 60_000).toISOString();

// Both trials ran out of GPU memory before serving a request.
const oomTrial = (trial: number, config: RuntimeOptions, message: string): TuningResult => ({
  id: `5b0e7c1a-3f2d-4e8a-9c61-0d4f2a7b8e${String(trial).padStart(2, '0')}`,
  session_id: FAILED_SESSION.id,
  pending_config_id: `5b0e7c1a-3f2d-4e8a-9c61-0d4f2a7b8f${String(trial).padStart(2, '0')}`,
  trial_number: trial,
  config,
  objective_value: null,
  feasible: false,
  metrics: null,
  failure: { kind: 'oom', message },
  benchmark_id: null,
  created_at: failedAt(trial * 14),
});

export const FAILED_RESULTS: TuningResult[] = [
  // vLLM's defaults, first as always.
  oomTrial(
    1,
    { max_num_seqs: 256, gpu_memory_utilization: 0.9 },
    'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
  ),
  oomTrial(
    2,
    { max_num_seqs: 1024, gpu_memory_utilization: 0.98 },
    'torch.OutOfMemoryError: HIP out of memory. Tried to allocate 3.50 GiB. GPU 0 has a total capacity of 191.98 GiB of which 2.07 GiB is free.',
  ),
];

/*
 * A complete session that searched max_num_seqs over 1–32 (vLLM's default is 256), from
 * @mako/fixtures: trial 1 measured the defaults with max_num_seqs moved to 32, and four successful
 * trials were too few for the tuner to explain its choices.
 */
export const NARROW_NOW = new Date('2025-11-05T20:00:00Z');
export const NARROW_SESSION: TuningSession = narrowRangeRun.session;
export const NARROW_RESULTS: TuningResult[] = narrowRangeRun.results;
export const NARROW_BEST: TuningBest = found(narrowRangeRun.best);
export const NARROW_INSIGHTS: TuningInsightsView = narrowRangeInsights;

/** The same search before its first trial: nothing measured, nothing leased. */
export const NARROW_NOT_STARTED: TuningSession = {
  ...NARROW_SESSION,
  status: 'pending',
  counts: { evaluated: 0, pending: 0, failed: 0 },
  best: null,
  default_objective_value: null,
};

/** A session that ran one trial (the defaults) of a one-trial budget: every count is one. */
const onlyTrial = RUNNING_RESULTS[0] as TuningResult;
export const ONE_TRIAL_RESULTS: TuningResult[] = [onlyTrial];
export const ONE_TRIAL_SESSION: TuningSession = {
  ...RUNNING_SESSION,
  status: 'complete',
  budget: { max_trials: 1, max_parallel: 1 },
  counts: { evaluated: 1, pending: 0, failed: 0 },
  best: {
    result_id: onlyTrial.id,
    trial_number: 1,
    config: onlyTrial.config,
    objective_value: onlyTrial.objective_value ?? 0,
  },
};
export const ONE_TRIAL_BEST: TuningBest = {
  session_id: ONE_TRIAL_SESSION.id,
  result: onlyTrial,
  improvement_pct: 0,
  launch_command: `vllm serve ${RUNNING_SESSION.setting.ml_model_name}`,
};

function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('the narrow-range session has no best in @mako/fixtures');
  return value;
}

/*
 * The running session as if two trials' engines had not run with every flag asked for (what the
 * runner's provenance records): trial 3's engine fell back to an unquantised KV cache, and trial 6
 * was benchmarked against a server already started with vLLM's defaults, so four flags differ.
 */
const engineDiffers: Record<number, FlagMismatch[]> = {
  3: [{ flag: 'kv_cache_dtype', asked: 'fp8', reported: 'auto' }],
  6: [
    { flag: 'max_num_seqs', asked: 320, reported: 256 },
    { flag: 'max_num_batched_tokens', asked: 12288, reported: 8192 },
    { flag: 'gpu_memory_utilization', asked: 0.93, reported: 0.9 },
    { flag: 'kv_cache_dtype', asked: 'fp8', reported: 'auto' },
  ],
};
export const ENGINE_DIFFERS_RESULTS: TuningResult[] = RUNNING_RESULTS.map((r) => {
  const mismatches = engineDiffers[r.trial_number];
  return mismatches ? { ...r, flag_mismatches: mismatches } : r;
});
