import type { Engine } from './engine.ts';
import { kvBytesPerToken } from './engine.ts';
import type { GpuSpec, GpuTraits, WeightDtype } from './hardware.ts';
import type { ModelSpec } from './models.ts';
import { DEFAULT_PARAMETERS } from './parameters.ts';
import type { ModelParameters } from './parameters.ts';

/** One engine iteration: decodes of running sequences plus (chunks of) prompts. */
export interface IterationShape {
  decodeSeqs: number;
  /** Σ context length of the decoding sequences (KV entries their attention reads). */
  decodeContext: number;
  prefillTokens: number;
  /** Σ over prefill chunks of chunk tokens × mean attended context. */
  prefillAttention: number;
  /** Σ over prefill chunks of the KV entries they attend to (earlier chunks plus themselves). */
  prefillKvRead: number;
  prefillSeqs: number;
}

const ALLREDUCE_PCIE_FACTOR = 3;
const LINK_EFFICIENCY = 0.7;
const EAGER_LAUNCH_S_PER_LAYER = 30e-6;

export interface StepModel {
  (shape: IterationShape): number;
}

/**
 * Seconds one iteration takes: reading the weights plus KV cache from HBM and doing the matrix
 * maths, which overlap imperfectly, plus tensor-parallel all-reduces, plus the engine's CPU time.
 */
export function stepModel(
  model: ModelSpec,
  gpu: GpuSpec,
  traits: GpuTraits,
  engine: Engine,
  params: ModelParameters = DEFAULT_PARAMETERS,
): StepModel {
  const { tp, pp } = engine;
  const layers = Math.ceil(model.layers / pp);
  const software = params.arch[traits.arch];
  const bandwidth = gpu.hbm_tb_s * 1e12 * params.hbmEfficiency * software * engine.bandwidthFactor;
  const gemm = gemmPeak(gpu, traits, engine.weightDtype, params);
  const gemmFlops = gemm * software * engine.computeFactor;
  const attentionFlops = gpu.bf16_tflops * 1e12 * params.maxMfu * software * engine.computeFactor;
  const kvPerToken = kvBytesPerToken(model, tp, pp, engine.kvBytes);
  // Paged attention reads whole blocks; small blocks mean more, shorter reads.
  const blockEfficiency = engine.blockSize <= 8 ? 0.85 : engine.blockSize === 16 ? 0.95 : 1;
  const fp8Software = engine.kvBytes === 1 && !traits.fp8 ? 0.8 : 1;
  const kvReadEfficiency = blockEfficiency * fp8Software;
  const w = weightLayout(model, engine.weightBytes);
  const split = tp * pp;
  const attentionWidth = (model.heads ?? model.hidden / model.head_dim) * model.head_dim;
  const attentionFlopsPerTokenCtx = (4 * layers * attentionWidth) / tp;
  const nvlink = gpu.interconnect_gb_s >= 300;
  const linkBytesPerS = gpu.interconnect_gb_s * 1e9 * LINK_EFFICIENCY;
  // Small all-reduces are latency bound, and the latency grows with the ranks that take part.
  const arLatency =
    tp > 1
      ? params.tpLatencyUs *
        1e-6 *
        Math.pow(params.tpLatencyGrowth, Math.log2(tp) - 1) *
        (nvlink ? 1 : ALLREDUCE_PCIE_FACTOR)
      : 0;
  const halfMfu = params.halfMfuTokens;
  const mfu = (tokens: number) => tokens / (tokens + halfMfu);

  return (s: IterationShape) => {
    const tokens = s.decodeSeqs + s.prefillTokens;
    if (tokens === 0) return 0;
    // A mixture-of-experts layer reads only the experts its tokens are routed to (uniform routing),
    // and each expert's GEMM sees only its share of the batch.
    let weightBytes = w.denseBytes;
    let expertFlops = 0;
    if (w.experts) {
      const { total, per_token } = w.experts;
      const touched = total * (1 - Math.pow(1 - per_token / total, tokens));
      weightBytes += touched * w.expertBytes;
      const tokensPerExpert = (tokens * per_token) / Math.max(1, touched);
      expertFlops = (2 * w.expertParams * per_token * tokens) / mfu(tokensPerExpert) / params.moeEfficiency;
    }
    weightBytes /= split;
    const kvBytes = ((s.decodeContext + s.prefillKvRead) * kvPerToken) / kvReadEfficiency;
    const memoryTime = (weightBytes + kvBytes) / bandwidth;
    const denseFlops = (2 * w.denseParams * tokens) / mfu(tokens);
    const computeTime =
      (denseFlops + expertFlops) / split / gemmFlops +
      (attentionFlopsPerTokenCtx * (s.decodeContext + s.prefillAttention)) / attentionFlops;
    const allReduce =
      tp > 1 ? 2 * layers * (arLatency + (2 * (tp - 1) * tokens * model.hidden * 2) / (tp * linkBytesPerS)) : 0;
    const eager = tokens > engine.cudaGraphMaxBs ? layers * EAGER_LAUNCH_S_PER_LAYER : 0;
    const cpuMs = engine.stepOverheadMs + (engine.perSeqOverheadUs * (s.decodeSeqs + s.prefillSeqs)) / 1000;
    // vLLM's multi-step scheduling pays the CPU work once per block of decode steps.
    const overhead = (params.cpuOverhead * cpuMs) / 1000 / (s.prefillTokens === 0 ? engine.multiStep : 1);
    const stage =
      Math.max(memoryTime, computeTime) +
      params.overlap * Math.min(memoryTime, computeTime) +
      layers * params.layerLatencyUs * 1e-6 +
      allReduce +
      eager;
    // Pipeline stages run one after another for a given batch; hand-offs cost a little each.
    return pp * stage + (pp - 1) * 50e-6 + overhead;
  };
}

