// Story data for the serve requests page: fixed dates, so relative times and screenshots are stable.
import type { ServeRequestItem } from './serve-request-card';

export const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

export const LLAMA_8B_COMMAND =
  'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 512 --max-num-batched-tokens 16384 --gpu-memory-utilization 0.95 --enable-chunked-prefill';

export const SERVE_REQUESTS: ServeRequestItem[] = [
  {
    id: 'sr_llama8b',
    ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
    hardware_config: { name: 'H100', count: 1 },
    objective: 'output_throughput',
    runtime: 'vllm',
    status: 'ready',
    launch_command: LLAMA_8B_COMMAND,
    objective_value: 14930.4,
    created_at: ago(2),
  },
  {
    id: 'sr_qwen72b',
    ml_model_name: 'Qwen/Qwen2.5-72B-Instruct',
    hardware_config: { name: 'MI300X', count: 8 },
    objective: 'ttft_ms.p99',
    runtime: null,
    status: 'no_data',
    launch_command: null,
    objective_value: null,
    created_at: ago(26),
  },
  {
    id: 'sr_llama70b',
    ml_model_name: 'meta-llama/Llama-3.1-70B-Instruct',
    hardware_config: { name: 'H200', count: 4 },
    objective: 'tpot_ms.p99',
    runtime: 'sglang',
    status: 'ready',
    launch_command:
      'python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct --tp-size 4 --schedule-policy lpm',
    objective_value: 23.456,
    created_at: ago(24 * 6),
  },
];
