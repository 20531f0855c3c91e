import {
  API_PREFIX,
  LOGIN_PATH_SUFFIX,
  RUNTIME_CATALOGUES,
  launchCommand,
  type ApiToken,
  type ApiTokenCreated,
  type AuthMe,
  type AuthServer,
  type Benchmark,
  type BenchmarkMetrics,
  type BenchmarkSetting,
  type BestBenchmarkReport,
  type CheckoutSession,
  type Constraint,
  type Failure,
  type LatencyStats,
  type Objective,
  type PendingConfig,
  type Plan,
  type RegistryToken,
  type RegistryTokenCreated,
  type ResponseOf,
  type RuntimeOptions,
  type ServeRequest,
  type SiteSettings,
  type Slo,
  type Subscription,
  type SupportedRuntimeOptions,
  type SurveyResponse,
  type TuningBest,
  type TuningResult,
  type TuningSession,
  type User,
} from '@mako/contract';

/*
 * Realistic data for stories and unit tests. Dates are fixed so screenshots never change; ids are
 * UUID-shaped and derived from a label so they stay stable across edits. Throughput and latency
 * figures are in the range public vLLM / SGLang / TensorRT-LLM benchmarks report for these
 * model + GPU pairs; they are illustrative, not measurements.
 */

/** A stable UUID-shaped id for a label (FNV-1a; not random, so fixtures never churn). */
export function fixtureId(label: string): string {
  const hex = [0x811c9dc5, 0x01000193, 0x5bd1e995, 0x27d4eb2d]
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
      return h.toString(16).padStart(8, '0');
    })
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const BASE_TIME = Date.UTC(2025, 10, 3, 9, 0, 0);
/** A fixed timestamp `minutes` after 2025-11-03 09:00 UTC. */
export function fixtureTime(minutes: number): string {
  return new Date(BASE_TIME + minutes * 60_000).toISOString();
}

// ---- Tokens -----------------------------------------------------------------------------------------

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An unsigned JWT-shaped token with the given claims. The client only reads `exp`, so this is
 * enough for stored-token logic; servers must never accept it.
 */