/** FLOP/s the weight GEMMs can reach: low-precision units only where the GPU has them. */
function gemmPeak(gpu: GpuSpec, traits: GpuTraits, dtype: WeightDtype, params: ModelParameters): number {
  const bf16 = gpu.bf16_tflops * 1e12 * params.maxMfu;
  if (dtype === 'fp4' && gpu.fp4_tflops) return gpu.fp4_tflops * 1e12 * params.maxMfu * params.precisionEfficiency.fp4;
  if (dtype === 'fp8' && gpu.fp8_tflops && traits.fp8) {
    const rocm = traits.arch === 'cdna3' ? params.rocmFp8 : 1;
    return Math.max(bf16, gpu.fp8_tflops * 1e12 * params.maxMfu * params.precisionEfficiency.fp8 * rocm);
  }
  // Weight-only quantisation (INT4, FP4 before Blackwell, FP8 without FP8 units) dequantises into BF16 GEMMs.
  return bf16;
}

interface WeightLayout {
  /** Parameters every token uses (attention, shared layers, the output projection). */
  denseParams: number;
  /** Bytes of those read every step, before the tensor-parallel split. */
  denseBytes: number;
  experts?: { total: number; per_token: number };
  expertParams: number;
  expertBytes: number;
}

/**
 * Splits the weights into what every step reads and the routed experts. The input embedding is a
 * lookup, not read whole; the output projection stays BF16 in quantised checkpoints.
 */
export function weightLayout(model: ModelSpec, bytesPerParam: number): WeightLayout {
  const head = model.vocab * model.hidden;
  const body = model.params_b * 1e9 - 2 * head;
  const active = model.active_params_b * 1e9 - 2 * head;
  if (!model.experts)
    return { denseParams: body + head, denseBytes: body * bytesPerParam + head * 2, expertParams: 0, expertBytes: 0 };
  const { total, per_token } = model.experts;
  const expertParams = (body - active) / (total - per_token);
  const shared = active - per_token * expertParams;
  return {
    denseParams: shared + head,
    denseBytes: shared * bytesPerParam + head * 2,
    experts: model.experts,
    expertParams,
    expertBytes: expertParams * bytesPerParam,
  };
}
