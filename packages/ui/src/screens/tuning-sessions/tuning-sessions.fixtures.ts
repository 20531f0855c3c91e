/*
 * Story data copied from packages/api-client/src/mocks/fixtures.ts (packages/ui must not import the
 * client). Fixed dates; figures are illustrative, in the range public vLLM / SGLang benchmarks report.
 */
import type {
  PendingConfigData,
  TuningBestData,
  TuningResultData,
  TuningSessionData,
} from '../benchmark-common/tuning-types';

/** "Now" for the session list: 40 minutes after the newest session was created. */
export const LIST_NOW = new Date('2025-11-05T15:00:00Z');
/** "Now" while the running session has two leased configurations out (they expire at 22:06 and 22:20). */
export const RUNNING_NOW = new Date('2025-11-03T21:35:00Z');

/** Newest first, as GET /tuning/session/mine lists them: failed, pending, complete, running. */
export const SESSIONS: TuningSessionData[] = [
  {
    id: '599f73a4-ad65-4b3e-8154-94940b1a2f5c',
    name: 'Qwen3 32B on MI300X (ROCm)',
    setting: {
      ml_model_name: 'Qwen/Qwen3-32B',
      hardware_config: {
        name: 'MI300X',
        count: 1,
      },
      software: {
        runtime: 'vllm',
        version: '0.11.0',
      },
      workload: {
        dataset: 'random',
        num_requests: 500,
        request_rate: 4,
        burstiness: 1,
        max_concurrency: null,
        max_seq_length: 2048,
        output_len: 1024,
        min_prompt: 1024,
        max_prompt: 1024,
        min_output: 1024,
        max_output: 1024,
      },
    },
    status: 'failed',
    objective: {
      metric: 'output_throughput',
      direction: 'maximize',
    },
    constraints: [],
    budget: {
      max_trials: 8,
      max_parallel: 1,
    },
    counts: {
      evaluated: 2,
      pending: 0,
      failed: 2,
    },
    best: null,
    default_objective_value: null,
    created_at: '2025-11-05T14:20:00.000Z',
  },
  {
    id: '082000e2-0da3-46d0-8842-fbd2fad21bca',
    name: 'Llama 3.3 70B on 8x H100 (TensorRT-LLM)',
    setting: {
      ml_model_name: 'meta-llama/Llama-3.3-70B-Instruct',
      hardware_config: {
        name: 'H100',
        count: 8,
      },
      software: {
        runtime: 'tensorrt-llm',
        version: '1.0.0',
      },
      workload: {
        dataset: 'random',
        num_requests: 2000,
        request_rate: 'inf',
        burstiness: 1,
        max_concurrency: 256,
        max_seq_length: 2560,
        output_len: 512,
        min_prompt: 2048,
        max_prompt: 2048,
        min_output: 512,
        max_output: 512,
      },
    },
    status: 'pending',
    objective: {
      metric: 'output_throughput_per_gpu',
      direction: 'maximize',
    },
    constraints: [
      {
        metric: 'tpot_ms.p99',
        op: '<=',
        value: 50,
      },
    ],
    budget: {
      max_trials: 16,
      max_parallel: 1,
    },
    counts: {
      evaluated: 0,
      pending: 0,
      failed: 0,
    },
    best: null,
    default_objective_value: null,
    created_at: '2025-11-05T11:00:00.000Z',
  },
  {
    id: '1de94878-0d38-43e2-87cb-910849d9ad60',
    name: 'Qwen3 32B on 2x H100: lowest TPOT at 8 req/s',
    setting: {
      ml_model_name: 'Qwen/Qwen3-32B',
      hardware_config: {
        name: 'H100',
        count: 2,
      },
      software: {
        runtime: 'sglang',
        version: '0.5.3',
      },
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
    status: 'complete',
    objective: {
      metric: 'tpot_ms.p90',
      direction: 'minimize',
    },
    constraints: [
      {
        metric: 'ttft_ms.p99',
        op: '<=',
        value: 1000,
      },
    ],
    budget: {
      max_trials: 4,
      max_parallel: 1,
    },
    counts: {
      evaluated: 4,
      pending: 0,
      failed: 1,
    },
    best: {
      result_id: '492982ec-4f56-4db6-8bfb-349c3392d274',
      trial_number: 4,
      config: {
        tp_size: 2,
        chunked_prefill_size: 2048,
        schedule_policy: 'lpm',
        mem_fraction_static: 0.85,
      },
      objective_value: 24.6,
    },
    default_objective_value: 31.4,
    created_at: '2025-11-04T15:00:00.000Z',
  },
  {
    id: '3602051f-5638-43ed-8898-2a4f03254e07',
    name: 'Llama 3.1 8B chat on H100: max throughput under latency SLO',
    setting: {
      ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
      hardware_config: {
        name: 'H100',
        count: 1,
      },
      software: {
        runtime: 'vllm',
        version: '0.11.0',
      },
      workload: {
        dataset: 'random',
        num_requests: 1000,
        request_rate: 'inf',
        burstiness: 1,
        max_concurrency: 64,
        max_seq_length: 1280,
        output_len: 256,
        min_prompt: 1024,
        max_prompt: 1024,
        min_output: 256,
        max_output: 256,
      },
    },
    status: 'running',
    objective: {
      metric: 'output_throughput',
      direction: 'maximize',
    },
    constraints: [
      {
        metric: 'ttft_ms.p99',
        op: '<=',
        value: 500,
      },
      {
        metric: 'tpot_ms.p99',
        op: '<=',
        value: 30,
      },
    ],
    budget: {
      max_trials: 24,
      max_parallel: 2,
    },
    counts: {
      evaluated: 8,
      pending: 2,
      failed: 2,
    },
    best: {
      result_id: '1fe2a71d-8ba8-461f-8e34-3d6df966af25',
      trial_number: 6,
      config: {
        max_num_seqs: 320,
        max_num_batched_tokens: 12288,
        gpu_memory_utilization: 0.93,
        enable_chunked_prefill: true,
        kv_cache_dtype: 'fp8',
      },
      objective_value: 5086.4,
    },
    default_objective_value: 4412.6,
    created_at: '2025-11-03T19:00:00.000Z',
  },
];

export const [FAILED_SESSION, PENDING_SESSION, COMPLETE_SESSION, RUNNING_SESSION] = SESSIONS as [
  TuningSessionData,
  TuningSessionData,
  TuningSessionData,
  TuningSessionData,
];

/** The running vLLM session's trials: an OOM, a crash and infeasible trials among them. */
/** The best answer repeats a result of the session's list: the same object, not a copy to keep in step. */
function trialOf(results: TuningResultData[], trialNumber: number): TuningResultData {
  const found = results.find((r) => r.trial_number === trialNumber);
  if (!found) throw new Error(`no trial ${trialNumber} in the fixture`);
  return found;
}

export const RUNNING_RESULTS: TuningResultData[] = [
  {
    id: '18e29c18-88a8-4166-8734-3268f266a420',
    trial_number: 1,
    config: {
      max_num_seqs: 256,
      max_num_batched_tokens: 8192,
      gpu_memory_utilization: 0.9,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'auto',
    },
    objective_value: 4412.6,
    feasible: true,
    metrics: {
      request_throughput: 17.24,
      input_throughput: 17650.4,
      output_throughput: 4412.6,
      total_token_throughput: 22063,
      ttft_ms: {
        mean: 142.3,
        p50: 118.4,
        p90: 236.1,
        p95: 291.7,
        p99: 388.2,
      },
      tpot_ms: {
        mean: 13.9,
        p50: 13.6,
        p90: 15.8,
        p95: 16.7,
        p99: 19.2,
      },
      itl_ms: {
        mean: 13.48,
        p50: 13.19,
        p90: 15.33,
        p95: 16.2,
        p99: 18.62,
      },
      e2el_ms: {
        mean: 3686.8,
        p50: 3586.4,
        p90: 4265.1,
        p95: 4550.2,
        p99: 5284.2,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-03T19:14:00.000Z',
  },
  {
    id: '1be2a0d1-87a8-4fd3-8a34-3721f566a8d9',
    trial_number: 2,
    config: {
      max_num_seqs: 512,
      max_num_batched_tokens: 16384,
      gpu_memory_utilization: 0.95,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'auto',
    },
    objective_value: null,
    feasible: false,
    metrics: null,
    failure: {
      kind: 'oom',
      message:
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.12 GiB is free.',
    },
    created_at: '2025-11-03T19:28:00.000Z',
  },
  {
    id: '1ae29f3e-86a8-4e40-8934-358ef466a746',
    trial_number: 3,
    config: {
      max_num_seqs: 128,
      max_num_batched_tokens: 4096,
      gpu_memory_utilization: 0.88,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    objective_value: 4105.2,
    feasible: true,
    metrics: {
      request_throughput: 16.04,
      input_throughput: 16420.8,
      output_throughput: 4105.2,
      total_token_throughput: 20526,
      ttft_ms: {
        mean: 128.9,
        p50: 109.5,
        p90: 214.8,
        p95: 262.3,
        p99: 351.6,
      },
      tpot_ms: {
        mean: 14.8,
        p50: 14.5,
        p90: 16.9,
        p95: 17.8,
        p99: 20.4,
      },
      itl_ms: {
        mean: 14.36,
        p50: 14.07,
        p90: 16.39,
        p95: 17.27,
        p99: 19.79,
      },
      e2el_ms: {
        mean: 3902.9,
        p50: 3807,
        p90: 4524.3,
        p95: 4801.3,
        p99: 5553.6,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-03T19:42:00.000Z',
  },
  {
    id: '1de2a3f7-8da8-4945-8c34-3a47f766abff',
    trial_number: 4,
    config: {
      max_num_seqs: 384,
      max_num_batched_tokens: 2048,
      gpu_memory_utilization: 0.92,
      enable_chunked_prefill: false,
      kv_cache_dtype: 'auto',
    },
    objective_value: null,
    feasible: false,
    metrics: null,
    failure: {
      kind: 'crash',
      message:
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_DP0': 1}",
    },
    created_at: '2025-11-03T19:56:00.000Z',
  },
  {
    id: '1ce2a264-8ca8-47b2-8b34-38b4f666aa6c',
    trial_number: 5,
    config: {
      max_num_seqs: 512,
      max_num_batched_tokens: 32768,
      gpu_memory_utilization: 0.92,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    objective_value: 5240.8,
    feasible: false,
    metrics: {
      request_throughput: 20.47,
      input_throughput: 20963.2,
      output_throughput: 5240.8,
      total_token_throughput: 26204,
      ttft_ms: {
        mean: 318.4,
        p50: 262.7,
        p90: 571.3,
        p95: 664.9,
        p99: 812.5,
      },
      tpot_ms: {
        mean: 11.6,
        p50: 11.2,
        p90: 13.5,
        p95: 14.6,
        p99: 18.1,
      },
      itl_ms: {
        mean: 11.25,
        p50: 10.86,
        p90: 13.1,
        p95: 14.16,
        p99: 17.56,
      },
      e2el_ms: {
        mean: 3276.4,
        p50: 3118.7,
        p90: 4013.8,
        p95: 4387.9,
        p99: 5428,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-03T20:10:00.000Z',
  },
  {
    id: '1fe2a71d-8ba8-461f-8e34-3d6df966af25',
    trial_number: 6,
    config: {
      max_num_seqs: 320,
      max_num_batched_tokens: 12288,
      gpu_memory_utilization: 0.93,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    objective_value: 5086.4,
    feasible: true,
    metrics: {
      request_throughput: 19.87,
      input_throughput: 20345.6,
      output_throughput: 5086.4,
      total_token_throughput: 25432,
      ttft_ms: {
        mean: 171.2,
        p50: 139.6,
        p90: 288.4,
        p95: 352.1,
        p99: 431.7,
      },
      tpot_ms: {
        mean: 12.1,
        p50: 11.8,
        p90: 13.9,
        p95: 14.8,
        p99: 17.3,
      },
      itl_ms: {
        mean: 11.74,
        p50: 11.45,
        p90: 13.48,
        p95: 14.36,
        p99: 16.78,
      },
      e2el_ms: {
        mean: 3256.7,
        p50: 3148.6,
        p90: 3832.9,
        p95: 4126.1,
        p99: 4843.2,
      },
      goodput: {
        request_throughput: 19.75,
      },
    },
    failure: null,
    created_at: '2025-11-03T20:24:00.000Z',
  },
  {
    id: '1ee2a58a-8aa8-448c-8d34-3bdaf866ad92',
    trial_number: 7,
    config: {
      max_num_seqs: 256,
      max_num_batched_tokens: 16384,
      gpu_memory_utilization: 0.9,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    objective_value: 4903.1,
    feasible: true,
    metrics: {
      request_throughput: 19.15,
      input_throughput: 19612.4,
      output_throughput: 4903.1,
      total_token_throughput: 24515.5,
      ttft_ms: {
        mean: 158.7,
        p50: 131.2,
        p90: 267.5,
        p95: 324.8,
        p99: 402.3,
      },
      tpot_ms: {
        mean: 12.6,
        p50: 12.3,
        p90: 14.4,
        p95: 15.3,
        p99: 18,
      },
      itl_ms: {
        mean: 12.22,
        p50: 11.93,
        p90: 13.97,
        p95: 14.84,
        p99: 17.46,
      },
      e2el_ms: {
        mean: 3371.7,
        p50: 3267.7,
        p90: 3939.5,
        p95: 4226.3,
        p99: 4992.3,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-03T20:38:00.000Z',
  },
  {
    id: '11e29113-91a8-4f91-8034-2763fb66b24b',
    trial_number: 8,
    config: {
      max_num_seqs: 448,
      max_num_batched_tokens: 8192,
      gpu_memory_utilization: 0.94,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'auto',
    },
    objective_value: 4751.9,
    feasible: false,
    metrics: {
      request_throughput: 18.56,
      input_throughput: 19007.6,
      output_throughput: 4751.9,
      total_token_throughput: 23759.5,
      ttft_ms: {
        mean: 204.6,
        p50: 171.3,
        p90: 352.8,
        p95: 418.2,
        p99: 476.9,
      },
      tpot_ms: {
        mean: 14.7,
        p50: 13.9,
        p90: 21.6,
        p95: 26.4,
        p99: 33.1,
      },
      itl_ms: {
        mean: 14.26,
        p50: 13.48,
        p90: 20.95,
        p95: 25.61,
        p99: 32.11,
      },
      e2el_ms: {
        mean: 3953.1,
        p50: 3715.8,
        p90: 5860.8,
        p95: 7150.2,
        p99: 8917.4,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-03T20:52:00.000Z',
  },
];

export const RUNNING_PENDING: PendingConfigData[] = [
  {
    id: 'b1555cd8-5ccb-4636-869a-d7e81196da40',
    trial_number: 9,
    config: {
      max_num_seqs: 288,
      max_num_batched_tokens: 10240,
      gpu_memory_utilization: 0.93,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    status: 'leased',
    leased_by: 'runner-h100-a',
    created_at: '2025-11-03T21:06:00.000Z',
    expires_at: '2025-11-03T22:06:00.000Z',
  },
  {
    id: '014da050-a9fa-45da-8dae-2820308d7f38',
    trial_number: 10,
    config: {
      max_num_seqs: 352,
      max_num_batched_tokens: 14336,
      gpu_memory_utilization: 0.92,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'fp8',
    },
    status: 'leased',
    leased_by: 'runner-h100-b',
    created_at: '2025-11-03T21:20:00.000Z',
    expires_at: '2025-11-03T22:20:00.000Z',
  },
];

export const RUNNING_BEST: TuningBestData = {
  result: trialOf(RUNNING_RESULTS, 6),
  improvement_pct: 15.3,
  launch_command:
    'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 320 --max-num-batched-tokens 12288 --gpu-memory-utilization 0.93 --enable-chunked-prefill --kv-cache-dtype fp8',
};

/** The complete SGLang session (minimises p90 TPOT): one timeout. */
export const COMPLETE_RESULTS: TuningResultData[] = [
  {
    id: '46297e33-5457-4595-88fb-2fe33092cdbb',
    trial_number: 1,
    config: {
      tp_size: 2,
      chunked_prefill_size: 8192,
      schedule_policy: 'fcfs',
      mem_fraction_static: 0.88,
    },
    objective_value: 31.4,
    feasible: true,
    metrics: {
      request_throughput: 7.92,
      input_throughput: 1789.73,
      output_throughput: 1528.4,
      total_token_throughput: 3318.13,
      ttft_ms: {
        mean: 68.2,
        p50: 61.4,
        p90: 104.3,
        p95: 127.8,
        p99: 188.6,
      },
      tpot_ms: {
        mean: 24.3,
        p50: 23.5,
        p90: 31.4,
        p95: 34.2,
        p99: 41.7,
      },
      itl_ms: {
        mean: 23.57,
        p50: 22.8,
        p90: 30.46,
        p95: 33.17,
        p99: 40.45,
      },
      e2el_ms: {
        mean: 4733.8,
        p50: 4573.4,
        p90: 6133.1,
        p95: 6694.2,
        p99: 8195,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-04T15:14:00.000Z',
  },
  {
    id: '47297fc6-5157-40dc-89fb-31763192cf4e',
    trial_number: 2,
    config: {
      tp_size: 2,
      chunked_prefill_size: 4096,
      schedule_policy: 'lpm',
      mem_fraction_static: 0.86,
    },
    objective_value: 27.9,
    feasible: true,
    metrics: {
      request_throughput: 7.93,
      input_throughput: 1792.78,
      output_throughput: 1531,
      total_token_throughput: 3323.78,
      ttft_ms: {
        mean: 71.5,
        p50: 64.2,
        p90: 109.8,
        p95: 133.1,
        p99: 196.4,
      },
      tpot_ms: {
        mean: 21.9,
        p50: 21.2,
        p90: 27.9,
        p95: 30.3,
        p99: 36.8,
      },
      itl_ms: {
        mean: 21.24,
        p50: 20.56,
        p90: 27.06,
        p95: 29.39,
        p99: 35.7,
      },
      e2el_ms: {
        mean: 4276.3,
        p50: 4134.6,
        p90: 5466.6,
        p95: 5950.7,
        p99: 7262,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-04T15:28:00.000Z',
  },
  {
    id: '48298159-5257-426f-8afb-33093292d0e1',
    trial_number: 3,
    config: {
      tp_size: 1,
      chunked_prefill_size: 16384,
      schedule_policy: 'lpm',
      mem_fraction_static: 0.9,
    },
    objective_value: null,
    feasible: false,
    metrics: null,
    failure: {
      kind: 'timeout',
      message: 'Benchmark did not finish within the 1800 s limit (412 of 2000 requests completed).',
    },
    created_at: '2025-11-04T15:42:00.000Z',
  },
  {
    id: '492982ec-4f56-4db6-8bfb-349c3392d274',
    trial_number: 4,
    config: {
      tp_size: 2,
      chunked_prefill_size: 2048,
      schedule_policy: 'lpm',
      mem_fraction_static: 0.85,
    },
    objective_value: 24.6,
    feasible: true,
    metrics: {
      request_throughput: 7.95,
      input_throughput: 1795.94,
      output_throughput: 1533.7,
      total_token_throughput: 3329.64,
      ttft_ms: {
        mean: 83.9,
        p50: 75.1,
        p90: 131.6,
        p95: 159.4,
        p99: 232.8,
      },
      tpot_ms: {
        mean: 19.8,
        p50: 19.1,
        p90: 24.6,
        p95: 26.9,
        p99: 32.5,
      },
      itl_ms: {
        mean: 19.21,
        p50: 18.53,
        p90: 23.86,
        p95: 26.09,
        p99: 31.53,
      },
      e2el_ms: {
        mean: 3885.5,
        p50: 3742.3,
        p90: 4854.8,
        p95: 5324.2,
        p99: 6472.8,
      },
      goodput: null,
    },
    failure: null,
    created_at: '2025-11-04T15:56:00.000Z',
  },
];

export const COMPLETE_BEST: TuningBestData = {
  result: trialOf(COMPLETE_RESULTS, 4),
  improvement_pct: 21.7,
  launch_command:
    'python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp-size 2 --chunked-prefill-size 2048 --mem-fraction-static 0.85 --schedule-policy lpm',
};

/** GET /benchmarks/supported-runtime-options: the contract's own catalogue, from its vocabulary. */
export { RUNTIME_CATALOGUES } from '@mako/contract/vocabulary';
