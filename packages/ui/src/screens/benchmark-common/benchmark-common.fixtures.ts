import type {
  BenchmarkMetricsView,
  BenchmarkSettingView,
  BenchmarkView,
  BenchmarkWorkloadView,
  GoodputView,
  RuntimeOptionsView,
} from './benchmark-data';

/*
 * Story data for the benchmark screens, with the values of packages/api-client's mock fixtures
 * (packages/ui may not import the client). Dates are fixed so that screenshots never change. The
 * figures are in the range public vLLM / SGLang / TensorRT-LLM benchmarks report for these model
 * and GPU pairs: illustrative, not measurements.
 */

/** A stable UUID-shaped id for a label (FNV-1a), as the api-client fixtures derive theirs. */
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
export const fixtureTime = (minutes: number) => new Date(BASE_TIME + minutes * 60_000).toISOString();

/** "Now" for every benchmark story: the day after the fixtures' runs. */
export const FIXTURE_NOW = new Date(Date.UTC(2025, 10, 4, 12, 0, 0));

export const VIEWER_ID = fixtureId('user-ada');
export const OTHER_USER_ID = fixtureId('user-grace');

const LLAMA_8B = 'meta-llama/Llama-3.1-8B-Instruct';
const LLAMA_70B = 'meta-llama/Llama-3.3-70B-Instruct';
const QWEN_32B = 'Qwen/Qwen3-32B';
const MISTRAL_24B = 'mistralai/Mistral-Small-3.2-24B-Instruct-2506';

const GPU_HOUR_USD: Record<string, number> = { H100: 2.49, H200: 3.19, 'A100-80GB': 1.79, L40S: 0.99, MI300X: 2.1 };

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function randomWorkload(
  requests: number,
  input: number,
  output: number,
  concurrency: number | null,
  rate: number | 'inf' = 'inf',
): BenchmarkWorkloadView {
  return {
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
  };
}

function setting(
  key: string,
  fields: Pick<BenchmarkSettingView, 'ml_model_name' | 'hardware_config' | 'software' | 'workload'>,
  minutes: number,
  count: number,
): BenchmarkSettingView {
  return {
    id: fixtureId(`setting-${key}`),
    owner: VIEWER_ID,
    created_at: fixtureTime(minutes),
    benchmark_count: count,
    ...fields,
  };
}

export const llamaH100Setting = setting(
  'llama8b-h100',
  {
    ml_model_name: LLAMA_8B,
    hardware_config: { name: 'H100', count: 1 },
    software: { runtime: 'vllm', version: '0.11.0' },
    workload: randomWorkload(1000, 1024, 256, 64),
  },
  0,
  7,
);
export const qwenH100Setting = setting(
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
  3,
);
export const llama70bSetting = setting(
  'llama70b-8xh100',
  {
    ml_model_name: LLAMA_70B,
    hardware_config: { name: 'H100', count: 8 },
    software: { runtime: 'tensorrt-llm', version: '1.0.0' },
    workload: randomWorkload(2000, 2048, 512, 256),
  },
  240,
  1,
);
export const llamaA100Setting = setting(
  'llama8b-a100',
  {
    ml_model_name: LLAMA_8B,
    hardware_config: { name: 'A100-80GB', count: 1 },
    software: { runtime: 'vllm', version: '0.10.2' },
    workload: randomWorkload(1000, 1024, 256, 64),
  },
  300,
  1,
);
export const qwenMi300xSetting = setting(
  'qwen32b-mi300x',
  {
    ml_model_name: QWEN_32B,
    hardware_config: { name: 'MI300X', count: 1 },
    software: { runtime: 'vllm', version: '0.11.0' },
    workload: randomWorkload(500, 1024, 1024, null, 4),
  },
  360,
  1,
);
export const llamaL40sSetting = setting(
  'llama8b-l40s',
  {
    ml_model_name: LLAMA_8B,
    hardware_config: { name: 'L40S', count: 1 },
    software: { runtime: 'vllm', version: '0.11.0' },
    workload: randomWorkload(1000, 1024, 256, 32),
  },
  420,
  1,
);

/** Newest first, as GET /benchmarks/settings lists them. */
export const benchmarkSettings: BenchmarkSettingView[] = [
  llamaL40sSetting,
  qwenMi300xSetting,
  llamaA100Setting,
  llama70bSetting,
  qwenH100Setting,
  llamaH100Setting,
];

type Stats = [mean: number, p50: number, p90: number, p95: number, p99: number];

