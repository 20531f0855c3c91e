import type { BenchmarkMetrics, LatencyStats, Slo } from '@mako/contract';
import type { RequestOutcome } from './client.ts';
import type { BenchRequest } from './datasets.ts';
import type { TokenCounter } from './tokens.ts';

/** Percentile with linear interpolation between closest ranks (numpy's default, which vLLM reports). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const rank = (p / 100) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo] as number;
  return a + ((sorted[hi] as number) - a) * (rank - lo);
}

export function latencyStats(values: readonly number[]): LatencyStats {
  if (values.length === 0) return { mean: 0, p50: 0, p90: 0, p95: 0, p99: 0 };
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    mean: sum / sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export type TokenSource = 'usage' | 'tokenizer' | 'chars/4';

export interface RequestMeasure {
  inputTokens: number;
  outputTokens: number;
  ttftMs: number;
  /** (E2E − TTFT) / (output tokens − 1); undefined for single-token outputs, as in vLLM. */
  tpotMs: number | undefined;
  e2elMs: number;
  itlMs: number[];
  /** Where the output token count came from. */
  outputSource: TokenSource;
}

export interface Summary {
  metrics: BenchmarkMetrics;
  errors: Record<string, number>;
  /** Sources used for output token counts, with how many requests each. */
  tokenSources: Partial<Record<TokenSource, number>>;
  /** Requests that met every SLO (when an SLO was given). */
  goodRequests: number | null;
}

export function measureRequest(outcome: RequestOutcome, request: BenchRequest, counter: TokenCounter): RequestMeasure {
  const outputSource: TokenSource =
    outcome.completionTokens !== null ? 'usage' : counter.exact ? 'tokenizer' : 'chars/4';
  const outputTokens = outcome.completionTokens ?? counter.count(outcome.reasoningText + outcome.text);
  return {
    inputTokens: outcome.promptTokens ?? request.promptTokens,
    outputTokens,
    ttftMs: outcome.ttftMs,
    tpotMs: outputTokens > 1 ? (outcome.latencyMs - outcome.ttftMs) / (outputTokens - 1) : undefined,
    e2elMs: outcome.latencyMs,
    itlMs: outcome.itlMs,
    outputSource,
  };
}

/** A request is good when it met every SLO given (vLLM's --goodput semantics). */
export function meetsSlo(m: RequestMeasure, slo: Slo): boolean {
  if (slo.ttft_ms !== undefined && m.ttftMs > slo.ttft_ms) return false;
  if (slo.tpot_ms !== undefined && (m.tpotMs ?? 0) > slo.tpot_ms) return false;
  if (slo.e2el_ms !== undefined && m.e2elMs > slo.e2el_ms) return false;
  return true;
}

/**
 * The serving metrics as `vllm bench serve` defines them: TTFT to the first text chunk; TPOT per
 * request excluding the first token; ITL as every gap between text chunks, pooled over requests;
 * E2E to the last text chunk; throughputs over the benchmark's wall time (warm-up excluded);
 * goodput as requests per second that met every SLO. Failed requests count only as failures.
 */
export function summarise(
  outcomes: readonly RequestOutcome[],
  requests: readonly BenchRequest[],
  durationS: number,
  counter: TokenCounter,
  slo: Slo | null,
): Summary {
  const measures: RequestMeasure[] = [];
  const errors: Record<string, number> = {};
  outcomes.forEach((outcome, i) => {
    if (outcome.ok) measures.push(measureRequest(outcome, requests[i] as BenchRequest, counter));
    else {
      const kind = outcome.errorKind ?? 'unknown';
      errors[kind] = (errors[kind] ?? 0) + 1;
    }
  });
  const tokenSources: Partial<Record<TokenSource, number>> = {};
  let totalInput = 0;
  let totalOutput = 0;
  const itls: number[] = [];
  for (const m of measures) {
    totalInput += m.inputTokens;
    totalOutput += m.outputTokens;
    for (const gap of m.itlMs) itls.push(gap);
    tokenSources[m.outputSource] = (tokenSources[m.outputSource] ?? 0) + 1;
  }
  const completed = measures.length;
  const rate = (x: number) => (durationS > 0 ? x / durationS : 0);
  const good = slo ? measures.filter((m) => meetsSlo(m, slo)).length : null;
  const metrics: BenchmarkMetrics = {
    completed,
    failed: outcomes.length - completed,
    duration_s: durationS,
    total_input_tokens: totalInput,
    total_output_tokens: totalOutput,
    request_throughput: rate(completed),
    input_throughput: rate(totalInput),
    output_throughput: rate(totalOutput),
    total_token_throughput: rate(totalInput + totalOutput),
    ttft_ms: latencyStats(measures.map((m) => m.ttftMs)),
    tpot_ms: latencyStats(measures.flatMap((m) => (m.tpotMs === undefined ? [] : [m.tpotMs]))),
    itl_ms: latencyStats(itls),
    e2el_ms: latencyStats(measures.map((m) => m.e2elMs)),
    goodput:
      slo && good !== null
        ? { request_throughput: rate(good), attainment: completed > 0 ? good / completed : 0, slo }
        : null,
  };
  return { metrics, errors, tokenSources, goodRequests: good };
}