export function mockJwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.bW9jay1zaWduYXR1cmU`;
}

/** An access token for the fixture user, valid for `seconds` from now (negative: already expired). */
export function mockAccessToken(seconds = 86_400): string {
  return mockJwt({ sub: user.id, exp: Math.floor(Date.now() / 1000) + seconds });
}

// ---- Site and user --------------------------------------------------------------------------------

export const user: User = {
  id: fixtureId('user-ada'),
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  created_at: fixtureTime(-60 * 24 * 40),
  has_password: true,
};

/** The page's own origin, so a mocked app keeps talking to itself after reading the settings. */
const origin = typeof globalThis.location !== 'undefined' ? globalThis.location.origin : 'http://localhost:3000';

export const authServer: AuthServer = {
  url: `${origin}${API_PREFIX}${LOGIN_PATH_SUFFIX}`,
  application_name: 'MakoOptimize',
};

export const settings: SiteSettings = {
  posthog_key: null,
  posthog_host: null,
  feedback_survey_id: null,
  waitlist_survey_id: null,
  signup_survey_id: '0193c5a2-signup',
  google_client_id: null,
  page_urls: {
    terms_of_service: 'https://makooptimize.com/terms',
    privacy_policy: 'https://makooptimize.com/privacy',
    contact_us: 'https://makooptimize.com/contact',
    eula: 'https://makooptimize.com/eula',
  },
  auth_server: authServer,
  payment_host: null,
  docs_url: 'https://docs.makooptimize.com',
};

/** Settings with Google sign-in configured (the Google button renders). */
export const settingsWithGoogle: SiteSettings = {
  ...settings,
  google_client_id: '418235092735-mako0optimize0demo.apps.googleusercontent.com',
};

export const authMe: AuthMe = { user, via: 'session', token_name: null, runner_name: null };

export const health: ResponseOf<'health'> = { status: 'ok', database: 'ok', version: '0.1.0' };

// ---- Benchmark settings ------------------------------------------------------------------------------

const LLAMA_8B = 'meta-llama/Llama-3.1-8B-Instruct';
const LLAMA_70B = 'meta-llama/Llama-3.3-70B-Instruct';
const QWEN_32B = 'Qwen/Qwen3-32B';

/** Cloud list prices per GPU-hour used for cost per million output tokens (illustrative). */
const GPU_HOUR_USD: Record<string, number> = { H100: 2.49, 'A100-80GB': 1.79, L40S: 0.99, MI300X: 2.1 };

function setting(
  key: string,
  fields: Omit<BenchmarkSetting, 'id' | 'owner' | 'created_at' | 'benchmark_count'>,
  minutes: number,
): BenchmarkSetting {
  return {
    id: fixtureId(`setting-${key}`),
    owner: user.id,
    created_at: fixtureTime(minutes),
    benchmark_count: 0,
    ...fields,
  };
}

const randomWorkload = (
  requests: number,
  input: number,
  output: number,
  concurrency: number | null,
  rate: number | 'inf' = 'inf',
) => ({
  dataset: 'random',
  num_requests: requests,
  request_rate: rate,
  burstiness: 1,
  max_concurrency: concurrency,
  max_seq_length: input + output,
  output_len: output,
  min_prompt: input,
  max_prompt: input,
  min_output: output,
  max_output: output,
});

const settingList = [
  setting(
    'llama8b-h100',
    {
      ml_model_name: LLAMA_8B,
      hardware_config: { name: 'H100', count: 1 },
      software: { runtime: 'vllm', version: '0.11.0' },
      workload: randomWorkload(1000, 1024, 256, 64),
    },
    0,
  ),
  setting(
    'qwen32b-2xh100',
    {
      ml_model_name: QWEN_32B,
      hardware_config: { name: 'H100', count: 2 },
      software: { runtime: 'sglang', version: '0.5.3' },
      workload: {
        dataset: 'sharegpt',
        num_requests: 2000,
        request_rate: 8,
        burstiness: 1,
        max_concurrency: null,
        max_seq_length: 4096,
        output_len: 512,
        min_prompt: 4,
        max_prompt: 1024,
        min_output: 4,
        max_output: 512,
      },
    },
    120,
  ),
  setting(
    'llama70b-8xh100',
    {
      ml_model_name: LLAMA_70B,
      hardware_config: { name: 'H100', count: 8 },
      software: { runtime: 'tensorrt-llm', version: '1.0.0' },
      workload: randomWorkload(2000, 2048, 512, 256),
    },
    240,
  ),
  setting(
    'llama8b-a100',
    {
      ml_model_name: LLAMA_8B,
      hardware_config: { name: 'A100-80GB', count: 1 },
      software: { runtime: 'vllm', version: '0.10.2' },
      workload: randomWorkload(1000, 1024, 256, 64),
    },
    300,
  ),
  setting(
    'qwen32b-mi300x',
    {
      ml_model_name: QWEN_32B,
      hardware_config: { name: 'MI300X', count: 1 },
      software: { runtime: 'vllm', version: '0.11.0' },
      workload: randomWorkload(500, 1024, 1024, null, 4),
    },
    360,
  ),
  setting(
    'llama8b-l40s',
    {
      ml_model_name: LLAMA_8B,
      hardware_config: { name: 'L40S', count: 1 },
      software: { runtime: 'vllm', version: '0.11.0' },
      workload: randomWorkload(1000, 1024, 256, 32),
    },
    420,
  ),
] as const;

const [sLlamaH100, sQwenH100, sLlama70b, sLlamaA100, sQwenMi300x, sLlamaL40s] = settingList;

// ---- Metrics -------------------------------------------------------------------------------------

type Stats = [mean: number, p50: number, p90: number, p95: number, p99: number];

interface Measurement {
  requests: number;
  failed?: number;
  /** Mean prompt and output lengths in tokens. */
  inputLen: number;
  outputLen: number;
  /** Output tokens per second over the whole run. */
  outputThroughput: number;
  ttft: Stats;
  tpot: Stats;
  goodput?: { attainment: number; slo: Slo };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const stats = ([mean, p50, p90, p95, p99]: Stats): LatencyStats => ({ mean, p50, p90, p95, p99 });

/** Consistent metrics from a few headline figures: totals, rates and end-to-end latency follow from them. */
export function fixtureMetrics(m: Measurement): BenchmarkMetrics {
  const completed = m.requests - (m.failed ?? 0);
  const totalInput = completed * m.inputLen;
  const totalOutput = completed * m.outputLen;
  const duration = totalOutput / m.outputThroughput;
  const itl = m.tpot.map((v) => round(v * 0.97)) as Stats;
  const e2el = m.ttft.map((ttft, i) => round(ttft + (m.tpot[i] ?? 0) * (m.outputLen - 1), 1)) as Stats;
  const requestThroughput = completed / duration;
  return {
    completed,
    failed: m.failed ?? 0,
    duration_s: round(duration),
    total_input_tokens: totalInput,
    total_output_tokens: totalOutput,
    request_throughput: round(requestThroughput),
    input_throughput: round(totalInput / duration),
    output_throughput: round(m.outputThroughput),
    total_token_throughput: round((totalInput + totalOutput) / duration),
    ttft_ms: stats(m.ttft),
    tpot_ms: stats(m.tpot),
    itl_ms: stats(itl),
    e2el_ms: stats(e2el),
    goodput: m.goodput
      ? {
          request_throughput: round(requestThroughput * m.goodput.attainment),
          attainment: m.goodput.attainment,
          slo: m.goodput.slo,
        }
      : null,
  };
}

function costPerMillion(s: BenchmarkSetting, outputThroughput: number): number {
  const perHour = (GPU_HOUR_USD[s.hardware_config.name] ?? 2) * s.hardware_config.count;
  return round(perHour / ((outputThroughput * 3600) / 1_000_000), 3);
}

function benchmark(
  key: string,
  s: BenchmarkSetting,
  runtimeOptions: RuntimeOptions,
  metrics: BenchmarkMetrics,
  extra: { sessionId?: string; verified?: boolean; published?: boolean; notes?: string; minutes: number },
): Benchmark {
  return {
    id: fixtureId(`benchmark-${key}`),
    setting: s,
    session_id: extra.sessionId ?? null,
    runtime_options: runtimeOptions,
    metrics,
    cost_per_million_tokens: costPerMillion(s, metrics.output_throughput),
    output_throughput_per_gpu: round(metrics.output_throughput / s.hardware_config.count),
    output_throughput_per_user: metrics.tpot_ms.mean > 0 ? round(1000 / metrics.tpot_ms.mean) : null,
    verified: extra.verified ?? false,
    published: extra.published ?? false,
    demo: false,
    notes: extra.notes ?? '',
    owner: user.id,
    created_at: fixtureTime(extra.minutes),
  };
}

// ---- Tuning sessions and their trials ------------------------------------------------------------

interface Trial {
  config: RuntimeOptions;
  /** Metrics when the trial ran, or the failure that stopped it. */
  outcome: Measurement | Failure;
}

function isFailure(outcome: Measurement | Failure): outcome is Failure {
  return 'kind' in outcome;
}

function metricValue(metrics: BenchmarkMetrics, metric: Objective['metric']): number {
  const [stat, pct] = metric.split('.') as [string, string | undefined];
  if (pct) return (metrics[stat as 'ttft_ms'] as LatencyStats)[pct as keyof LatencyStats];
  return metrics[stat as 'output_throughput'];
}

function holds(metrics: BenchmarkMetrics, c: Constraint): boolean {
  const v = metricValue(metrics, c.metric);
  return c.op === '<=' ? v <= c.value : c.op === '>=' ? v >= c.value : c.op === '<' ? v < c.value : v > c.value;
}

interface SessionPlan {
  key: string;
  name: string;
  setting: BenchmarkSetting;
  status: TuningSession['status'];
  objective: Objective;
  constraints: Constraint[];
  search_space: TuningSession['search_space'];
  budget: TuningSession['budget'];
  trials: Trial[];
  pending: { config: RuntimeOptions; leased_by: string }[];
  minutes: number;
}

function buildSession(plan: SessionPlan) {
  const sessionId = fixtureId(`session-${plan.key}`);
  const results: TuningResult[] = [];
  const benchmarks: Benchmark[] = [];
  plan.trials.forEach((trial, index) => {
    const trialNumber = index + 1;
    const minutes = plan.minutes + trialNumber * 14;
    const pendingId = fixtureId(`pending-${plan.key}-${trialNumber}`);
    if (isFailure(trial.outcome)) {
      results.push({
        id: fixtureId(`result-${plan.key}-${trialNumber}`),
        session_id: sessionId,
        pending_config_id: pendingId,
        trial_number: trialNumber,
        config: trial.config,
        objective_value: null,
        feasible: false,
        metrics: null,
        failure: trial.outcome,
        benchmark_id: null,
        created_at: fixtureTime(minutes),
      });
      return;
    }
    const metrics = fixtureMetrics(trial.outcome);
    const bench = benchmark(`${plan.key}-${trialNumber}`, plan.setting, trial.config, metrics, { sessionId, minutes });
    benchmarks.push(bench);
    results.push({
      id: fixtureId(`result-${plan.key}-${trialNumber}`),
      session_id: sessionId,
      pending_config_id: pendingId,
      trial_number: trialNumber,
      config: trial.config,
      objective_value: metricValue(metrics, plan.objective.metric),
      feasible: plan.constraints.every((c) => holds(metrics, c)),
      metrics,
      failure: null,
      benchmark_id: bench.id,
      created_at: fixtureTime(minutes),
    });
  });

  const better = (a: number, b: number) => (plan.objective.direction === 'maximize' ? a > b : a < b);
  const best = results
    .filter((r) => r.feasible && r.objective_value !== null)
    .reduce<TuningResult | null>(
      (acc, r) => (acc === null || better(r.objective_value!, acc.objective_value!) ? r : acc),
      null,
    );
  const defaultValue = results[0]?.objective_value ?? null;

  const pendingConfigs: PendingConfig[] = plan.pending.map((p, i) => {
    const trialNumber = plan.trials.length + i + 1;
    return {
      id: fixtureId(`pending-${plan.key}-${trialNumber}`),
      session_id: sessionId,
      trial_number: trialNumber,
      config: p.config,
      status: 'leased',
      leased_by: p.leased_by,
      created_at: fixtureTime(plan.minutes + trialNumber * 14),
      expires_at: fixtureTime(plan.minutes + trialNumber * 14 + 60),
    };
  });

  const session: TuningSession = {
    id: sessionId,
    name: plan.name,
    setting: plan.setting,
    status: plan.status,
    objective: plan.objective,
    constraints: plan.constraints,
    search_space: plan.search_space,
    budget: plan.budget,
    counts: {
      evaluated: results.length,
      pending: pendingConfigs.length,
      failed: results.filter((r) => r.failure).length,
    },
    best: best
      ? {
          result_id: best.id,
          trial_number: best.trial_number,
          config: best.config,
          objective_value: best.objective_value!,
        }
      : null,
    default_objective_value: defaultValue,
    owner: user.id,
    created_at: fixtureTime(plan.minutes),
    updated_at: fixtureTime(plan.minutes + (plan.trials.length + plan.pending.length) * 14),
  };

  const improvement =
    best && defaultValue
      ? round(
          ((plan.objective.direction === 'maximize'
            ? best.objective_value! - defaultValue
            : defaultValue - best.objective_value!) /
            defaultValue) *
            100,
          1,
        )
      : null;
  const tuningBest: TuningBest | null = best
    ? {
        session_id: sessionId,
        result: best,
        improvement_pct: improvement,
        launch_command: launchCommand(plan.setting.software.runtime, plan.setting.ml_model_name, best.config),
      }
    : null;
  return { session, results, benchmarks, pendingConfigs, best: tuningBest };
}

const oom = (message: string): Failure => ({ kind: 'oom', message });
const crash = (message: string): Failure => ({ kind: 'crash', message });

/** A vLLM tuning run of Llama 3.1 8B on one H100, still running: includes an OOM, a crash and two infeasible trials. */
const llamaRun = buildSession({
  key: 'llama8b-h100',
  name: 'Llama 3.1 8B chat on H100: max throughput under latency SLO',
  setting: sLlamaH100,
  status: 'running',
  objective: { metric: 'output_throughput', direction: 'maximize' },
  constraints: [
    { metric: 'ttft_ms.p99', op: '<=', value: 500 },
    { metric: 'tpot_ms.p99', op: '<=', value: 30 },
  ],
  search_space: {
    parameters: [
      { kind: 'int', name: 'max_num_seqs', low: 64, high: 512, log: true },
      { kind: 'int', name: 'max_num_batched_tokens', low: 2048, high: 32768, log: true },
      { kind: 'float', name: 'gpu_memory_utilization', low: 0.85, high: 0.95, step: 0.01 },
      { kind: 'bool', name: 'enable_chunked_prefill' },
      { kind: 'categorical', name: 'kv_cache_dtype', choices: ['auto', 'fp8'] },
    ],
    rules: [
      {
        left: 'max_num_batched_tokens',
        op: '>=',
        right: { setting: 'max_seq_length' },
        when: { param: 'enable_chunked_prefill', equals: false },
      },
      { left: 'max_num_batched_tokens', op: '>=', right: { param: 'max_num_seqs' } },
    ],
  },
  budget: { max_trials: 24, max_parallel: 2 },
  minutes: 600,
  trials: [
    {
      config: {
        max_num_seqs: 256,
        max_num_batched_tokens: 8192,
        gpu_memory_utilization: 0.9,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'auto',
      },
      outcome: {
        requests: 1000,
        inputLen: 1024,
        outputLen: 256,
        outputThroughput: 4412.6,
        ttft: [142.3, 118.4, 236.1, 291.7, 388.2],
        tpot: [13.9, 13.6, 15.8, 16.7, 19.2],
      },
    },
    {
      config: {
        max_num_seqs: 512,
        max_num_batched_tokens: 16384,
        gpu_memory_utilization: 0.95,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'auto',
      },
      outcome: oom(
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.12 GiB is free.',
      ),
    },
    {
      config: {
        max_num_seqs: 128,
        max_num_batched_tokens: 4096,
        gpu_memory_utilization: 0.88,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      outcome: {
        requests: 1000,
        inputLen: 1024,
        outputLen: 256,
        outputThroughput: 4105.2,
        ttft: [128.9, 109.5, 214.8, 262.3, 351.6],
        tpot: [14.8, 14.5, 16.9, 17.8, 20.4],
      },
    },
    {
      config: {
        max_num_seqs: 384,
        max_num_batched_tokens: 2048,
        gpu_memory_utilization: 0.92,
        enable_chunked_prefill: false,
        kv_cache_dtype: 'auto',
      },
      outcome: crash(
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_DP0': 1}",
      ),
    },
    {
      config: {
        max_num_seqs: 512,
        max_num_batched_tokens: 32768,
        gpu_memory_utilization: 0.92,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      outcome: {
        requests: 1000,
        inputLen: 1024,
        outputLen: 256,
        outputThroughput: 5240.8,
        ttft: [318.4, 262.7, 571.3, 664.9, 812.5],
        tpot: [11.6, 11.2, 13.5, 14.6, 18.1],
      },
    },
    {
      config: {
        max_num_seqs: 320,
        max_num_batched_tokens: 12288,
        gpu_memory_utilization: 0.93,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      outcome: {
        requests: 1000,
        inputLen: 1024,
        outputLen: 256,
        outputThroughput: 5086.4,
        ttft: [171.2, 139.6, 288.4, 352.1, 431.7],
        tpot: [12.1, 11.8, 13.9, 14.8, 17.3],
        goodput: { attainment: 0.994, slo: { ttft_ms: 500, tpot_ms: 30 } },
      },
    },
    {
      config: {
        max_num_seqs: 256,
        max_num_batched_tokens: 16384,
        gpu_memory_utilization: 0.9,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      outcome: {
        requests: 1000,
        inputLen: 1024,
        outputLen: 256,
        outputThroughput: 4903.1,
        ttft: [158.7, 131.2, 267.5, 324.8, 402.3],
        tpot: [12.6, 12.3, 14.4, 15.3, 18.0],
      },
    },
    {
      config: {
        max_num_seqs: 448,
        max_num_batched_tokens: 8192,
        gpu_memory_utilization: 0.94,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'auto',
      },
      outcome: {
        requests: 1000,
        inputLen: 1024,
        outputLen: 256,
        outputThroughput: 4751.9,
        ttft: [204.6, 171.3, 352.8, 418.2, 476.9],
        tpot: [14.7, 13.9, 21.6, 26.4, 33.1],
      },
    },
  ],
  pending: [
    {
      config: {
        max_num_seqs: 288,
        max_num_batched_tokens: 10240,
        gpu_memory_utilization: 0.93,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      leased_by: 'runner-h100-a',
    },
    {
      config: {
        max_num_seqs: 352,
        max_num_batched_tokens: 14336,
        gpu_memory_utilization: 0.92,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      leased_by: 'runner-h100-b',
    },
  ],
});

/** An SGLang run of Qwen3 32B on two H100s minimising decode latency at 8 req/s; complete, one timeout. */
const qwenRun = buildSession({
  key: 'qwen32b-2xh100',
  name: 'Qwen3 32B on 2x H100: lowest TPOT at 8 req/s',
  setting: sQwenH100,
  status: 'complete',
  objective: { metric: 'tpot_ms.p90', direction: 'minimize' },
  constraints: [{ metric: 'ttft_ms.p99', op: '<=', value: 1000 }],
  search_space: {
    parameters: [
      { kind: 'categorical', name: 'tp_size', choices: [1, 2] },
      { kind: 'int', name: 'chunked_prefill_size', low: 2048, high: 16384, log: true },
      { kind: 'categorical', name: 'schedule_policy', choices: ['fcfs', 'lpm'] },
      { kind: 'float', name: 'mem_fraction_static', low: 0.8, high: 0.9, step: 0.01 },
    ],
    rules: [{ left: 'tp_size', op: '<=', right: { setting: 'gpu_count' } }],
  },
  budget: { max_trials: 4, max_parallel: 1 },
  minutes: 1800,
  trials: [
    {
      config: { tp_size: 2, chunked_prefill_size: 8192, schedule_policy: 'fcfs', mem_fraction_static: 0.88 },
      outcome: {
        requests: 2000,
        inputLen: 226,
        outputLen: 193,
        outputThroughput: 1528.4,
        ttft: [68.2, 61.4, 104.3, 127.8, 188.6],
        tpot: [24.3, 23.5, 31.4, 34.2, 41.7],
      },
    },
    {
      config: { tp_size: 2, chunked_prefill_size: 4096, schedule_policy: 'lpm', mem_fraction_static: 0.86 },
      outcome: {
        requests: 2000,
        inputLen: 226,
        outputLen: 193,
        outputThroughput: 1531.0,
        ttft: [71.5, 64.2, 109.8, 133.1, 196.4],
        tpot: [21.9, 21.2, 27.9, 30.3, 36.8],
      },
    },
    {
      config: { tp_size: 1, chunked_prefill_size: 16384, schedule_policy: 'lpm', mem_fraction_static: 0.9 },
      outcome: {
        kind: 'timeout',
        message: 'Benchmark did not finish within the 1800 s limit (412 of 2000 requests completed).',
      },
    },
    {
      config: { tp_size: 2, chunked_prefill_size: 2048, schedule_policy: 'lpm', mem_fraction_static: 0.85 },
      outcome: {
        requests: 2000,
        inputLen: 226,
        outputLen: 193,
        outputThroughput: 1533.7,
        ttft: [83.9, 75.1, 131.6, 159.4, 232.8],
        tpot: [19.8, 19.1, 24.6, 26.9, 32.5],
      },
    },
  ],
  pending: [],
});

/** A TensorRT-LLM session of Llama 3.3 70B on eight H100s that has not started yet. */
const llama70bRun = buildSession({
  key: 'llama70b-8xh100',
  name: 'Llama 3.3 70B on 8x H100 (TensorRT-LLM)',
  setting: sLlama70b,
  status: 'pending',
  objective: { metric: 'output_throughput_per_gpu', direction: 'maximize' },
  constraints: [{ metric: 'tpot_ms.p99', op: '<=', value: 50 }],
  search_space: {
    parameters: [
      { kind: 'categorical', name: 'tp_size', choices: [4, 8] },
      { kind: 'int', name: 'max_batch_size', low: 64, high: 1024, log: true },
      { kind: 'int', name: 'max_num_tokens', low: 2048, high: 16384, log: true },
      { kind: 'float', name: 'kv_cache_free_gpu_memory_fraction', low: 0.8, high: 0.95, step: 0.01 },
    ],
    rules: [{ left: 'max_num_tokens', op: '>=', right: { param: 'max_batch_size' } }],
  },
  budget: { max_trials: 16, max_parallel: 1 },
  minutes: 3000,
  trials: [],
  pending: [],
});

/** A vLLM session of Qwen3 32B on one MI300X that failed: both trials ran out of memory. */
const qwenMi300xRun = buildSession({
  key: 'qwen32b-mi300x',
  name: 'Qwen3 32B on MI300X (ROCm)',
  setting: sQwenMi300x,
  status: 'failed',
  objective: { metric: 'output_throughput', direction: 'maximize' },
  constraints: [],
  search_space: {
    parameters: [
      { kind: 'int', name: 'max_num_seqs', low: 128, high: 1024, log: true },
      { kind: 'float', name: 'gpu_memory_utilization', low: 0.9, high: 0.98, step: 0.01 },
    ],
    rules: [],
  },
  budget: { max_trials: 8, max_parallel: 1 },
  minutes: 3200,
  trials: [
    {
      config: { max_num_seqs: 1024, gpu_memory_utilization: 0.98 },
      outcome: oom(
        'torch.OutOfMemoryError: HIP out of memory. Tried to allocate 3.50 GiB. GPU 0 has a total capacity of 191.98 GiB of which 2.07 GiB is free.',
      ),
    },
    {
      config: { max_num_seqs: 768, gpu_memory_utilization: 0.97 },
      outcome: oom(
        'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
      ),
    },
  ],
  pending: [],
});

const runs = [llamaRun, qwenRun, llama70bRun, qwenMi300xRun];

/** Sessions newest first, as GET /tuning/session/mine lists them. */
export const sessions: TuningSession[] = runs
  .map((r) => r.session)
  .sort((a, b) => b.created_at.localeCompare(a.created_at));
export const runningSession = llamaRun.session;
export const completeSession = qwenRun.session;
export const pendingSession = llama70bRun.session;
export const failedSession = qwenMi300xRun.session;

/** Trial results per session id, in trial order. */
export const resultsBySession: Record<string, TuningResult[]> = Object.fromEntries(
  runs.map((r) => [r.session.id, r.results]),
);
export const pendingConfigs: PendingConfig[] = runs.flatMap((r) => r.pendingConfigs);
/** The best feasible result per session id; sessions without one are absent. */
export const bestBySession: Record<string, TuningBest> = Object.fromEntries(
  runs.flatMap((r) => (r.best ? [[r.session.id, r.best] as const] : [])),
);

// ---- Benchmarks -------------------------------------------------------------------------------------

const standalone: Benchmark[] = [
  benchmark(
    'llama8b-h100-manual',
    sLlamaH100,
    { max_num_seqs: 256, max_num_batched_tokens: 8192, gpu_memory_utilization: 0.9 },
    fixtureMetrics({
      requests: 1000,
      inputLen: 1024,
      outputLen: 256,
      outputThroughput: 4398.2,
      ttft: [145.1, 120.8, 240.6, 296.3, 392.9],
      tpot: [14.0, 13.7, 15.9, 16.9, 19.5],
    }),
    {
      verified: true,
      published: true,
      notes:
        'vllm bench serve --dataset-name random --random-input-len 1024 --random-output-len 256 --max-concurrency 64',
      minutes: 30,
    },
  ),
  benchmark(
    'llama70b-8xh100',
    sLlama70b,
    { tp_size: 8, max_batch_size: 512, max_num_tokens: 8192, kv_cache_free_gpu_memory_fraction: 0.9 },
    fixtureMetrics({
      requests: 2000,
      inputLen: 2048,
      outputLen: 512,
      outputThroughput: 6412.5,
      ttft: [912.4, 804.6, 1588.2, 1893.7, 2604.1],
      tpot: [37.9, 37.2, 41.8, 43.6, 48.3],
    }),
    { verified: true, published: true, notes: 'FP8 checkpoint, trtllm-serve with the PyTorch backend', minutes: 260 },
  ),
  benchmark(
    'llama8b-a100',
    sLlamaA100,
    { max_num_seqs: 256, max_num_batched_tokens: 8192, gpu_memory_utilization: 0.9 },
    fixtureMetrics({
      requests: 1000,
      inputLen: 1024,
      outputLen: 256,
      outputThroughput: 2786.3,
      ttft: [231.8, 196.2, 389.4, 471.5, 622.7],
      tpot: [21.9, 21.4, 24.8, 26.3, 30.6],
    }),
    { published: true, minutes: 320 },
  ),
  benchmark(
    'qwen32b-mi300x',
    sQwenMi300x,
    { max_num_seqs: 256, gpu_memory_utilization: 0.9 },
    fixtureMetrics({
      requests: 500,
      failed: 3,
      inputLen: 1024,
      outputLen: 1024,
      outputThroughput: 3951.6,
      ttft: [187.3, 162.9, 298.4, 354.6, 497.1],
      tpot: [29.4, 28.8, 33.6, 35.9, 41.2],
    }),
    { notes: 'ROCm 6.4, vLLM 0.11.0 rocm build', minutes: 380 },
  ),
  benchmark(
    'llama8b-l40s',
    sLlamaL40s,
    { max_num_seqs: 128, max_num_batched_tokens: 4096, gpu_memory_utilization: 0.9, kv_cache_dtype: 'fp8' },
    fixtureMetrics({
      requests: 1000,
      failed: 1,
      inputLen: 1024,
      outputLen: 256,
      outputThroughput: 905.7,
      ttft: [412.6, 356.1, 688.3, 812.9, 1104.5],
      tpot: [33.8, 33.1, 37.6, 39.4, 44.8],
    }),
    { minutes: 440 },
  ),
];

/** Every benchmark: standalone runs plus the measured trials of the sessions, newest first. */
export const benchmarks: Benchmark[] = [...standalone, ...runs.flatMap((r) => r.benchmarks)]
  .map((b) => ({ ...b }))
  .sort((a, b) => b.created_at.localeCompare(a.created_at));

/** Settings with their benchmark counts filled in. */
export const benchmarkSettings: BenchmarkSetting[] = settingList.map((s) => ({
  ...s,
  benchmark_count: benchmarks.filter((b) => b.setting.id === s.id).length,
}));
// Counts are known only once every benchmark exists, so the embedded settings are swapped in afterwards.
for (const b of benchmarks) b.setting = benchmarkSettings.find((s) => s.id === b.setting.id) ?? b.setting;
for (const r of runs)
  r.session.setting = benchmarkSettings.find((s) => s.id === r.session.setting.id) ?? r.session.setting;

export const supportedRuntimeOptions: SupportedRuntimeOptions = { runtimes: [...RUNTIME_CATALOGUES] };

function bestReportFor(settingId: string): BestBenchmarkReport {
  const candidates = benchmarks.filter((b) => b.setting.id === settingId);
  const best = candidates.reduce((a, b) => (b.metrics.output_throughput > a.metrics.output_throughput ? b : a));
  const baseline = candidates.find((b) => b.session_id === null) ?? null;
  return {
    objective: 'output_throughput',
    direction: 'maximize',
    best,
    baseline,
    improvement_pct: baseline
      ? round(
          ((best.metrics.output_throughput - baseline.metrics.output_throughput) / baseline.metrics.output_throughput) *
            100,
          1,
        )
      : null,
    launch_command: launchCommand(best.setting.software.runtime, best.setting.ml_model_name, best.runtime_options),
    candidates: candidates.length,
  };
}

/** Best setup for Llama 3.1 8B on H100 by output throughput. */
export const bestBenchmarkReport: BestBenchmarkReport = bestReportFor(sLlamaH100.id);

// ---- API and registry tokens ---------------------------------------------------------------------------

export const apiTokens: ApiToken[] = [
  {
    id: fixtureId('api-token-runner-a'),
    name: 'h100-runner-a',
    prefix: 'mako_4fQ9',
    created_at: fixtureTime(-60 * 24 * 12),
    last_used_at: fixtureTime(712),
    expires_at: fixtureTime(60 * 24 * 78),
    revoked_at: null,
  },
  {
    id: fixtureId('api-token-ci'),
    name: 'ci-nightly-benchmarks',
    prefix: 'mako_Tz81',
    created_at: fixtureTime(-60 * 24 * 30),
    last_used_at: fixtureTime(-60 * 6),
    expires_at: null,
    revoked_at: null,
  },
  {
    id: fixtureId('api-token-laptop'),
    name: 'old-laptop',
    prefix: 'mako_b2Lm',
    created_at: fixtureTime(-60 * 24 * 120),
    last_used_at: fixtureTime(-60 * 24 * 95),
    expires_at: fixtureTime(-60 * 24 * 30),
    revoked_at: fixtureTime(-60 * 24 * 90),
  },
];

export const apiTokenCreated: ApiTokenCreated = {
  token: {
    id: fixtureId('api-token-new'),
    name: 'h100-runner-b',
    prefix: 'mako_Zq3V',
    created_at: fixtureTime(900),
    last_used_at: null,
    expires_at: fixtureTime(900 + 60 * 24 * 90),
    revoked_at: null,
  },
  secret: 'mako_Zq3Vb8LrT1xK9mPw2NcY7dHs4GfJ6aUe0c9f1a',
};

export const registryTokens: RegistryToken[] = [
  {
    id: fixtureId('registry-token-prod'),
    name: 'prod-cluster-pull',
    prefix: 'makoreg_Hn6',
    created_at: fixtureTime(-60 * 24 * 20),
    last_used_at: fixtureTime(540),
    expires_at: fixtureTime(60 * 24 * 70),
    revoked_at: null,
    registry: 'registry.makooptimize.com',
    username: 'ada-lovelace+prod-cluster-pull',
    scope: 'pull',
  },
  {
    id: fixtureId('registry-token-ci'),
    name: 'ci-image-builds',
    prefix: 'makoreg_q0P',
    created_at: fixtureTime(-60 * 24 * 45),
    last_used_at: null,
    expires_at: null,
    revoked_at: null,
    registry: 'registry.makooptimize.com',
    username: 'ada-lovelace+ci-image-builds',
    scope: 'pull-push',
  },
];

export const registryTokenCreated: RegistryTokenCreated = {
  token: {
    id: fixtureId('registry-token-new'),
    name: 'staging-pull',
    prefix: 'makoreg_W7c',
    created_at: fixtureTime(905),
    last_used_at: null,
    expires_at: fixtureTime(905 + 60 * 24 * 90),
    revoked_at: null,
    registry: 'registry.makooptimize.com',
    username: 'ada-lovelace+staging-pull',
    scope: 'pull',
  },
  secret: 'makoreg_W7cK2pQ9xV4mT8nR1sL6hJ3dF5gB0zYa7e21bd',
};

// ---- Serve requests -----------------------------------------------------------------------------------

const tunedLlama = llamaRun.best!.result;

export const serveRequests: ServeRequest[] = [
  {
    id: fixtureId('serve-llama8b-h100'),
    ml_model_name: LLAMA_8B,
    hardware_config: { name: 'H100', count: 1 },
    objective: 'output_throughput',
    runtime: 'vllm',
    status: 'ready',
    benchmark_id: tunedLlama.benchmark_id,
    runtime_options: tunedLlama.config,
    launch_command: launchCommand('vllm', LLAMA_8B, tunedLlama.config),
    objective_value: tunedLlama.objective_value,
    created_at: fixtureTime(800),
  },
  {
    id: fixtureId('serve-mistral-l40s'),
    ml_model_name: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
    hardware_config: { name: 'L40S', count: 2 },
    objective: 'ttft_ms.p99',
    runtime: null,
    status: 'no_data',
    benchmark_id: null,
    runtime_options: null,
    launch_command: null,
    objective_value: null,
    created_at: fixtureTime(760),
  },
];

// ---- Plans, subscription, checkout, survey -----------------------------------------------------------

export const plans: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price_usd_month: 0,
    description: 'Search published benchmarks and tune one deployment at a time.',
    features: [
      'Benchmark search and best-setup reports',
      '1 active tuning session',
      'Up to 20 trials per session',
      'Community support',
    ],
    limits: { active_tuning_sessions: 1, max_trials_per_session: 20 },
  },
  {
    id: 'pro',
    name: 'Pro',
    price_usd_month: 99,
    description: 'For teams tuning several models and GPU types in parallel.',
    features: [
      '10 active tuning sessions',
      'Up to 200 trials per session',
      'Private benchmarks',
      'Optimised container images',
      'E-mail support',
    ],
    limits: { active_tuning_sessions: 10, max_trials_per_session: 200 },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price_usd_month: 499,
    description: 'Unlimited tuning, SSO and a support contract for production fleets.',
    features: ['Unlimited tuning sessions', 'Unlimited trials', 'SSO and audit log', 'Dedicated support engineer'],
    limits: { active_tuning_sessions: null, max_trials_per_session: null },
  },
];

const [freePlan, proPlan] = plans as [Plan, Plan, Plan];

export const subscription: Subscription = { plan: freePlan, status: 'active', current_period_end: null };
export const proSubscription: Subscription = {
  plan: proPlan,
  status: 'active',
  current_period_end: fixtureTime(60 * 24 * 30),
};

export const checkoutSession: CheckoutSession = {
  id: 'cs_test_a1B2c3D4e5F6g7H8',
  checkout_url: '/subscription/success?session_id=cs_test_a1B2c3D4e5F6g7H8',
  mode: 'test',
};

export const surveyResponse: SurveyResponse = { id: fixtureId('survey-1'), created_at: fixtureTime(1000) };

// ---- Small answers --------------------------------------------------------------------------------------

export const messages = {
  magicLinkSent: 'If this address can sign in, a login link is on its way.',
  verificationSent: 'Verification link sent successfully! Please check your email.',
  benchmarkDeleted: 'Benchmark deleted',
  tokenRevoked: 'Token revoked',
  serveRequestDeleted: 'Serve request deleted',
  loggedOutEverywhere: 'All sessions have been signed out',
} as const;
