import type { Kysely } from 'kysely';
import {
  PLANNER_GPU_COUNTS,
  RUNTIMES,
  type PlanCandidate,
  type PlanErrorBand,
  type PlannerOptions,
  type PlannerSlo,
  type PlannerWorkload,
  type PlanResult,
  type Runtime,
} from '@mako/contract';
import { GPUS, MODELS, errorBand, gpuFamily, modelSpec, simulate } from '@mako/perf-model';
import type { BandMetric, ErrorBand, SimOutput } from '@mako/perf-model';
import type { DB } from '../db/schema.ts';
import { visibleBenchmark } from './catalogue.ts';
import { Invalid } from './errors.ts';

/*
 * The planner: for a model, a workload and an SLO, the performance model's prediction for every
 * GPU type × count × engine at the highest concurrency that still meets the SLO, with the
 * calibration's error band beside each figure. Pure CPU work on the model; the only data read is a
 * stored benchmark's workload.
 */

export interface PlanInput {
  model: string;
  workload?: PlannerWorkload;
  benchmark_id?: string;
  slo: PlannerSlo;
  weight_dtype: 'bf16' | 'fp8';
}

const TP_FLAG: Record<Runtime, string> = { vllm: 'tensor_parallel_size', sglang: 'tp_size', 'tensorrt-llm': 'tp_size' };

/**
 * Concurrency levels tried, doubling, before a bisection between the last that met the SLO and the
 * first that did not. 512 in flight is beyond what any engine's default batch admits at once.
 */
const MAX_CONCURRENCY = 512;
/** More concurrency must add at least this share of throughput to count (a doubling that adds 3 % only queues). */
const MIN_GAIN = 1.03;
/** Bisection steps after the doubling: the capacity is then known to within an eighth of itself. */
const BISECTION_STEPS = 3;
/**
 * Requests per simulated run: enough for stable p99s at low concurrency, and four waves of the
 * concurrency above that (the model simulates at most 300 and scales, so the cost stays bounded).
 */
const requestsAt = (concurrency: number) => Math.max(64, 4 * concurrency);

/** Identical plans are answered from memory: the model is deterministic, and a plan costs CPU. */
const CACHE_SIZE = 256;
const cache = new Map<string, PlanResult>();

