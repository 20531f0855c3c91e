import * as z from 'zod/mini';
import { Id } from './common.ts';
import { Runtime } from './benchmarks.ts';

/*
 * The planner (POST /planner/plan): before measuring anything, the performance model predicts
 * each GPU type × count × engine's capacity under an SLO for a model and a workload, with the
 * error the calibration measured for such predictions beside every figure.
 */

/** The latency percentiles an SLO may bound. */
export const PLANNER_PERCENTILES = ['p50', 'p99'] as const;
/** The GPU counts the planner tries for each GPU type (one node). */
export const PLANNER_GPU_COUNTS = [1, 2, 4, 8] as const;
/** Weight precisions the planner can model. */
export const PLANNER_WEIGHT_DTYPES = ['bf16', 'fp8'] as const;

const Milliseconds = z.number().check(z.positive(), z.maximum(600_000));
const Tokens = z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000));

export const PlannerSlo = z
  .object({
    percentile: z._default(z.enum(PLANNER_PERCENTILES), 'p99'),
    ttft_ms: z.optional(Milliseconds),
    tpot_ms: z.optional(Milliseconds),
  })
  .check(
    z.refine((s) => s.ttft_ms !== undefined || s.tpot_ms !== undefined, {
      message: 'Give ttft_ms, tpot_ms or both',
      path: ['ttft_ms'],
    }),
  );
export type PlannerSlo = z.infer<typeof PlannerSlo>;

export const PlannerWorkload = z.object({ input_len: Tokens, output_len: Tokens });
export type PlannerWorkload = z.infer<typeof PlannerWorkload>;

export const PlanRequest = z
  .object({
    /** A model the performance model knows (GET /planner/options lists them). */
    model: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    /** Prompt and answer lengths; or `benchmark_id` instead, whose workload is used. */
    workload: z.optional(PlannerWorkload),
    benchmark_id: z.optional(Id),
    slo: PlannerSlo,
    weight_dtype: z._default(z.enum(PLANNER_WEIGHT_DTYPES), 'bf16'),
  })
  .check(
    z.refine((r) => (r.workload === undefined) !== (r.benchmark_id === undefined), {
      message: 'Give either workload or benchmark_id',
      path: ['workload'],
    }),
  );
export type PlanRequest = z.input<typeof PlanRequest>;

/**
 * How wrong a predicted figure is likely to be: half of the held-out calibration predictions were
 * within ±`median_abs_error` (a share: 0.14 is ±14 %), nine in ten within ±`p90_abs_error`.
 */
export const PlanErrorBand = z.object({
  median_abs_error: z.number().check(z.minimum(0)),
  p90_abs_error: z.number().check(z.minimum(0)),
  /** How many held-out points the figure rests on. */
  points: z.number().check(z.int(), z.minimum(0)),
  /** Which calibration group it comes from: 'all', 'engine:vllm', 'gpu_family:hopper'. */
  basis: z.string(),
});
export type PlanErrorBand = z.infer<typeof PlanErrorBand>;

/** One GPU type × count × engine, at the highest concurrency that meets the SLO. */
export const PlanCandidate = z.object({
  gpu: z.string(),
  gpu_count: z.number().check(z.int(), z.minimum(1)),
  runtime: Runtime,
  /** Null when feasible; otherwise why not (out of memory, SLO not met even by one request, …). */
  infeasible_reason: z.nullable(z.string()),
  /** The capacity: most requests in flight at once (closed loop) that still meet the SLO. */
  max_concurrency: z.nullable(z.number().check(z.int(), z.minimum(1))),
  /** Completed requests per second at that concurrency. */
  request_rate: z.nullable(z.number()),
  output_throughput_per_gpu: z.nullable(z.number()),
  output_throughput_per_user: z.nullable(z.number()),
  /** The SLO's percentile of TTFT and TPOT at that concurrency. */
  ttft_ms: z.nullable(z.number()),
  tpot_ms: z.nullable(z.number()),
  /** Dollars per million output tokens for the whole machine, at the GPU's typical hourly price. */
  cost_per_million_tokens: z.nullable(z.number()),
  error_band: z.object({ output_tok_s: PlanErrorBand, ttft: PlanErrorBand, tpot: PlanErrorBand }),
});
export type PlanCandidate = z.infer<typeof PlanCandidate>;

export const PlanResult = z.object({
  model: z.string(),
  workload: z.extend(PlannerWorkload, { benchmark_id: z.nullable(Id) }),
  slo: PlannerSlo,
  weight_dtype: z.enum(PLANNER_WEIGHT_DTYPES),
  /** Feasible candidates first, cheapest per million tokens first; then the infeasible ones. */
  candidates: z.array(PlanCandidate),
});
export type PlanResult = z.infer<typeof PlanResult>;

/** What the planner can plan for: the performance model's models and GPUs. */
export const PlannerOptions = z.object({
  models: z.array(z.string()),
  gpus: z.array(z.object({ name: z.string(), memory_gb: z.number(), price_per_hour_usd: z.number() })),
});
export type PlannerOptions = z.infer<typeof PlannerOptions>;
