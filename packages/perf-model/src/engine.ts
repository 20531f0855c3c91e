import { engineFlagList } from '@mako/contract';
import type { Runtime, RuntimeOptions } from '@mako/contract';
import type { GpuSpec, GpuTraits, WeightDtype } from './hardware.ts';
import type { ModelSpec } from './models.ts';
import type { ModelParameters } from './parameters.ts';

export type Failure = { kind: 'oom' | 'crash' | 'timeout'; message: string };

/** What an engine's flags mean for the simulation, after defaults and engine-derived values. */
export interface Engine {
  runtime: Runtime;
  tp: number;
  pp: number;
  dp: number;
  /** Most requests running at once (max_num_seqs / max_running_requests / max_batch_size). */
  maxRunning: number;
  /** Tokens one iteration may process (max_num_batched_tokens / chunked_prefill_size / max_num_tokens). */
  tokenBudget: number;
  /** Tokens one prefill batch may hold when prefills run apart from decodes (SGLang max_prefill_tokens). */
  prefillBudget: number;
  /** Prompts may be split into chunks across iterations. */
  chunked: boolean;
  /** Prefill chunks share iterations with decodes; otherwise a prefill iteration stalls every decode. */
  mixed: boolean;
  prefixCaching: boolean;
  /** Share of a shared prefix the scheduler actually finds in the cache. */
  prefixHitRate: number;
  kvBytes: number;
  weightDtype: WeightDtype;
  /** Bytes per stored weight (quantised formats include their block scales). */
  weightBytes: number;
  /** Decode steps vLLM runs per scheduling pass (--num-scheduler-steps); 1 elsewhere. */
  multiStep: number;
  blockSize: number;
  /** Largest batch that runs as a captured CUDA graph; bigger batches pay kernel-launch overhead. */
  cudaGraphMaxBs: number;
  maxModelLen: number;
  /**
   * Share of running requests' remaining output the scheduler keeps free in the KV cache before it
   * admits more work (SGLang's new-token ratio); it decays towards `admissionReserveMin` while
   * nothing is retracted.
   */
  admissionReserve: number;
  admissionReserveMin: number;
  stepOverheadMs: number;
  perSeqOverheadUs: number;
  computeFactor: number;
  bandwidthFactor: number;
  /** Per-GPU KV-cache capacity in tokens. */
  kvCapacityTokens: number;
  /** Per-GPU memory plan in bytes, for messages and tests. */
  memory: { total: number; weights: number; activations: number; kvCache: number };
}

const GB = 1e9;

class FlagError extends Error {}

function flag(runtime: Runtime, config: RuntimeOptions, name: string): string | number | boolean | null {
  if (name in config) return config[name] ?? null;
  const spec = engineFlagList(runtime).options.find((o) => o.name === name);
  return spec?.default ?? null;
}

function num(runtime: Runtime, config: RuntimeOptions, name: string): number | null {
  const v = flag(runtime, config, name);
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new FlagError(`invalid value for --${name.replaceAll('_', '-')}: ${String(v)}`);
  return v;
}

function bool(runtime: Runtime, config: RuntimeOptions, name: string): boolean {
  const v = flag(runtime, config, name);
  if (v === null) return false;
  if (typeof v !== 'boolean') throw new FlagError(`invalid value for --${name.replaceAll('_', '-')}: ${String(v)}`);
  return v;
}

function str(runtime: Runtime, config: RuntimeOptions, name: string): string | null {
  const v = flag(runtime, config, name);
  return v === null ? null : String(v);
}

/** Per-runtime efficiency relative to a plain vLLM run: mild, as published comparisons are close. */
const RUNTIME_FACTORS: Record<Runtime, { compute: number; bandwidth: number; stepMs: number; perSeqUs: number }> = {
  vllm: { compute: 1, bandwidth: 1, stepMs: 2, perSeqUs: 8 },
  sglang: { compute: 1.02, bandwidth: 1.02, stepMs: 1.5, perSeqUs: 6 },
  'tensorrt-llm': { compute: 1.1, bandwidth: 1.04, stepMs: 1.2, perSeqUs: 5 },
};