function remember(key: string, result: PlanResult): PlanResult {
  cache.delete(key);
  cache.set(key, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return result;
}

export function plannerOptions(): PlannerOptions {
  return {
    models: MODELS.map((m) => m.name),
    gpus: GPUS.map((g) => ({ name: g.name, memory_gb: g.memory_gb, price_per_hour_usd: g.price_per_hour_usd })),
  };
}

/** The workload to plan for: the one given, or that of a benchmark the caller may see. */
async function workloadOf(db: Kysely<DB>, input: PlanInput, viewerId: string | null): Promise<PlannerWorkload> {
  if (input.workload) return input.workload;
  const benchmark = await visibleBenchmark(db, input.benchmark_id as string, viewerId);
  const w = benchmark.setting.workload;
  // A benchmark's prompts span min..max_prompt; the model takes one length, their middle.
  return { input_len: Math.max(1, Math.round((w.min_prompt + w.max_prompt) / 2)), output_len: w.output_len };
}

const band = (b: ErrorBand): PlanErrorBand => ({
  median_abs_error: b.median_abs_error,
  p90_abs_error: b.p90_abs_error,
  points: b.points,
  basis: b.basis,
});

const bandsFor = (runtime: Runtime, gpu: string): PlanCandidate['error_band'] => {
  const at = (metric: BandMetric) => band(errorBand(metric, { engine: runtime, gpu }));
  return { output_tok_s: at('output_tok_s'), ttft: at('ttft'), tpot: at('tpot') };
};

const fmtMs = (ms: number) => `${Number(ms.toPrecision(3))} ms`;

/** Why a run misses the SLO, in words; null when it meets it. */
function sloMiss(out: Extract<SimOutput, { ok: true }>, slo: PlannerSlo): string | null {
  const pct = slo.percentile;
  const ttft = out.metrics.ttft_ms[pct];
  const tpot = out.metrics.tpot_ms[pct];
  if (slo.ttft_ms !== undefined && ttft > slo.ttft_ms) return `${pct} TTFT ${fmtMs(ttft)} > ${fmtMs(slo.ttft_ms)}`;
  if (slo.tpot_ms !== undefined && tpot > slo.tpot_ms) return `${pct} TPOT ${fmtMs(tpot)} > ${fmtMs(slo.tpot_ms)}`;
  return null;
}

function planCandidate(
  model: string,
  workload: PlannerWorkload,
  slo: PlannerSlo,
  weightDtype: PlanInput['weight_dtype'],
  gpu: string,
  gpuCount: number,
  runtime: Runtime,
): PlanCandidate {
  const base = {
    gpu,
    gpu_count: gpuCount,
    runtime,
    max_concurrency: null,
    request_rate: null,
    output_throughput_per_gpu: null,
    output_throughput_per_user: null,
    ttft_ms: null,
    tpot_ms: null,
    cost_per_million_tokens: null,
    error_band: bandsFor(runtime, gpu),
  };
  if (runtime === 'tensorrt-llm' && gpuFamily(gpu) === 'cdna3')
    return { ...base, infeasible_reason: 'TensorRT-LLM runs on NVIDIA GPUs only' };
  const run = (concurrency: number) =>
    simulate({
      model,
      gpu,
      gpu_count: gpuCount,
      runtime,
      weight_dtype: weightDtype,
      config: { [TP_FLAG[runtime]]: gpuCount },
      workload: {
        input_len: workload.input_len,
        output_len: workload.output_len,
        request_rate: 'inf',
        max_concurrency: concurrency,
        num_requests: requestsAt(concurrency),
        max_seq_length: workload.input_len + workload.output_len,
      },
      seed: 1,
      noise: 0,
    });

  const first = run(1);
  if (!first.ok) return { ...base, infeasible_reason: `${first.failure.kind}: ${first.failure.message}` };
  const missAtOne = sloMiss(first, slo);
  if (missAtOne) return { ...base, infeasible_reason: `SLO not met even by one request at a time: ${missAtOne}` };

  // A level counts when it meets the SLO and still adds throughput: past the engine's saturation more
  // requests in flight only queue, which a TPOT-only SLO would not catch.
  let best = { concurrency: 1, out: first };
  const better = (out: SimOutput) =>
    out.ok && !sloMiss(out, slo) && out.metrics.output_throughput >= best.out.metrics.output_throughput * MIN_GAIN
      ? out
      : null;
  let failedAt: number | null = null;
  for (let c = 2; c <= MAX_CONCURRENCY; c *= 2) {
    const out = better(run(c));
    if (!out) {
      failedAt = c;
      break;
    }
    best = { concurrency: c, out };
  }
  for (let step = 0; failedAt !== null && step < BISECTION_STEPS; step++) {
    const mid = Math.floor((best.concurrency + failedAt) / 2);
    if (mid <= best.concurrency) break;
    const out = better(run(mid));
    if (out) best = { concurrency: mid, out };
    else failedAt = mid;
  }
  const m = best.out.metrics;
  return {
    ...base,
    infeasible_reason: null,
    max_concurrency: best.concurrency,
    request_rate: m.request_throughput,
    output_throughput_per_gpu: m.output_throughput / gpuCount,
    output_throughput_per_user: m.tpot_ms.mean > 0 ? 1000 / m.tpot_ms.mean : null,
    ttft_ms: m.ttft_ms[slo.percentile],
    tpot_ms: m.tpot_ms[slo.percentile],
    cost_per_million_tokens: best.out.cost_per_million_tokens,
  };
}

/** Feasible first, cheapest per million tokens first (more tokens/s per GPU on a tie); then the rest. */
function byBest(a: PlanCandidate, b: PlanCandidate): number {
  if ((a.infeasible_reason === null) !== (b.infeasible_reason === null)) return a.infeasible_reason === null ? -1 : 1;
  const cost = (a.cost_per_million_tokens ?? Infinity) - (b.cost_per_million_tokens ?? Infinity);
  if (cost !== 0 && Number.isFinite(cost)) return cost;
  return (b.output_throughput_per_gpu ?? 0) - (a.output_throughput_per_gpu ?? 0);
}

/** The whole plan: every GPU × count × engine the model may run on, best first. */
export function planFor(
  model: string,
  workload: PlannerWorkload,
  slo: PlannerSlo,
  weightDtype: PlanInput['weight_dtype'],
) {
  const candidates: PlanCandidate[] = [];
  for (const gpu of GPUS)
    for (const count of PLANNER_GPU_COUNTS)
      for (const runtime of RUNTIMES)
        candidates.push(planCandidate(model, workload, slo, weightDtype, gpu.name, count, runtime));
  return candidates.sort(byBest);
}

export async function plan(db: Kysely<DB>, input: PlanInput, viewerId: string | null): Promise<PlanResult> {
  const spec = modelSpec(input.model);
  if (!spec)
    throw new Invalid(
      ['body', 'model'],
      `Unknown model '${input.model}': the planner knows ${MODELS.map((m) => m.name).join(', ')}`,
    );
  const workload = await workloadOf(db, input, viewerId);
  const key = JSON.stringify([spec.name, workload, input.slo, input.weight_dtype]);
  const hit = cache.get(key);
  const result = hit ?? {
    model: spec.name,
    workload: { ...workload, benchmark_id: null },
    slo: input.slo,
    weight_dtype: input.weight_dtype,
    candidates: planFor(spec.name, workload, input.slo, input.weight_dtype),
  };
  if (!hit) remember(key, result);
  return { ...result, workload: { ...workload, benchmark_id: input.benchmark_id ?? null } };
}
