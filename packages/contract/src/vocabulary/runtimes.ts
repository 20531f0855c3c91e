/*
 * The serving engines and the flags each one can tune: what GET /benchmarks/supported-runtime-options
 * answers, what launch commands are rendered from, and what the tuner searches by default.
 */

export const RUNTIMES = ['vllm', 'sglang', 'tensorrt-llm'] as const;
export type Runtime = (typeof RUNTIMES)[number];

/** An engine flag's value. */
export type ConfigValue = string | number | boolean;

export const OPTION_KINDS = ['int', 'float', 'categorical', 'bool'] as const;

/** One engine flag, as the `RuntimeOptionSpec` schema describes it. */
export interface RuntimeOptionSpec {
  name: string;
  /** The command-line flag, e.g. `--max-num-seqs`. */
  flag: string;
  kind: (typeof OPTION_KINDS)[number];
  default: ConfigValue | null;
  low?: number;
  high?: number;
  step?: number;
  log?: boolean;
  choices?: ConfigValue[];
  description: string;
  /** Whether the tuner searches it by default. */
  tunable: boolean;
}

/** One engine, as the `EngineFlagList` schema describes it. */
export interface EngineFlagList {
  runtime: Runtime;
  display_name: string;
  versions: string[];
  /** `{model}` and `{flags}` are substituted; e.g. `vllm serve {model} {flags}`. */
  launch_template: string;
  options: RuntimeOptionSpec[];
}

/**
 * The tunable flags of each serving engine, named as the engine's own CLI names them. Defaults are
 * those of the engine versions listed; where an engine derives a default from the hardware
 * (e.g. SGLang's mem_fraction_static) the value here is what it picks on an 80 GB GPU.
 */
type Spec = Omit<RuntimeOptionSpec, 'flag'> & { flag?: string };

const kebab = (name: string) => `--${name.replaceAll('_', '-')}`;
const snake = (name: string) => `--${name}`;

function flagList(
  runtime: Runtime,
  display_name: string,
  versions: string[],
  launch_template: string,
  flagOf: (name: string) => string,
  specs: Spec[],
): EngineFlagList {
  return {
    runtime,
    display_name,
    versions,
    launch_template,
    options: specs.map((s) => ({ ...s, flag: s.flag ?? flagOf(s.name) })),
  };
}

const POW2_TP = [1, 2, 4, 8];

