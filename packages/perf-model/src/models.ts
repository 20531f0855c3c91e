/**
 * Model architectures, from the models' published config.json files (parameter counts from their
 * model cards; vocabulary sizes and expert counts from config.json). `active_params_b` differs from
 * `params_b` only for mixture-of-experts models.
 */
export interface ModelSpec {
  name: string;
  params_b: number;
  active_params_b: number;
  layers: number;
  hidden: number;
  kv_heads: number;
  head_dim: number;
  /**
   * Query heads, where heads × head_dim is not the hidden size (Qwen3 widens attention beyond it):
   * attention FLOPs scale with heads × head_dim. Absent: hidden / head_dim.
   */
  heads?: number;
  max_context: number;
  /** Vocabulary size: the output projection (lm_head) is read every step and stays BF16 in FP8/FP4 checkpoints. */
  vocab: number;
  /** Mixture of experts: routed experts per layer and experts each token is sent to. */
  experts?: { total: number; per_token: number };
}

/** Llama 3.3 70B is a new training of Llama 3.1 70B's architecture. */
const LLAMA_3_70B = {
  params_b: 70.6,
  active_params_b: 70.6,
  layers: 80,
  hidden: 8192,
  kv_heads: 8,
  head_dim: 128,
  max_context: 131072,
  vocab: 128256,
} as const satisfies Omit<ModelSpec, 'name'>;

export const MODELS: readonly ModelSpec[] = [
  {
    name: 'meta-llama/Llama-3.2-3B-Instruct',
    params_b: 3.21,
    active_params_b: 3.21,
    layers: 28,
    hidden: 3072,
    kv_heads: 8,
    head_dim: 128,
    max_context: 131072,
    vocab: 128256,
  },
  {
    name: 'meta-llama/Llama-3.1-8B-Instruct',
    params_b: 8.03,
    active_params_b: 8.03,
    layers: 32,
    hidden: 4096,
    kv_heads: 8,
    head_dim: 128,
    max_context: 131072,
    vocab: 128256,
  },
  { name: 'meta-llama/Llama-3.1-70B-Instruct', ...LLAMA_3_70B },
  { name: 'meta-llama/Llama-3.3-70B-Instruct', ...LLAMA_3_70B },
  {
    name: 'meta-llama/Llama-3.1-405B-Instruct',
    params_b: 405.9,
    active_params_b: 405.9,
    layers: 126,
    hidden: 16384,
    kv_heads: 8,
    head_dim: 128,
    max_context: 131072,
    vocab: 128256,
  },
  {
    name: 'mistralai/Mistral-7B-Instruct-v0.3',
    params_b: 7.25,
    active_params_b: 7.25,
    layers: 32,
    hidden: 4096,
    kv_heads: 8,
    head_dim: 128,
    max_context: 32768,
    vocab: 32768,
  },
  {
    name: 'mistralai/Mixtral-8x7B-Instruct-v0.1',
    params_b: 46.7,
    active_params_b: 12.9,
    layers: 32,
    hidden: 4096,
    kv_heads: 8,
    head_dim: 128,
    max_context: 32768,
    vocab: 32000,
    experts: { total: 8, per_token: 2 },
  },
  {
    name: 'Qwen/Qwen3-8B',
    params_b: 8.19,
    active_params_b: 8.19,
    layers: 36,
    hidden: 4096,
    kv_heads: 8,
    head_dim: 128,
    max_context: 40960,
    vocab: 151936,
  },
  {
    name: 'Qwen/Qwen3-32B',
    params_b: 32.8,
    active_params_b: 32.8,
    layers: 64,
    hidden: 5120,
    kv_heads: 8,
    head_dim: 128,
    heads: 64,
    max_context: 40960,
    vocab: 151936,
  },
  {
    name: 'Qwen/Qwen3-30B-A3B',
    params_b: 30.5,
    active_params_b: 3.3,
    layers: 48,
    hidden: 2048,
    kv_heads: 4,
    head_dim: 128,
    heads: 32,
    max_context: 40960,
    vocab: 151936,
    experts: { total: 128, per_token: 8 },
  },
];

const normalise = (s: string) => s.toLowerCase().trim();

/** Finds a model by its Hugging Face id, with or without the organisation prefix. */
export function modelSpec(name: string): ModelSpec | undefined {
  const key = normalise(name);
  return (
    MODELS.find((m) => normalise(m.name) === key) ?? MODELS.find((m) => normalise(m.name.split('/')[1] ?? '') === key)
  );
}
