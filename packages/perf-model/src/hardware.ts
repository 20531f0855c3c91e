/**
 * Accelerators. Figures are the vendors' public datasheet numbers: dense BF16 tensor throughput
 * (without sparsity), HBM bandwidth, and the per-GPU scale-up link (NVLink / Infinity Fabric, or
 * PCIe Gen4 x16 for the cards that have no NVLink). Prices are typical on-demand per-GPU-hour rates
 * of GPU clouds in 2025, rounded; they only feed cost_per_million_tokens.
 */
export interface GpuSpec {
  name: string;
  memory_gb: number;
  bf16_tflops: number;
  /** Dense FP8 tensor throughput; absent where the part has no FP8 units (A100). */
  fp8_tflops?: number;
  /** Dense FP4 tensor throughput (Blackwell). */
  fp4_tflops?: number;
  hbm_tb_s: number;
  interconnect_gb_s: number;
  price_per_hour_usd: number;
}

export const GPUS: readonly GpuSpec[] = [
  {
    name: 'H100',
    memory_gb: 80,
    bf16_tflops: 989,
    fp8_tflops: 1979,
    hbm_tb_s: 3.35,
    interconnect_gb_s: 900,
    price_per_hour_usd: 2.99,
  },
  {
    name: 'H200',
    memory_gb: 141,
    bf16_tflops: 989,
    fp8_tflops: 1979,
    hbm_tb_s: 4.8,
    interconnect_gb_s: 900,
    price_per_hour_usd: 3.79,
  },
  {
    name: 'A100-80GB',
    memory_gb: 80,
    bf16_tflops: 312,
    hbm_tb_s: 2.0,
    interconnect_gb_s: 600,
    price_per_hour_usd: 1.79,
  },
  {
    name: 'L40S',
    memory_gb: 48,
    bf16_tflops: 362,
    fp8_tflops: 733,
    hbm_tb_s: 0.864,
    interconnect_gb_s: 64,
    price_per_hour_usd: 1.19,
  },
  {
    name: 'L4',
    memory_gb: 24,
    bf16_tflops: 121,
    fp8_tflops: 242,
    hbm_tb_s: 0.3,
    interconnect_gb_s: 64,
    price_per_hour_usd: 0.8,
  },
  {
    name: 'MI300X',
    memory_gb: 192,
    bf16_tflops: 1307,
    fp8_tflops: 2615,
    hbm_tb_s: 5.3,
    interconnect_gb_s: 896,
    price_per_hour_usd: 2.49,
  },
  {
    name: 'B200',
    memory_gb: 180,
    bf16_tflops: 2250,
    fp8_tflops: 4500,
    fp4_tflops: 9000,
    hbm_tb_s: 8.0,
    interconnect_gb_s: 1800,
    price_per_hour_usd: 5.99,
  },
];

/** Precision of the stored weights: FP8 / FP4 checkpoints, or 4-bit integer (AWQ / GPTQ). */
export type WeightDtype = 'bf16' | 'fp8' | 'fp4' | 'int4';

export type GpuArch = 'ampere' | 'ada' | 'hopper' | 'blackwell' | 'cdna3';

export interface GpuTraits {
  arch: GpuArch;
  /** Native FP8 tensor cores; without them an fp8 KV cache is converted in software. */
  fp8: boolean;
  /** Other names users write for the same part. */
  aliases: string[];
}

const TRAITS: Record<string, GpuTraits> = {
  H100: {
    arch: 'hopper',
    fp8: true,
    aliases: ['H100 SXM', 'H100-SXM', 'H100-80GB', 'H100 80GB', 'NVIDIA H100 80GB HBM3'],
  },
  H200: { arch: 'hopper', fp8: true, aliases: ['H200 SXM', 'H200-141GB', 'NVIDIA H200'] },
  'A100-80GB': {
    arch: 'ampere',
    fp8: false,
    aliases: ['A100', 'A100 80GB', 'A100-SXM4-80GB', 'NVIDIA A100-SXM4-80GB'],
  },
  L40S: { arch: 'ada', fp8: true, aliases: ['NVIDIA L40S'] },
  L4: { arch: 'ada', fp8: true, aliases: ['NVIDIA L4'] },
  MI300X: { arch: 'cdna3', fp8: true, aliases: ['AMD MI300X', 'Instinct MI300X'] },
  B200: { arch: 'blackwell', fp8: true, aliases: ['NVIDIA B200', 'B200 SXM'] },
};

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function gpuSpec(name: string): GpuSpec | undefined {
  const key = normalise(name);
  return GPUS.find(
    (g) => normalise(g.name) === key || (TRAITS[g.name]?.aliases ?? []).some((a) => normalise(a) === key),
  );
}

export function gpuTraits(gpu: GpuSpec): GpuTraits {
  return TRAITS[gpu.name] ?? { arch: 'hopper', fp8: true, aliases: [] };
}