/** FP4 (NVFP4: one FP8 scale per 16 values) and INT4 (one BF16 scale per group of 128) carry their scales. */
export const WEIGHT_BYTES: Record<WeightDtype, number> = { bf16: 2, fp8: 1, fp4: 0.5625, int4: 0.53 };

/** Bytes the weights occupy on each GPU: embedding and output projection stay BF16. */
function weightFootprint(model: ModelSpec, dtype: WeightDtype, tp: number, pp: number): number {
  const head = model.vocab * model.hidden;
  const body = model.params_b * 1e9 - 2 * head;
  return (body * WEIGHT_BYTES[dtype] + 2 * head * 2) / (tp * pp);
}

/**
 * vLLM's scheduler generations, by release: before 0.6 the V0 scheduler's per-sequence CPU cost
 * dominated large batches; from 0.8 the V1 engine (the default since) cut the CPU time per
 * iteration. A release that is not named is taken to be current.
 */
function vllmEra(version: string | undefined): 'legacy' | 'v0' | 'v1' {
  const m = version ? /^(\d+)\.(\d+)/.exec(version) : null;
  if (!m) return 'v1';
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major > 0 || minor >= 8) return 'v1';
  return minor < 6 ? 'legacy' : 'v0';
}

export function kvBytesPerToken(model: ModelSpec, tp: number, pp: number, kvBytes: number): number {
  // KV heads are split across tensor-parallel ranks, and replicated once TP exceeds their number.
  const headsPerGpu = Math.max(1, Math.ceil(model.kv_heads / tp));
  return 2 * Math.ceil(model.layers / pp) * headsPerGpu * model.head_dim * kvBytes;
}

/** Peak activation memory of one iteration of `tokens` tokens on one GPU. */
function activationBytes(model: ModelSpec, tokens: number, tp: number): number {
  return (tokens * model.hidden * 36) / tp;
}

function cudaGraphBytes(model: ModelSpec, maxBs: number, tp: number, pp: number): number {
  return maxBs > 0 ? 0.2 * GB + (maxBs * Math.ceil(model.layers / pp) * model.hidden * 8) / tp : 0;
}

/** Memory outside the PyTorch allocator: CUDA context, and NCCL buffers once GPUs talk. */
function nonTorchBytes(tp: number, pp: number): number {
  return 1 * GB + (tp * pp > 1 ? 0.8 * GB : 0);
}

export interface EngineRequest {
  model: ModelSpec;
  gpu: GpuSpec;
  traits: GpuTraits;
  gpuCount: number;
  runtime: Runtime;
  config: RuntimeOptions;
  maxSeqLength: number;
  promptTokens: number;
  sequenceTokens: number;
  weightDtype: WeightDtype;
  engineVersion?: string;
  params: ModelParameters;
}

export function resolveEngine(req: EngineRequest): { ok: true; engine: Engine } | { ok: false; failure: Failure } {
  try {
    return resolve(req);
  } catch (e) {
    if (e instanceof FlagError)
      return { ok: false, failure: { kind: 'crash', message: `Engine refused to start: ${e.message}` } };
    throw e;
  }
}

function crash(message: string) {
  return { ok: false as const, failure: { kind: 'crash' as const, message } };
}
function oom(message: string) {
  return { ok: false as const, failure: { kind: 'oom' as const, message } };
}
const gb = (bytes: number) => `${(bytes / GB).toFixed(1)} GB`;

