import type { BenchmarkMetrics, LatencyStats, Runtime, RuntimeOptions, Slo } from '@mako/contract';
import { resolveEngine } from './engine.ts';
import type { Engine } from './engine.ts';
import { gpuSpec, gpuTraits } from './hardware.ts';
import type { WeightDtype } from './hardware.ts';
import { modelSpec } from './models.ts';
import { DEFAULT_PARAMETERS } from './parameters.ts';
import type { ModelParameters } from './parameters.ts';
import { gamma, hashString, mulberry32, normal } from './random.ts';
import { stepModel } from './roofline.ts';
import { serve } from './serve.ts';
import type { ServeResult } from './serve.ts';

export interface SimWorkload {
  input_len: number;
  output_len: number;
  request_rate: number | 'inf';
  max_concurrency: number | null;
  num_requests: number;
  /** Context length the engine is launched with; defaults to the model's own maximum. */
  max_seq_length?: number;
  /** Prompt tokens shared by every request (a shared-prefix dataset); 0 by default. */
  shared_prefix_len?: number;
  /**
   * Shape of the gamma-distributed gaps between arrivals, as `vllm bench serve --burstiness`: 1 is
   * Poisson, below 1 requests come in bursts (same mean rate).
   */
  burstiness?: number;
  /**
   * Spread of output lengths across requests, as a coefficient of variation (gamma-distributed
   * around `output_len`): 0 (default) is the fixed length of a random dataset, about 1 a chat
   * dataset such as ShareGPT, whose few long answers set a short run's duration.
   */
  output_len_cv?: number;
}

export type { WeightDtype } from './hardware.ts';

export interface SimInput {
  model: string;
  gpu: string;
  gpu_count: number;
  runtime: Runtime;
  /** Precision of the weights; default 'bf16'. */
  weight_dtype?: WeightDtype;
  /**
   * Engine release, e.g. '0.6.0'; only vLLM before 0.6 (its V0 scheduler's per-sequence CPU cost)
   * is told apart. Default: a current release.
   */
  engine_version?: string;
  /** Engine flags; missing flags take the engine defaults. */
  config: RuntimeOptions;
  workload: SimWorkload;
  seed?: number;
  /** Relative standard deviation of the multiplicative measurement noise; default 0.03, 0 = exact. */
  noise?: number;
  /** When given, goodput counts the requests that met every objective. */
  slo?: Slo;
  /** Wall-clock limit of the benchmark run in seconds; default 1800. */
  timeout_s?: number;
}

export type SimOutput =
  | { ok: true; metrics: BenchmarkMetrics; cost_per_million_tokens: number }
  | { ok: false; failure: { kind: 'oom' | 'crash' | 'timeout'; message: string } };

/** Longer runs are simulated on their first requests and scaled: the steady state is reached well before. */
const SIMULATED_REQUESTS = 300;
/**
 * A run that sends everything at once only reaches its steady state after a first wave of requests
 * in flight: it is simulated on three such waves (when they are not too many) and extrapolated at
 * the rate of the middle one. Scaling the whole of a short simulation instead counts its ramp-up
 * and drain once per slice of the run: with ShareGPT's long-tailed answers that made 5000-prompt
 * offline runs ~35 % slow (calibration points 99–102).
 */
const STEADY_WAVES = 3;
const MAX_STEADY_REQUESTS = 1024;
const DEFAULT_TIMEOUT_S = 1800;
const DEFAULT_NOISE = 0.03;

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

function latencyStats(valuesS: readonly number[]): LatencyStats {
  const sorted = [...valuesS].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return {
    mean: mean * 1000,
    p50: percentile(sorted, 0.5) * 1000,
    p90: percentile(sorted, 0.9) * 1000,
    p95: percentile(sorted, 0.95) * 1000,
    p99: percentile(sorted, 0.99) * 1000,
  };
}

function weightedStats(values: readonly number[], weights: readonly number[]): LatencyStats {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const total = weights.reduce((s, w) => s + w, 0);
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] ?? 0) * (weights[i] ?? 0);
  const at = (q: number) => {
    const target = q * total;
    let acc = 0;
    for (const i of order) {
      acc += weights[i] ?? 0;
      if (acc >= target) return values[i] ?? 0;
    }
    return values[order[order.length - 1] ?? 0] ?? 0;
  };
  return {
    mean: (total > 0 ? sum / total : 0) * 1000,
    p50: at(0.5) * 1000,
    p90: at(0.9) * 1000,
    p95: at(0.95) * 1000,
    p99: at(0.99) * 1000,
  };
}

/** Tails are noisier than medians in repeated benchmark runs. */
const STAT_NOISE: Record<keyof LatencyStats, number> = { mean: 0.3, p50: 0.3, p90: 0.6, p95: 0.8, p99: 1.2 };

