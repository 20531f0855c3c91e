import type { LatencyStats, Slo, Workload } from '@mako/contract';
import { FAILED_SHARE_LIMIT } from '@mako/contract/vocabulary';
import type { Rate } from './arrivals.ts';
import type { CacheResetResult, CacheResetter } from './cache-reset.ts';
import type { EndpointConfig } from './client.ts';
import { buildRequests, describeRequests, type BenchRequest, type DatasetSpec } from './datasets.ts';
import type { RequestOutcome } from './client.ts';
import { energyReport } from './energy.ts';
import { withDetails, type DetailMetrics } from './posted-details.ts';
import { latencyStats, measureRequest, summarise, type Summary } from './metrics.ts';
import type { ProgressView } from './progress.ts';
import { runBenchmark, type LoadSpec, type RunResult } from './run.ts';
import type { Telemetry } from './telemetry.ts';
import type { SaturationWatch } from '../sweep/saturation.ts';
import type { TokenCounter } from './tokens.ts';

export interface BenchPlan {
  endpoint: EndpointConfig;
  dataset: DatasetSpec;
  numRequests: number;
  warmup: number;
  load: LoadSpec;
  /** sharegpt: leave out pairs longer than this in total. */
  maxSeq: number;
  slo: Slo | null;
  counter: TokenCounter;
}

export interface BenchOutcome {
  requests: BenchRequest[];
  run: RunResult;
  summary: Summary;
  workload: Workload;
  /** Where input token counts came from. */
  inputSource: string;
  warnings: string[];
  /** multi-turn: TTFT by turn number, where prefix caching of the history shows. */
  perTurn: TurnStats[] | null;
  /** Set when too many requests failed for the figures to describe the server under this load. */
  serverFailure: string | null;
  details: DetailMetrics;
  /** What happened to the engine's prefix cache before the run; null when nobody asked. */
  cacheReset: CacheResetResult | null;
}

/** The engine's prefix-cache hit rate over the run, from the telemetry it exposed. */
function engineHitRate(telemetry: Telemetry | null): number | null {
  const series = telemetry?.engine?.series ?? {};
  for (const [hits, queries] of [
    ['vllm:prefix_cache_hits_total', 'vllm:prefix_cache_queries_total'],
    ['vllm:gpu_prefix_cache_hits_total', 'vllm:gpu_prefix_cache_queries_total'],
  ] as const) {
    const h = series[hits];
    const q = series[queries];
    if (!h?.length || !q?.length) continue;
    const queried = (q[q.length - 1] as [number, number])[1] - (q[0] as [number, number])[1];
    const hit = (h[h.length - 1] as [number, number])[1] - (h[0] as [number, number])[1];
    return queried > 0 ? Math.min(1, Math.max(0, hit / queried)) : null;
  }
  const rate = series['sglang:cache_hit_rate'] ?? series['trtllm:cache_hit_rate'];
  return rate?.length ? (rate[rate.length - 1] as [number, number])[1] : null;
}

/** Two hit rates further apart than this are reported: the engine's counter and the answers disagree. */
const HIT_RATE_TOLERANCE = 0.05;

function detailMetrics(
  outcomes: readonly RequestOutcome[],
  requests: readonly BenchRequest[],
  counter: TokenCounter,
  run: RunResult,
  warnings: string[],
): DetailMetrics {
  let reasoningTokens = 0;
  let answerTokens = 0;
  let outputTokens = 0;
  let completed = 0;
  let cached = 0;
  let cachedPrompt = 0;
  let reported = 0;
  const ttfot: number[] = [];
  outcomes.forEach((o, i) => {
    const request = requests[i];
    if (!o.ok || !request) return;
    completed++;
    const m = measureRequest(o, request, counter);
    // Usage counts reasoning and answer together: the reasoning's share is counted locally.
    const reasoning = o.reasoningText ? Math.min(m.outputTokens, counter.count(o.reasoningText)) : 0;
    reasoningTokens += reasoning;
    answerTokens += m.outputTokens - reasoning;
    outputTokens += m.outputTokens;
    if (o.ttfotMs !== null) ttfot.push(o.ttfotMs);
    if (o.cachedTokens !== null) {
      reported++;
      cached += o.cachedTokens;
      cachedPrompt += m.inputTokens;
    }
  });
  const hitRate = reported > 0 && cachedPrompt > 0 ? Math.min(1, cached / cachedPrompt) : null;
  const engineRate = engineHitRate(run.telemetry);
  if (hitRate !== null && engineRate !== null && Math.abs(hitRate - engineRate) > HIT_RATE_TOLERANCE)
    warnings.push(
      `The prefix-cache hit rate from the answers' cached_tokens (${(hitRate * 100).toFixed(1)} %) differs from the engine's own counter (${(engineRate * 100).toFixed(1)} %): other clients may share the engine, or it counts differently.`,
    );
  return {
    ttfot_ms: ttfot.length ? latencyStats(ttfot) : null,
    reasoning_tokens: reasoningTokens,
    answer_tokens: answerTokens,
    cached_prompt_tokens: reported > 0 ? cached : null,
    prefix_cache_hit_rate: hitRate,
    engine_prefix_cache_hit_rate: engineRate,
    energy: energyReport(run.telemetry, run.dcgmEnergy, run.durationS, { completed, outputTokens }),
  };
}