function resolve(req: EngineRequest): { ok: true; engine: Engine } | { ok: false; failure: Failure } {
  const { model, gpu, traits, runtime, config } = req;
  const r = runtime;
  const tp = num(r, config, r === 'vllm' ? 'tensor_parallel_size' : 'tp_size') ?? 1;
  const pp = num(r, config, r === 'vllm' ? 'pipeline_parallel_size' : r === 'sglang' ? 'pp_size' : 'pp_size') ?? 1;
  const dp = num(r, config, r === 'vllm' ? 'data_parallel_size' : r === 'sglang' ? 'dp_size' : 'dp_size') ?? 1;
  for (const [n, v] of [
    ['tensor parallel size', tp],
    ['pipeline parallel size', pp],
    ['data parallel size', dp],
  ] as const)
    if (!Number.isInteger(v) || v < 1)
      return crash(`Engine refused to start: ${n} must be a positive integer, got ${v}`);
  if (tp * pp * dp > req.gpuCount)
    return crash(
      `Engine refused to start: tp × pp × dp = ${tp * pp * dp} GPUs requested but only ${req.gpuCount} available`,
    );
  if (model.kv_heads % tp !== 0 && tp % model.kv_heads !== 0)
    return crash(
      `Engine refused to start: ${model.kv_heads} KV heads cannot be split across tensor parallel size ${tp}`,
    );

  const kvDtype = str(r, config, 'kv_cache_dtype') ?? 'auto';
  const fp8 = kvDtype.startsWith('fp8');
  const factors = RUNTIME_FACTORS[r];
  const maxModelLen = num(r, config, r === 'tensorrt-llm' ? 'max_seq_len' : 'max_model_len') ?? req.maxSeqLength;
  const total = gpu.memory_gb * GB;
  const weights = weightFootprint(model, req.weightDtype, tp, pp);
  const kvPerToken = kvBytesPerToken(model, tp, pp, fp8 ? 1 : 2);

  // Combinations the engines reject or crash on. Some are synthetic stand-ins for the kernel
  // support matrices of real releases; the README lists them.
  if (fp8 && kvDtype === 'fp8_e5m2' && traits.arch === 'cdna3')
    return crash('Engine crashed: fp8_e5m2 KV cache is not supported on ROCm (only e4m3fnuz)');

  let maxRunning: number;
  let tokenBudget: number;
  let prefillBudget: number;
  let chunked: boolean;
  let mixed: boolean;
  let prefixCaching: boolean;
  let prefixHitRate = 1;
  let blockSize = 16;
  let cudaGraphMaxBs: number;
  let admissionReserve: number;
  let admissionReserveMin: number;
  let stepOverheadMs = factors.stepMs;
  let perSeqOverheadUs = factors.perSeqUs;
  let multiStep = 1;
  let kvCache: number;
  let activations: number;

  if (r === 'vllm') {
    maxRunning = num(r, config, 'max_num_seqs') ?? 256;
    tokenBudget = num(r, config, 'max_num_batched_tokens') ?? 8192;
    chunked = bool(r, config, 'enable_chunked_prefill');
    mixed = chunked;
    prefillBudget = tokenBudget;
    prefixCaching = bool(r, config, 'enable_prefix_caching');
    blockSize = num(r, config, 'block_size') ?? 16;
    const util = num(r, config, 'gpu_memory_utilization') ?? 0.9;
    const eager = bool(r, config, 'enforce_eager');
    cudaGraphMaxBs = eager ? 0 : Math.min(maxRunning, 512);
    admissionReserve = 0;
    admissionReserveMin = 0;
    multiStep = num(r, config, 'num_scheduler_steps') ?? 1;
    if (!Number.isInteger(multiStep) || multiStep < 1)
      return crash(`Engine refused to start: num_scheduler_steps must be a positive integer, got ${multiStep}`);
    const era = vllmEra(req.engineVersion);
    if (era === 'legacy') perSeqOverheadUs = req.params.legacyVllmPerSeqUs;
    if (era === 'v1') {
      stepOverheadMs *= req.params.vllmV1Cpu;
      perSeqOverheadUs *= req.params.vllmV1Cpu;
    }
    if (bool(r, config, 'async_scheduling')) {
      stepOverheadMs *= 0.35;
      perSeqOverheadUs *= 0.5;
    }
    if (tokenBudget < maxRunning)
      return crash(
        `Engine refused to start: max_num_batched_tokens (${tokenBudget}) must be greater than or equal to max_num_seqs (${maxRunning})`,
      );
    if (!chunked && tokenBudget < maxModelLen)
      return crash(
        `Engine refused to start: max_num_batched_tokens (${tokenBudget}) is smaller than max_model_len (${maxModelLen}) with chunked prefill disabled`,
      );
    if (fp8 && blockSize < 16 && (traits.arch === 'hopper' || traits.arch === 'blackwell'))
      return crash(
        `Engine crashed: the attention backend has no fp8 KV-cache kernel for block_size ${blockSize} on ${gpu.name}`,
      );
    activations = activationBytes(model, tokenBudget, tp);
    const graphs = cudaGraphBytes(model, cudaGraphMaxBs, tp, pp);
    const sampler = maxRunning * model.vocab * 4;
    const budget = util * total;
    const fixed = weights + activations + graphs + sampler + nonTorchBytes(tp, pp);
    kvCache = budget - fixed;
    if (kvCache <= 0)
      return oom(
        `CUDA out of memory: weights (${gb(weights)}), activations (${gb(activations)}) and buffers need ${gb(fixed)} per GPU, more than the ${gb(budget)} allowed by gpu_memory_utilization=${util}`,
      );
    // Allocations made after the memory profile (NCCL, sampler workspaces) must fit in what is left.
    const headroom = (1 - util) * total;
    const lateAllocations = 1 * GB + (tp * pp > 1 ? 0.8 * GB : 0);
    if (headroom < lateAllocations)
      return oom(
        `CUDA out of memory during warm-up: gpu_memory_utilization=${util} leaves ${gb(headroom)}, ${gb(lateAllocations)} needed`,
      );
  } else if (r === 'sglang') {
    const chunk = num(r, config, 'chunked_prefill_size') ?? 8192;
    chunked = chunk !== -1;
    tokenBudget = chunked ? chunk : Number.POSITIVE_INFINITY;
    prefillBudget = num(r, config, 'max_prefill_tokens') ?? 16384;
    mixed = chunked && bool(r, config, 'enable_mixed_chunk');
    prefixCaching = !bool(r, config, 'disable_radix_cache');
    const policy = str(r, config, 'schedule_policy') ?? 'fcfs';
    prefixHitRate = policy === 'lpm' || policy === 'dfs-weight' ? 1 : policy === 'random' ? 0.85 : 0.92;
    if (policy === 'lpm' || policy === 'dfs-weight') stepOverheadMs += 0.3;
    const fraction = num(r, config, 'mem_fraction_static') ?? 0.88;
    const conservativeness = num(r, config, 'schedule_conservativeness') ?? 1;
    admissionReserve = Math.min(1, 0.7 * conservativeness);
    admissionReserveMin = Math.min(1, 0.1 * conservativeness);
    const attention = str(r, config, 'attention_backend') ?? 'flashinfer';
    if (attention === 'fa3' && traits.arch !== 'hopper')
      return crash(`Engine crashed: the fa3 attention backend needs a Hopper GPU, not ${gpu.name}`);
    if (attention === 'triton' && kvDtype === 'fp8_e5m2')
      return crash('Engine crashed: the triton attention backend has no fp8_e5m2 KV-cache kernel');
    cudaGraphMaxBs = num(r, config, 'cuda_graph_max_bs') ?? (tp < 4 ? 160 : 256);
    if (cudaGraphMaxBs > 320 && tp >= 4)
      return crash(
        `Engine crashed while capturing CUDA graphs: batch size ${cudaGraphMaxBs} exceeds the custom all-reduce buffer at tp_size ${tp}`,
      );
    const staticPool = fraction * total;
    kvCache = staticPool - weights;
    if (kvCache <= 0)
      return oom(
        `Not enough memory: weights (${gb(weights)}) exceed mem_fraction_static=${fraction} of ${gb(total)}; raise --mem-fraction-static`,
      );
    const provisional = Math.floor(kvCache / kvPerToken);
    maxRunning = num(r, config, 'max_running_requests') ?? Math.min(4096, Math.max(1, Math.floor(provisional / 2)));
    activations = activationBytes(model, Math.min(chunked ? chunk : prefillBudget, prefillBudget), tp);
    const dynamic =
      activations +
      cudaGraphBytes(model, cudaGraphMaxBs, tp, pp) +
      maxRunning * model.vocab * 4 +
      nonTorchBytes(tp, pp);
    const rest = (1 - fraction) * total;
    if (dynamic > rest)
      return oom(
        `CUDA out of memory: activations and CUDA graphs need ${gb(dynamic)} but mem_fraction_static=${fraction} leaves ${gb(rest)}; lower --mem-fraction-static or --chunked-prefill-size`,
      );
  } else {
    maxRunning = num(r, config, 'max_batch_size') ?? 2048;
    tokenBudget = num(r, config, 'max_num_tokens') ?? 8192;
    chunked = bool(r, config, 'enable_chunked_context');
    mixed = true;
    prefillBudget = tokenBudget;
    prefixCaching = bool(r, config, 'enable_block_reuse');
    blockSize = num(r, config, 'tokens_per_block') ?? 32;
    cudaGraphMaxBs = maxRunning;
    // The default GUARANTEED_NO_EVICT policy reserves a request's whole output up front.
    admissionReserve = 1;
    admissionReserveMin = 1;
    if (str(r, config, 'backend') === 'tensorrt') stepOverheadMs *= 0.7;
    if (tokenBudget < maxRunning)
      return crash(
        `Engine refused to start: max_num_tokens (${tokenBudget}) must be at least max_batch_size (${maxRunning})`,
      );
    if (!chunked && tokenBudget < req.promptTokens)
      return crash(`Request rejected: prompt length exceeds max_num_tokens (${tokenBudget}) without chunked context`);
    const fraction = num(r, config, 'kv_cache_free_gpu_memory_fraction') ?? 0.9;
    activations = activationBytes(model, tokenBudget, tp);
    // One FP32 logits row per request in flight for sampling.
    const runtimeBuffers = maxRunning * model.vocab * 4;
    const free = total - weights - activations - nonTorchBytes(tp, pp);
    if (free <= 0)
      return oom(
        `CUDA out of memory: weights (${gb(weights)}) and activations (${gb(activations)}) exceed ${gb(total)} per GPU`,
      );
    kvCache = fraction * free;
    if ((1 - fraction) * free < runtimeBuffers + 0.5 * GB)
      return oom(
        `CUDA out of memory allocating runtime buffers for max_batch_size ${maxRunning}: kv_cache_free_gpu_memory_fraction=${fraction} leaves ${gb((1 - fraction) * free)}`,
      );
  }

  if (![8, 16, 32, 64].includes(blockSize))
    return crash(`Engine refused to start: unsupported block size ${blockSize}`);
  if (!Number.isInteger(maxRunning) || maxRunning < 1)
    return crash(`Engine refused to start: invalid batch limit ${maxRunning}`);
  if (!(tokenBudget > 0)) return crash(`Engine refused to start: invalid token budget ${tokenBudget}`);

  const kvCapacityTokens = Math.floor(kvCache / kvPerToken);
  // vLLM refuses to start when one full-length sequence cannot fit; the others fail on the request.
  if (kvCapacityTokens < (r === 'vllm' ? maxModelLen : req.sequenceTokens))
    return oom(
      `The model's max seq len (${maxModelLen}) is larger than the ${kvCapacityTokens} tokens the KV cache can hold (${gb(kvCache)} per GPU); raise the memory fraction, use more GPUs or an fp8 KV cache`,
    );

  return {
    ok: true,
    engine: {
      runtime,
      tp,
      pp,
      dp,
      maxRunning,
      tokenBudget,
      prefillBudget,
      chunked,
      mixed,
      prefixCaching,
      prefixHitRate,
      kvBytes: fp8 ? 1 : 2,
      weightDtype: req.weightDtype,
      weightBytes: WEIGHT_BYTES[req.weightDtype],
      multiStep,
      blockSize,
      cudaGraphMaxBs,
      maxModelLen,
      admissionReserve,
      admissionReserveMin,
      stepOverheadMs,
      perSeqOverheadUs,
      computeFactor: factors.compute,
      bandwidthFactor: factors.bandwidth,
      kvCapacityTokens,
      memory: { total, weights, activations, kvCache },
    },
  };
}