function noisy(stats: LatencyStats, global: number, sigma: number, rnd: () => number): LatencyStats {
  const f = (k: keyof LatencyStats) => stats[k] * global * Math.exp(sigma * STAT_NOISE[k] * normal(rnd));
  const p50 = f('p50');
  const p90 = Math.max(p50, f('p90'));
  const p95 = Math.max(p90, f('p95'));
  const p99 = Math.max(p95, f('p99'));
  return { mean: Math.min(f('mean'), p99), p50, p90, p95, p99 };
}

function stableKey(input: SimInput): string {
  const config = Object.keys(input.config)
    .sort()
    .map((k) => `${k}=${String(input.config[k])}`)
    .join(',');
  const w = input.workload;
  return [
    input.model,
    input.gpu,
    input.gpu_count,
    input.runtime,
    config,
    w.input_len,
    w.output_len,
    w.request_rate,
    w.max_concurrency,
    w.num_requests,
  ].join('|');
}

/** Requests one replica holds at once in a run that sends everything at once: its batch or KV limit, or the client's cap. */
function requestsInFlight(engine: Engine, w: SimWorkload): number {
  const client = w.max_concurrency === null ? Number.POSITIVE_INFINITY : Math.ceil(w.max_concurrency / engine.dp);
  // A sequence holds its prompt and, on average over its life, half its answer.
  const byCache = Math.floor(engine.kvCapacityTokens / (w.input_len + w.output_len / 2));
  return Math.max(1, Math.min(engine.maxRunning, client, byCache));
}

/**
 * Duration of a replica's whole share of the run: the simulated requests, then the rest at the
 * steady completion rate (requests in service / service time), so ramp-up and drain count once.
 */
function extrapolatedDuration(r: ServeResult, simulated: number, replicaRequests: number): number {
  const { inFlight, serviceS } = r.steady;
  // Everything fitted in at once: no steady state to extrapolate from, scale the whole run.
  if (!(inFlight > 0) || !(serviceS > 0)) return (r.durationS * replicaRequests) / simulated;
  return r.durationS + ((replicaRequests - simulated) * serviceS) / inFlight;
}

function positiveInt(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`simulate: ${name} must be a positive integer, got ${value}`);
}

/**
 * Simulates one benchmark run (`vllm bench serve`-style, random dataset with fixed lengths) of a
 * model on `gpu_count` GPUs. Unknown models or GPUs and malformed workloads throw: they are
 * programming errors, not benchmark outcomes. Deterministic for a given seed.
 */
