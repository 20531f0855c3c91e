import type { GpuArch } from './hardware.ts';

/**
 * The model's few global constants that are not datasheet figures. The defaults are the values
 * fitted on every source of calibration/points.csv by `pnpm --filter @mako/perf-model calibrate
 * --fit` (the README gives the held-out error of this fit, one source left out at a time).
 */
export interface ModelParameters {
  /** Share of HBM bandwidth that weight and KV-cache streaming reaches. */
  hbmEfficiency: number;
  /** GEMM utilisation of a large BF16 batch on a mature stack (Hopper, CUDA). */
  maxMfu: number;
  /** Tokens in a batch at which GEMM utilisation reaches half its maximum. */
  halfMfuTokens: number;
  /** FP8 / FP4 GEMMs reach this share of what BF16 reaches of its own (higher) peak. */
  precisionEfficiency: { fp8: number; fp4: number };
  /** Software maturity per architecture, relative to Hopper: multiplies bandwidth and compute. */
  arch: Record<GpuArch, number>;
  /** Routed-expert GEMMs reach this share of a dense GEMM of the same size (routing, permutation). */
  moeEfficiency: number;
  /** FP8 GEMMs on ROCm reach this further share (its FP8 stack trails its datasheet). */
  rocmFp8: number;
  /**
   * How much of the shorter of memory and compute time is not hidden behind the longer one:
   * 0 is perfect overlap (the old `max`), 1 none (their sum).
   */
  overlap: number;
  /** Fixed GPU time per layer per iteration (kernel launches and tails of a dozen small kernels), µs. */
  layerLatencyUs: number;
  /** Latency of one tensor-parallel all-reduce at TP 2 over NVLink / Infinity Fabric, µs. */
  tpLatencyUs: number;
  /** Factor by which that latency grows with each doubling of TP beyond 2. */
  tpLatencyGrowth: number;
  /** Multiplies every engine's CPU time per iteration (scheduling, sampling, launches). */
  cpuOverhead: number;
  /** vLLM's V1 engine (default from 0.8, and any release not named) pays this share of the older CPU time. */
  vllmV1Cpu: number;
  /** CPU time per running sequence per iteration of vLLM before 0.6 (its V0 scheduler), µs. */
  legacyVllmPerSeqUs: number;
  /** API server, tokenisation and first-chunk streaming, added to every request's TTFT, ms. */
  frontendMs: number;
}

/**
 * The values the model had before it met any measurement (datasheet shares and engineering
 * guesses). Leave-one-source-out fits start from these, never from DEFAULT_PARAMETERS, which has
 * seen every source.
 */
export const PRIOR_PARAMETERS: ModelParameters = {
  hbmEfficiency: 0.82,
  maxMfu: 0.72,
  halfMfuTokens: 96,
  precisionEfficiency: { fp8: 0.8, fp4: 0.6 },
  arch: { hopper: 1, ampere: 1, ada: 0.95, blackwell: 0.85, cdna3: 0.8 },
  moeEfficiency: 1,
  rocmFp8: 0.6,
  overlap: 0,
  layerLatencyUs: 0,
  tpLatencyUs: 8,
  tpLatencyGrowth: 1,
  cpuOverhead: 1,
  vllmV1Cpu: 1,
  legacyVllmPerSeqUs: 100,
  frontendMs: 0,
};

/** Fitted on all six sources (`calibrate --fit`), rounded. */
export const DEFAULT_PARAMETERS: ModelParameters = {
  hbmEfficiency: 0.86,
  maxMfu: 0.61,
  halfMfuTokens: 88,
  precisionEfficiency: { fp8: 0.8, fp4: 0.53 },
  arch: { hopper: 1, ampere: 0.84, ada: 0.95, blackwell: 0.85, cdna3: 0.77 },
  moeEfficiency: 0.71,
  rocmFp8: 0.6,
  overlap: 0,
  layerLatencyUs: 33,
  tpLatencyUs: 17,
  tpLatencyGrowth: 1.41,
  cpuOverhead: 1.13,
  vllmV1Cpu: 0.5,
  legacyVllmPerSeqUs: 137,
  frontendMs: 8,
};
