import type { Engine } from './engine.ts';
import { kvBytesPerToken } from './engine.ts';
import type { GpuSpec, GpuTraits } from './hardware.ts';
import type { ModelSpec } from './models.ts';

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

/** Share of HBM bandwidth streaming kernels reach (STREAM-like copies reach 80–90 %). */
const HBM_EFFICIENCY = 0.82;
/** GEMM utilisation saturates with the number of tokens in the batch. */
const MAX_MFU = 0.72;
const HALF_MFU_TOKENS = 96;
const ALLREDUCE_LATENCY_NVLINK_S = 8e-6;
const ALLREDUCE_LATENCY_PCIE_S = 25e-6;
const LINK_EFFICIENCY = 0.7;
const EAGER_LAUNCH_S_PER_LAYER = 30e-6;

export interface StepModel {
  (shape: IterationShape): number;
}

/**
 * Seconds one iteration takes: the slower of reading the weights plus KV cache from HBM and doing
 * the matrix maths, plus tensor-parallel all-reduces, plus the engine's CPU overhead.
 */
export function stepModel(model: ModelSpec, gpu: GpuSpec, traits: GpuTraits, engine: Engine): StepModel {
  const { tp, pp } = engine;
  const layers = Math.ceil(model.layers / pp);
  const bandwidth = gpu.hbm_tb_s * 1e12 * HBM_EFFICIENCY * traits.software * engine.bandwidthFactor;
  const flops = gpu.bf16_tflops * 1e12 * traits.software * engine.computeFactor;
  const kvPerToken = kvBytesPerToken(model, tp, pp, engine.kvBytes);
  // Paged attention reads whole blocks; small blocks mean more, shorter reads.
  const blockEfficiency = engine.blockSize <= 8 ? 0.85 : engine.blockSize === 16 ? 0.95 : 1;
  const fp8Software = engine.kvBytes === 1 && !traits.fp8 ? 0.8 : 1;
  const kvReadEfficiency = blockEfficiency * fp8Software;
  const totalWeights = (model.params_b * 1e9 * 2) / (tp * pp);
  const activeShare = model.active_params_b / model.params_b;
  const activeFlopsPerToken = (2 * model.active_params_b * 1e9) / (tp * pp);
  const attentionFlopsPerTokenCtx = (4 * layers * model.hidden) / tp;
  const nvlink = gpu.interconnect_gb_s >= 300;
  const linkBytesPerS = gpu.interconnect_gb_s * 1e9 * LINK_EFFICIENCY;
  const arLatency = nvlink ? ALLREDUCE_LATENCY_NVLINK_S : ALLREDUCE_LATENCY_PCIE_S;

  return (s: IterationShape) => {
    const tokens = s.decodeSeqs + s.prefillTokens;
    if (tokens === 0) return 0;
    // A mixture-of-experts layer reads only the experts its tokens are routed to.
    const weightBytes =
      activeShare >= 1 ? totalWeights : totalWeights * Math.max(activeShare, 1 - Math.pow(1 - activeShare, tokens));
    const kvBytes = ((s.decodeContext + s.prefillKvRead) * kvPerToken) / kvReadEfficiency;
    const memoryTime = (weightBytes + kvBytes) / bandwidth;
    const mfu = (MAX_MFU * tokens) / (tokens + HALF_MFU_TOKENS);
    const work = activeFlopsPerToken * tokens + attentionFlopsPerTokenCtx * (s.decodeContext + s.prefillAttention);
    const computeTime = work / (flops * mfu);
    const allReduce =
      tp > 1 ? 2 * layers * (arLatency + (2 * (tp - 1) * tokens * model.hidden * 2) / (tp * linkBytesPerS)) : 0;
    const eager = tokens > engine.cudaGraphMaxBs ? layers * EAGER_LAUNCH_S_PER_LAYER : 0;
    const overhead = (engine.stepOverheadMs + (engine.perSeqOverheadUs * (s.decodeSeqs + s.prefillSeqs)) / 1000) / 1000;
    const stage = Math.max(memoryTime, computeTime) + allReduce + eager;
    // Pipeline stages run one after another for a given batch; hand-offs cost a little each.
    return pp * stage + (pp - 1) * 50e-6 + overhead;
  };
}