export function simulate(input: SimInput, params: ModelParameters = DEFAULT_PARAMETERS): SimOutput {
  const model = modelSpec(input.model);
  if (!model) throw new Error(`simulate: unknown model '${input.model}'`);
  const gpu = gpuSpec(input.gpu);
  if (!gpu) throw new Error(`simulate: unknown GPU '${input.gpu}'`);
  const w = input.workload;
  positiveInt(input.gpu_count, 'gpu_count');
  positiveInt(w.input_len, 'input_len');
  positiveInt(w.output_len, 'output_len');
  positiveInt(w.num_requests, 'num_requests');
  if (w.max_concurrency !== null) positiveInt(w.max_concurrency, 'max_concurrency');
  if (w.request_rate !== 'inf' && !(w.request_rate > 0))
    throw new Error('simulate: request_rate must be positive or inf');
  const burstiness = w.burstiness ?? 1;
  if (!(burstiness > 0) || !Number.isFinite(burstiness)) throw new Error('simulate: burstiness must be positive');
  const traits = gpuTraits(gpu);
  const seed = input.seed ?? 0;
  const sigma = input.noise ?? DEFAULT_NOISE;

  const maxSeqLength = w.max_seq_length ?? model.max_context;
  const sequenceTokens = w.input_len + w.output_len;
  const resolved = resolveEngine({
    model,
    gpu,
    traits,
    gpuCount: input.gpu_count,
    runtime: input.runtime,
    config: input.config,
    maxSeqLength,
    promptTokens: w.input_len,
    sequenceTokens,
    weightDtype: input.weight_dtype ?? 'bf16',
    engineVersion: input.engine_version,
    params,
  });
  if (!resolved.ok) return resolved;
  const engine = resolved.engine;
  if (sequenceTokens > engine.maxModelLen)
    return {
      ok: false,
      failure: {
        kind: 'crash',
        message: `Requests of ${sequenceTokens} tokens exceed the engine's max_model_len of ${engine.maxModelLen}`,
      },
    };

  // Data-parallel replicas split the load evenly; simulate one of them.
  const simulated = Math.min(w.num_requests, SIMULATED_REQUESTS);
  const replicaRequests = Math.ceil(w.num_requests / engine.dp);
  const inFlight = requestsInFlight(engine, w);
  const steady =
    w.request_rate === 'inf' &&
    replicaRequests > Math.ceil(simulated / engine.dp) &&
    STEADY_WAVES * inFlight <= MAX_STEADY_REQUESTS;
  const perReplica = steady
    ? Math.min(replicaRequests, Math.max(Math.ceil(simulated / engine.dp), STEADY_WAVES * inFlight))
    : Math.max(1, Math.ceil(simulated / engine.dp));
  const scale = steady ? replicaRequests / perReplica : w.num_requests / simulated;
  const arrivalRnd = mulberry32(hashString('arrivals', seed >>> 0));
  const arrivals: number[] = [];
  let t = 0;
  for (let i = 0; i < perReplica; i++) {
    if (w.request_rate === 'inf') {
      arrivals.push(t);
      continue;
    }
    const rate = w.request_rate / engine.dp;
    // Gamma gaps of mean 1/rate; shape 1 is the exponential (Poisson) case, drawn as before.
    t +=
      burstiness === 1
        ? -Math.log(Math.max(arrivalRnd(), 1e-12)) / rate
        : gamma(arrivalRnd, burstiness) / (burstiness * rate);
    arrivals.push(t);
  }
  const outputCv = w.output_len_cv ?? 0;
  if (!(outputCv >= 0) || !Number.isFinite(outputCv)) throw new Error('simulate: output_len_cv must be non-negative');
  let outputLens: number[] | undefined;
  if (outputCv > 0) {
    const lengthRnd = mulberry32(hashString('lengths', seed >>> 0));
    const shape = 1 / (outputCv * outputCv);
    outputLens = arrivals.map(() =>
      Math.max(
        1,
        Math.min(
          8 * w.output_len,
          engine.maxModelLen - w.input_len,
          Math.round((gamma(lengthRnd, shape) / shape) * w.output_len),
        ),
      ),
    );
  }
  const served = serve({
    engine,
    step: stepModel(model, gpu, traits, engine, params),
    inputLen: w.input_len,
    outputLen: w.output_len,
    outputLens,
    arrivals,
    maxConcurrency: w.max_concurrency === null ? null : Math.max(1, Math.ceil(w.max_concurrency / engine.dp)),
    sharedPrefix: Math.min(w.shared_prefix_len ?? 0, w.input_len),
    timeoutS: (input.timeout_s ?? DEFAULT_TIMEOUT_S) / scale,
  });
  if (!served.ok) return served;
  // The API server's tokenisation and first streamed chunk delay every first token a little.
  const frontendS = params.frontendMs / 1000;
  const r = {
    ...served.result,
    ttftS: served.result.ttftS.map((t) => t + frontendS),
    e2elS: served.result.e2elS.map((t) => t + frontendS),
  };

  const noiseRnd = mulberry32(hashString(stableKey(input), seed >>> 0));
  const global = sigma > 0 ? Math.exp(sigma * normal(noiseRnd)) : 1;
  const jitter = sigma > 0 ? (s: LatencyStats) => noisy(s, global, sigma, noiseRnd) : (s: LatencyStats) => s;

  const completed = w.num_requests;
  const duration =
    (steady ? extrapolatedDuration(served.result, perReplica, replicaRequests) : r.durationS * scale) * global;
  const totalIn = completed * w.input_len;
  const meanOutput = outputLens ? outputLens.reduce((a, b) => a + b, 0) / outputLens.length : w.output_len;
  const totalOut = Math.round(completed * meanOutput);
  const outputThroughput = totalOut / duration;
  let goodput: BenchmarkMetrics['goodput'] = null;
  if (input.slo) {
    const slo = input.slo;
    let met = 0;
    for (let i = 0; i < r.ttftS.length; i++) {
      const ok =
        (slo.ttft_ms === undefined || (r.ttftS[i] ?? 0) * 1000 * global <= slo.ttft_ms) &&
        (slo.tpot_ms === undefined || (r.tpotS[i] ?? 0) * 1000 * global <= slo.tpot_ms) &&
        (slo.e2el_ms === undefined || (r.e2elS[i] ?? 0) * 1000 * global <= slo.e2el_ms);
      if (ok) met++;
    }
    const attainment = met / Math.max(1, r.ttftS.length);
    goodput = { request_throughput: (attainment * completed) / duration, attainment, slo };
  }
  const metrics: BenchmarkMetrics = {
    completed,
    failed: 0,
    duration_s: duration,
    total_input_tokens: totalIn,
    total_output_tokens: totalOut,
    request_throughput: completed / duration,
    input_throughput: totalIn / duration,
    output_throughput: outputThroughput,
    total_token_throughput: (totalIn + totalOut) / duration,
    ttft_ms: jitter(latencyStats(r.ttftS)),
    tpot_ms: jitter(latencyStats(r.tpotS)),
    itl_ms: jitter(weightedStats(r.itl.values, r.itl.weights)),
    e2el_ms: jitter(latencyStats(r.e2elS)),
    goodput,
  };
  const costPerHour = gpu.price_per_hour_usd * input.gpu_count;
  return { ok: true, metrics, cost_per_million_tokens: (costPerHour / 3600 / outputThroughput) * 1e6 };
}