export const ENGINE_FLAG_LISTS: readonly EngineFlagList[] = [
  flagList('vllm', 'vLLM', ['0.11.0', '0.10.2', '0.10.1'], 'vllm serve {model} {flags}', kebab, [
    {
      name: 'tensor_parallel_size',
      kind: 'categorical',
      choices: POW2_TP,
      default: 1,
      tunable: true,
      description: 'GPUs each model replica is sharded across (tensor parallelism).',
    },
    {
      name: 'pipeline_parallel_size',
      kind: 'int',
      low: 1,
      high: 8,
      default: 1,
      tunable: false,
      description: 'Pipeline stages per replica.',
    },
    {
      name: 'data_parallel_size',
      kind: 'int',
      low: 1,
      high: 8,
      default: 1,
      tunable: false,
      description: 'Independent replicas behind one endpoint.',
    },
    {
      name: 'max_num_seqs',
      kind: 'int',
      low: 8,
      high: 1024,
      log: true,
      default: 256,
      tunable: true,
      description: 'Maximum sequences scheduled in one iteration.',
    },
    {
      name: 'max_num_batched_tokens',
      kind: 'int',
      low: 512,
      high: 65536,
      log: true,
      default: 8192,
      tunable: true,
      description: 'Maximum tokens processed in one iteration (prefill chunk budget).',
    },
    {
      name: 'gpu_memory_utilization',
      kind: 'float',
      low: 0.5,
      high: 0.98,
      step: 0.01,
      default: 0.9,
      tunable: true,
      description: 'Share of GPU memory vLLM may use for weights, activations and KV cache.',
    },
    {
      name: 'enable_chunked_prefill',
      kind: 'bool',
      default: true,
      tunable: true,
      description: 'Split long prefills into chunks that share iterations with decodes.',
    },
    {
      name: 'enable_prefix_caching',
      kind: 'bool',
      default: true,
      tunable: true,
      description: 'Reuse KV cache across requests that share a prompt prefix.',
    },
    {
      name: 'block_size',
      kind: 'categorical',
      choices: [8, 16, 32],
      default: 16,
      tunable: true,
      description: 'Tokens per KV-cache block.',
    },
    {
      name: 'kv_cache_dtype',
      kind: 'categorical',
      choices: ['auto', 'fp8', 'fp8_e4m3', 'fp8_e5m2'],
      default: 'auto',
      tunable: true,
      description: 'Data type of the KV cache; fp8 doubles its capacity.',
    },
    {
      name: 'scheduling_policy',
      kind: 'categorical',
      choices: ['fcfs', 'priority'],
      default: 'fcfs',
      tunable: false,
      description: 'Order in which waiting requests are scheduled.',
    },
    {
      name: 'enforce_eager',
      kind: 'bool',
      default: false,
      tunable: false,
      description: 'Disable CUDA graphs (always eager PyTorch).',
    },
    {
      name: 'async_scheduling',
      kind: 'bool',
      default: false,
      tunable: true,
      description: 'Overlap scheduling with model execution.',
    },
    {
      name: 'swap_space',
      kind: 'int',
      low: 0,
      high: 64,
      default: 4,
      tunable: false,
      description: 'CPU swap space per GPU, in GiB.',
    },
    {
      name: 'max_model_len',
      kind: 'int',
      low: 128,
      high: 1048576,
      log: true,
      default: null,
      tunable: false,
      description: 'Context length; defaults to the model config.',
    },
  ]),
  flagList(
    'sglang',
    'SGLang',
    ['0.5.3', '0.5.2', '0.4.10'],
    'python -m sglang.launch_server --model-path {model} {flags}',
    kebab,
    [
      {
        name: 'tp_size',
        kind: 'categorical',
        choices: POW2_TP,
        default: 1,
        tunable: true,
        description: 'Tensor parallel size.',
      },
      { name: 'dp_size', kind: 'int', low: 1, high: 8, default: 1, tunable: false, description: 'Data parallel size.' },
      {
        name: 'max_running_requests',
        kind: 'int',
        low: 8,
        high: 2048,
        log: true,
        default: null,
        tunable: true,
        description: 'Maximum concurrently running requests.',
      },
      {
        name: 'chunked_prefill_size',
        kind: 'int',
        low: 512,
        high: 32768,
        log: true,
        default: 8192,
        tunable: true,
        description: 'Maximum tokens per prefill chunk; -1 disables chunking.',
      },
      {
        name: 'max_prefill_tokens',
        kind: 'int',
        low: 1024,
        high: 65536,
        log: true,
        default: 16384,
        tunable: true,
        description: 'Maximum tokens in one prefill batch.',
      },
      {
        name: 'mem_fraction_static',
        kind: 'float',
        low: 0.5,
        high: 0.95,
        step: 0.01,
        default: 0.88,
        tunable: true,
        description: 'Share of GPU memory for weights and KV cache.',
      },
      {
        name: 'schedule_policy',
        kind: 'categorical',
        choices: ['fcfs', 'lpm', 'dfs-weight', 'random'],
        default: 'fcfs',
        tunable: true,
        description: 'Request scheduling policy; lpm favours longest prefix match.',
      },
      {
        name: 'schedule_conservativeness',
        kind: 'float',
        low: 0.3,
        high: 1.5,
        step: 0.1,
        default: 1.0,
        tunable: true,
        description: 'Higher is more conservative about admitting requests.',
      },
      {
        name: 'disable_radix_cache',
        kind: 'bool',
        default: false,
        tunable: true,
        description: 'Turn off prefix (radix) caching.',
      },
      {
        name: 'enable_mixed_chunk',
        kind: 'bool',
        default: false,
        tunable: true,
        description: 'Mix prefill and decode in one batch.',
      },
      {
        name: 'cuda_graph_max_bs',
        kind: 'int',
        low: 8,
        high: 512,
        log: true,
        default: null,
        tunable: true,
        description: 'Largest batch captured in a CUDA graph.',
      },
      {
        name: 'kv_cache_dtype',
        kind: 'categorical',
        choices: ['auto', 'fp8_e4m3', 'fp8_e5m2'],
        default: 'auto',
        tunable: true,
        description: 'Data type of the KV cache.',
      },
      {
        name: 'attention_backend',
        kind: 'categorical',
        choices: ['flashinfer', 'triton', 'fa3'],
        default: 'flashinfer',
        tunable: false,
        description: 'Attention kernel implementation.',
      },
      {
        name: 'enable_torch_compile',
        kind: 'bool',
        default: false,
        tunable: false,
        description: 'Compile the model with torch.compile.',
      },
    ],
  ),
  flagList('tensorrt-llm', 'TensorRT-LLM', ['1.0.0', '0.21.0'], 'trtllm-serve {model} {flags}', snake, [
    {
      name: 'tp_size',
      kind: 'categorical',
      choices: POW2_TP,
      default: 1,
      tunable: true,
      description: 'Tensor parallel size.',
    },
    {
      name: 'pp_size',
      kind: 'int',
      low: 1,
      high: 8,
      default: 1,
      tunable: false,
      description: 'Pipeline parallel size.',
    },
    {
      name: 'max_batch_size',
      kind: 'int',
      low: 8,
      high: 2048,
      log: true,
      default: 2048,
      tunable: true,
      description: 'Maximum requests in one batch.',
    },
    {
      name: 'max_num_tokens',
      kind: 'int',
      low: 512,
      high: 65536,
      log: true,
      default: 8192,
      tunable: true,
      description: 'Maximum tokens in one batch after padding removal.',
    },
    {
      name: 'kv_cache_free_gpu_memory_fraction',
      kind: 'float',
      low: 0.5,
      high: 0.95,
      step: 0.01,
      default: 0.9,
      tunable: true,
      description: 'Share of free GPU memory given to the KV cache.',
    },
    {
      name: 'backend',
      kind: 'categorical',
      choices: ['pytorch', 'tensorrt'],
      default: 'pytorch',
      tunable: false,
      description: 'Execution backend.',
    },
    {
      name: 'max_seq_len',
      kind: 'int',
      low: 128,
      high: 1048576,
      log: true,
      default: null,
      tunable: false,
      description: 'Maximum sequence length.',
    },
  ]),
];

export function engineFlagList(runtime: Runtime): EngineFlagList {
  const found = ENGINE_FLAG_LISTS.find((c) => c.runtime === runtime);
  if (!found) throw new Error(`Unknown runtime ${runtime}`);
  return found;
}

/**
 * The engine's defaults for the named flags (its tunable ones when no names are given), leaving out
 * flags it derives itself. Sessions propose them first; the session page compares trials with them.
 */
export function defaultConfig(runtime: Runtime, names?: readonly string[]): Record<string, ConfigValue> {
  const config: Record<string, ConfigValue> = {};
  for (const o of engineFlagList(runtime).options) {
    if (o.default === null) continue;
    if (names ? names.includes(o.name) : o.tunable) config[o.name] = o.default;
  }
  return config;
}