/** The verdict for a run whose requests failed beyond FAILED_SHARE_LIMIT, naming the server's errors. */
export function serverFailureVerdict(summary: Summary, baseUrl: string): string | null {
  const { completed, failed } = summary.metrics;
  const total = completed + failed;
  if (total === 0 || failed / total <= FAILED_SHARE_LIMIT) return null;
  const kinds = Object.entries(summary.errors)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const gone = (summary.errors.connection_refused ?? 0) + (summary.errors.connection_reset ?? 0) > failed / 2;
  return `${failed} of ${total} requests failed (${kinds}): the server at ${baseUrl} ${gone ? 'stopped accepting or dropped connections' : 'answered with errors'} during the run, so these figures do not measure it at the load asked for`;
}

export interface TurnStats {
  turn: number;
  sent: number;
  completed: number;
  ttft_ms: LatencyStats;
  /** Mean prompt length of the turn's requests (its history included). */
  mean_prompt_tokens: number;
}

function turnStats(conversations: NonNullable<RunResult['conversations']>): TurnStats[] {
  const out: TurnStats[] = [];
  const most = Math.max(0, ...conversations.map((c) => c.outcomes.length));
  for (let t = 0; t < most; t++) {
    const at = conversations.filter((c) => c.outcomes.length > t);
    const ok = at.map((c) => c.outcomes[t] as RequestOutcome).filter((o) => o.ok);
    const prompts = at.map(
      (c, i) => (c.outcomes[t] as RequestOutcome).promptTokens ?? (at[i]!.requests[t] as BenchRequest).promptTokens,
    );
    out.push({
      turn: t + 1,
      sent: at.length,
      completed: ok.length,
      ttft_ms: latencyStats(ok.map((o) => o.ttftMs)),
      mean_prompt_tokens: prompts.reduce((a, b) => a + b, 0) / Math.max(1, prompts.length),
    });
  }
  return out;
}

/** A trace's or rate ramp's mean arrival rate, as the workload records it; 'inf' when all are due at once. */
function scheduledRate(target: number | null): Rate {
  return target ?? 'inf';
}

/** Builds the dataset, runs the load and summarises it; the one path bench, sweep and tune share. */
export async function executeBench(
  plan: BenchPlan,
  options: {
    signal?: AbortSignal;
    progress?: ProgressView;
    cacheReset?: CacheResetter;
    saturation?: SaturationWatch;
  } = {},
): Promise<BenchOutcome> {
  // Before the warm-up: the run starts from an empty prefix cache, which the warm-up then primes like any client would.
  const cacheReset = options.cacheReset ? await options.cacheReset.reset() : null;
  const built = buildRequests(plan.dataset, plan.numRequests, plan.counter, plan.maxSeq);
  // Warm-up prompts come from a different seed: reusing measured prompts would pre-fill the prefix cache.
  const warmup =
    plan.warmup > 0
      ? buildRequests({ ...plan.dataset, seed: plan.dataset.seed + 7919 }, plan.warmup, plan.counter, plan.maxSeq)
      : [];
  const run = await runBenchmark({
    endpoint: plan.endpoint,
    requests: built,
    warmup,
    load: plan.load,
    ...(options.saturation ? { saturation: options.saturation } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.progress ? { onProgress: (p) => options.progress?.update(p) } : {}),
  });
  options.progress?.finish();
  // A level stopped for saturation is measured over the requests it sent.
  const requests = run.saturation ? run.saturation.sent.map((i) => built[i] as BenchRequest) : built;
  // Multi-turn runs are measured per turn: every turn sent is a request of the summary.
  const sent = run.conversations
    ? {
        outcomes: run.conversations.flatMap((c) => c.outcomes),
        requests: run.conversations.flatMap((c) => c.requests),
      }
    : { outcomes: run.outcomes, requests };
  const summary = summarise(sent.outcomes, sent.requests, run.durationS, plan.counter, plan.slo);
  const perTurn = run.conversations ? turnStats(run.conversations) : null;
  const serverFailure = serverFailureVerdict(summary, plan.endpoint.baseUrl);
  // A failing server distorts the client's own figures too (refused connections return at once and
  // crowd the event loop), so the client is not blamed for a pace the server's failure set.
  if (serverFailure) run.overhead = { ...run.overhead, client_limited: false, client_limited_reasons: [] };
  const ok = run.outcomes.filter((o) => o.ok);
  const inputFromUsage = ok.length > 0 && ok.every((o) => o.promptTokens !== null);
  const inputSource = inputFromUsage ? 'usage' : plan.counter.exact ? 'tokenizer' : 'chars/4';
  const warnings: string[] = [];
  const estimated = summary.tokenSources['chars/4'] ?? 0;
  if (estimated > 0 || (!inputFromUsage && !plan.counter.exact && ok.length > 0))
    warnings.push(
      `Token counts of ${estimated || ok.length} request(s) are estimated as characters/4: the endpoint sent no usage (stream_options.include_usage) and no tokenizer was found. Pass --tokenizer DIR (a directory with tokenizer.json) for exact counts.`,
    );
  const workload: Workload = {
    dataset: plan.dataset.kind,
    num_requests: requests.length,
    request_rate:
      plan.dataset.kind === 'trace' || (plan.load.rampUp && 'startRps' in plan.load.rampUp)
        ? scheduledRate(run.overhead.target_rate)
        : plan.load.rate,
    burstiness: plan.load.burstiness,
    max_concurrency: plan.load.maxConcurrency,
    ...describeRequests(sent.requests),
  };
  const details = detailMetrics(sent.outcomes, sent.requests, plan.counter, run, warnings);
  // The posted metrics carry the details too (bench, sweep and tune all post summary.metrics).
  const posted = { ...summary, metrics: withDetails(summary.metrics, details) };
  return {
    requests,
    run,
    summary: posted,
    workload,
    inputSource,
    warnings,
    perTurn,
    serverFailure,
    details,
    cacheReset,
  };
}