interface Measurement {
  requests: number;
  failed?: number;
  inputLen: number;
  outputLen: number;
  outputThroughput: number;
  ttft: Stats;
  tpot: Stats;
  goodput?: { attainment: number; slo: GoodputView['slo'] };
}

const stats = ([mean, p50, p90, p95, p99]: Stats) => ({ mean, p50, p90, p95, p99 });

/** Consistent metrics from a few headline figures, as the api-client fixtures build them. */
export function fixtureMetrics(m: Measurement): BenchmarkMetricsView {
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

interface BenchmarkExtra {
  sessionId?: string;
  verified?: boolean;
  published?: boolean;
  demo?: boolean;
  notes?: string;
  owner?: string;
  minutes: number;
}

export function fixtureBenchmark(
  key: string,
  s: BenchmarkSettingView,
  runtimeOptions: RuntimeOptionsView,
  metrics: BenchmarkMetricsView,
  extra: BenchmarkExtra,
): BenchmarkView {
  const perHour = (GPU_HOUR_USD[s.hardware_config.name] ?? 2) * s.hardware_config.count;
  return {
    id: fixtureId(`benchmark-${key}`),
    setting: s,
    session_id: extra.sessionId ?? null,
    runtime_options: runtimeOptions,
    metrics,
    cost_per_million_tokens: round(perHour / ((metrics.output_throughput * 3600) / 1_000_000), 3),
    output_throughput_per_gpu: round(metrics.output_throughput / s.hardware_config.count),
    output_throughput_per_user: metrics.tpot_ms.mean > 0 ? round(1000 / metrics.tpot_ms.mean) : null,
    verified: extra.verified ?? false,
    published: extra.published ?? false,
    demo: extra.demo ?? false,
    notes: extra.notes ?? '',
    owner: extra.owner ?? VIEWER_ID,
    created_at: fixtureTime(extra.minutes),
  };
}

const LLAMA_SESSION = fixtureId('session-llama8b-h100');
const llamaRun = (inputOutput: Pick<Measurement, 'outputThroughput' | 'ttft' | 'tpot' | 'goodput'>): Measurement => ({
  requests: 1000,
  inputLen: 1024,
  outputLen: 256,
  ...inputOutput,
});

/** The hand-run default-flags benchmark of Llama 3.1 8B on one H100: the baseline. */
export const llamaH100Manual = fixtureBenchmark(
  'llama8b-h100-manual',
  llamaH100Setting,
  { max_num_seqs: 256, max_num_batched_tokens: 8192, gpu_memory_utilization: 0.9 },
  fixtureMetrics(
    llamaRun({
      outputThroughput: 4398.2,
      ttft: [145.1, 120.8, 240.6, 296.3, 392.9],
      tpot: [14.0, 13.7, 15.9, 16.9, 19.5],
    }),
  ),
  {
    verified: true,
    published: true,
    notes:
      'vllm bench serve --dataset-name random --random-input-len 1024 --random-output-len 256 --max-concurrency 64',
    minutes: 30,
  },
);

const llamaTrial = (
  trial: number,
  config: RuntimeOptionsView,
  m: Pick<Measurement, 'outputThroughput' | 'ttft' | 'tpot' | 'goodput'>,
) =>
  fixtureBenchmark(`llama8b-h100-${trial}`, llamaH100Setting, config, fixtureMetrics(llamaRun(m)), {
    sessionId: LLAMA_SESSION,
    minutes: 600 + trial * 14,
  });

/** The measured trials of the Llama 3.1 8B H100 tuning session. */
export const llamaH100Trials: BenchmarkView[] = [
  llamaTrial(
    1,
    {
      max_num_seqs: 256,
      max_num_batched_tokens: 8192,
      gpu_memory_utilization: 0.9,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'auto',
    },
    { outputThroughput: 4412.6, ttft: [142.3, 118.4, 236.1, 291.7, 388.2], tpot: [13.9, 13.6, 15.8, 16.7, 19.2] },
  ),
  llamaTrial(
    3,
    {
      max_num_seqs: 128,
      max_num_batched_tokens: 4096,
      gpu_memory_utilization: 0.88,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    { outputThroughput: 4105.2, ttft: [128.9, 109.5, 214.8, 262.3, 351.6], tpot: [14.8, 14.5, 16.9, 17.8, 20.4] },
  ),
  llamaTrial(
    5,
    {
      max_num_seqs: 512,
      max_num_batched_tokens: 32768,
      gpu_memory_utilization: 0.92,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    { outputThroughput: 5240.8, ttft: [318.4, 262.7, 571.3, 664.9, 812.5], tpot: [11.6, 11.2, 13.5, 14.6, 18.1] },
  ),
  llamaTrial(
    6,
    {
      max_num_seqs: 320,
      max_num_batched_tokens: 12288,
      gpu_memory_utilization: 0.93,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    {
      outputThroughput: 5086.4,
      ttft: [171.2, 139.6, 288.4, 352.1, 431.7],
      tpot: [12.1, 11.8, 13.9, 14.8, 17.3],
      goodput: { attainment: 0.994, slo: { ttft_ms: 500, tpot_ms: 30 } },
    },
  ),
  llamaTrial(
    7,
    {
      max_num_seqs: 256,
      max_num_batched_tokens: 16384,
      gpu_memory_utilization: 0.9,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    { outputThroughput: 4903.1, ttft: [158.7, 131.2, 267.5, 324.8, 402.3], tpot: [12.6, 12.3, 14.4, 15.3, 18.0] },
  ),
  llamaTrial(
    8,
    {
      max_num_seqs: 448,
      max_num_batched_tokens: 8192,
      gpu_memory_utilization: 0.94,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'auto',
    },
    { outputThroughput: 4751.9, ttft: [204.6, 171.3, 352.8, 418.2, 476.9], tpot: [14.7, 13.9, 21.6, 26.4, 33.1] },
  ),
];

/** Every benchmark of the Llama 3.1 8B H100 setting, newest first (GET /benchmarks/by-setting). */
export const llamaH100Benchmarks: BenchmarkView[] = [...llamaH100Trials].reverse().concat(llamaH100Manual);

const QWEN_SESSION = fixtureId('session-qwen32b-2xh100');
const qwenTrial = (
  trial: number,
  config: RuntimeOptionsView,
  m: Pick<Measurement, 'outputThroughput' | 'ttft' | 'tpot'>,
) =>
  fixtureBenchmark(
    `qwen32b-2xh100-${trial}`,
    qwenH100Setting,
    config,
    fixtureMetrics({ requests: 2000, inputLen: 226, outputLen: 193, ...m }),
    {
      sessionId: QWEN_SESSION,
      minutes: 1800 + trial * 14,
    },
  );

export const qwenH100Benchmarks: BenchmarkView[] = [
  qwenTrial(
    4,
    { tp_size: 2, chunked_prefill_size: 2048, schedule_policy: 'lpm', mem_fraction_static: 0.85 },
    { outputThroughput: 1533.7, ttft: [83.9, 75.1, 131.6, 159.4, 232.8], tpot: [19.8, 19.1, 24.6, 26.9, 32.5] },
  ),
  qwenTrial(
    2,
    { tp_size: 2, chunked_prefill_size: 4096, schedule_policy: 'lpm', mem_fraction_static: 0.86 },
    { outputThroughput: 1531.0, ttft: [71.5, 64.2, 109.8, 133.1, 196.4], tpot: [21.9, 21.2, 27.9, 30.3, 36.8] },
  ),
  qwenTrial(
    1,
    { tp_size: 2, chunked_prefill_size: 8192, schedule_policy: 'fcfs', mem_fraction_static: 0.88 },
    { outputThroughput: 1528.4, ttft: [68.2, 61.4, 104.3, 127.8, 188.6], tpot: [24.3, 23.5, 31.4, 34.2, 41.7] },
  ),
];

/** Standalone runs on the other settings, as in the api-client fixtures. */
export const standaloneBenchmarks: BenchmarkView[] = [
  fixtureBenchmark(
    'llama70b-8xh100',
    llama70bSetting,
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
  fixtureBenchmark(
    'llama8b-a100',
    llamaA100Setting,
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
  fixtureBenchmark(
    'qwen32b-mi300x',
    qwenMi300xSetting,
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
  fixtureBenchmark(
    'llama8b-l40s',
    llamaL40sSetting,
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

/** Every fixture benchmark, newest first. */
export const allBenchmarks: BenchmarkView[] = [
  ...llamaH100Benchmarks,
  ...qwenH100Benchmarks,
  ...standaloneBenchmarks,
].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** vLLM 0.11's defaults for the flags the Llama session tunes (the contract's RUNTIME_CATALOGUES). */
export const VLLM_DEFAULTS = {
  max_num_seqs: 256,
  max_num_batched_tokens: 8192,
  gpu_memory_utilization: 0.9,
  enable_chunked_prefill: true,
  enable_prefix_caching: true,
  block_size: 16,
  kv_cache_dtype: 'auto',
} as const;

// ---- Many rows: search results at scale -------------------------------------------------------------

const MODELS = [LLAMA_8B, LLAMA_70B, QWEN_32B, MISTRAL_24B] as const;
const HARDWARE = [
  { name: 'H100', count: 8, speed: 1 },
  { name: 'H200', count: 8, speed: 1.25 },
  { name: 'MI300X', count: 8, speed: 1.1 },
  { name: 'A100-80GB', count: 4, speed: 0.55 },
  { name: 'L40S', count: 2, speed: 0.3 },
] as const;
const RUNTIMES = [
  { runtime: 'vllm', version: '0.11.0', flag: 'max_num_seqs' },
  { runtime: 'sglang', version: '0.5.3', flag: 'max_running_requests' },
  { runtime: 'tensorrt-llm', version: '1.0.0', flag: 'max_batch_size' },
] as const;
const CONCURRENCY = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] as const;

/**
 * `count` search results across models, hardware, engines and concurrency, shaped like public
 * throughput/interactivity sweeps: more concurrency buys tokens/s per GPU with tokens/s per user.
 */
export function makeSearchResults(count: number): BenchmarkView[] {
  const out: BenchmarkView[] = [];
  for (let i = 0; i < count; i++) {
    const model = MODELS[i % MODELS.length] ?? LLAMA_8B;
    const hardware = HARDWARE[Math.floor(i / MODELS.length) % HARDWARE.length] ?? HARDWARE[0];
    const engine = RUNTIMES[Math.floor(i / (MODELS.length * HARDWARE.length)) % RUNTIMES.length] ?? RUNTIMES[0];
    const concurrency =
      CONCURRENCY[Math.floor(i / (MODELS.length * HARDWARE.length * RUNTIMES.length)) % CONCURRENCY.length] ?? 1;
    const size = model === LLAMA_70B ? 4 : model === QWEN_32B ? 2.4 : model === MISTRAL_24B ? 1.9 : 1;
    const jitter = 1 + (((i * 7919) % 97) - 48) / 1000;
    const tpot = round(((6 * size) / hardware.speed) * (1 + Math.sqrt(concurrency) / 6) * jitter, 1);
    const perGpu =
      Math.min(4200 * hardware.speed, (1000 / tpot) * concurrency) / size / Math.max(1, hardware.count / 8);
    const ttftP99 = round((40 * size * (1 + concurrency / 24)) / hardware.speed, 1);
    const s: BenchmarkSettingView = {
      id: fixtureId(`search-setting-${i % 120}`),
      ml_model_name: model,
      hardware_config: { name: hardware.name, count: hardware.count },
      software: { runtime: engine.runtime, version: engine.version },
      workload: randomWorkload(1000, 1024, 256, concurrency),
      created_at: fixtureTime(-i * 37),
      benchmark_count: 1,
      owner: i % 5 === 0 ? VIEWER_ID : OTHER_USER_ID,
    };
    out.push(
      fixtureBenchmark(
        `search-${i}`,
        s,
        { [engine.flag]: concurrency * 2 },
        fixtureMetrics({
          requests: 1000,
          inputLen: 1024,
          outputLen: 256,
          outputThroughput: perGpu * hardware.count,
          ttft: [
            round(ttftP99 * 0.45, 1),
            round(ttftP99 * 0.38, 1),
            round(ttftP99 * 0.72, 1),
            round(ttftP99 * 0.84, 1),
            ttftP99,
          ],
          tpot: [tpot, round(tpot * 0.97, 1), round(tpot * 1.2, 1), round(tpot * 1.3, 1), round(tpot * 1.55, 1)],
        }),
        {
          verified: i % 3 === 0,
          published: i % 5 !== 0,
          demo: i % 11 === 0,
          owner: s.owner ?? OTHER_USER_ID,
          minutes: -i * 37,
        },
      ),
    );
  }
  return out;
}

// ---- Best-setup report ---------------------------------------------------------------------------------

const bestLlama = llamaH100Trials[2] as BenchmarkView;

/** Best setup for Llama 3.1 8B on H100 by output throughput, as the api-client fixture computes it. */
export const bestSetupReport = {
  objective: 'output_throughput' as const,
  direction: 'maximize' as const,
  best: bestLlama,
  baseline: llamaH100Manual,
  improvement_pct: round(
    ((bestLlama.metrics.output_throughput - llamaH100Manual.metrics.output_throughput) /
      llamaH100Manual.metrics.output_throughput) *
      100,
    1,
  ),
  launch_command:
    'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 512 --max-num-batched-tokens 32768 --gpu-memory-utilization 0.92 --enable-chunked-prefill --kv-cache-dtype fp8',
  candidates: llamaH100Benchmarks.length,
};
