import {
  MAX_TELEMETRY_SAMPLES,
  type ClientReport,
  type Telemetry as TelemetryUpload,
  type TelemetrySample,
} from '@mako/contract';
import type { RequestOutcome } from './client.ts';
import type { ClientOverhead } from './run.ts';
import type { Telemetry } from './telemetry.ts';

/*
 * What --post sends beside the metrics, in the contract's engine-neutral shapes: the client's
 * report on itself and the telemetry, with vLLM's and SGLang's metric names mapped to one set.
 */

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The client's report over one or more runs: limited when any run was (each reason names its run
 * when there are several); rates and CPU are the runs' means, the send-lag p99 their worst.
 */
export function clientReport(overheads: readonly ClientOverhead[]): ClientReport {
  const rates = (pick: (o: ClientOverhead) => number | null) => {
    const values = overheads.map(pick);
    return values.every((v): v is number => v !== null) ? mean(values) : null;
  };
  const several = overheads.length > 1;
  return {
    target_rate: rates((o) => o.target_rate),
    achieved_rate: rates((o) => o.achieved_rate),
    send_lag_ms: {
      p50: mean(overheads.map((o) => o.schedule_lag_ms.p50)),
      p99: Math.max(...overheads.map((o) => o.schedule_lag_ms.p99)),
    },
    cpu_pct: mean(overheads.map((o) => o.cpu_pct)),
    client_limited: overheads.some((o) => o.client_limited),
    // The contract keeps ten reasons; a run has at most two, so five limited runs fill it.
    client_limited_reasons: overheads
      .flatMap((o, i) => o.client_limited_reasons.map((reason) => (several ? `run ${i + 1}: ${reason}` : reason)))
      .slice(0, 10),
  };
}

/** The first of these series the engine exposes feeds the field (vLLM v1, vLLM v0, SGLang, trtllm-serve, llama-server, TGI). */
const GAUGES: Record<'running' | 'waiting' | 'kv_cache_usage' | 'preemptions', readonly string[]> = {
  running: [
    'vllm:num_requests_running',
    'sglang:num_running_reqs',
    'trtllm:num_active_requests',
    'llamacpp:requests_processing',
    'tgi_batch_current_size',
  ],
  waiting: [
    'vllm:num_requests_waiting',
    'sglang:num_queue_reqs',
    'trtllm:num_queued_requests',
    'llamacpp:requests_deferred',
    'tgi_queue_size',
  ],
  kv_cache_usage: [
    'vllm:kv_cache_usage_perc',
    'vllm:gpu_cache_usage_perc',
    'sglang:token_usage',
    'trtllm:kv_cache_usage',
    'llamacpp:kv_cache_usage_ratio',
  ],
  // trtllm-serve pauses (evicts) requests when its KV cache runs out: its preemption.
  preemptions: ['vllm:num_preemptions_total', 'sglang:num_retracted_reqs', 'trtllm:num_paused_requests'],
};
/** vLLM counts prefix-cache hits and queries (v1, then v0 names); the hit rate is their ratio over each interval. */
const PREFIX_COUNTERS = [
  ['vllm:prefix_cache_hits_total', 'vllm:prefix_cache_queries_total'],
  ['vllm:gpu_prefix_cache_hits_total', 'vllm:gpu_prefix_cache_queries_total'],
] as const;

/** Evenly spread picks of at most `max` items, the first and the last always among them. */
function thin<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))] as T);
}

/**
 * When the run's output tokens arrived, in seconds since the run started, as [time, tokens] per
 * text chunk in time order: a response's tokens are spread evenly over its chunks.
 */
function tokenArrivals(
  outcomes: readonly RequestOutcome[],
  outputTokens: readonly number[],
  t0Ms: number,
): [number, number][] {
  const arrivals: [number, number][] = [];
  outcomes.forEach((o, i) => {
    if (!o.ok) return;
    const chunks = [o.startMs + o.ttftMs];
    for (const gap of o.itlMs) chunks.push((chunks[chunks.length - 1] as number) + gap);
    const perChunk = (outputTokens[i] ?? 0) / chunks.length;
    for (const chunk of chunks) arrivals.push([(chunk - t0Ms) / 1000, perChunk]);
  });
  return arrivals.sort((a, b) => a[0] - b[0]);
}

/** The value of a step series at time t: its last sample at or before t. */
function at(series: readonly [number, number][] | undefined, t: number): number | undefined {
  if (!series) return undefined;
  let value: number | undefined;
  for (const [time, v] of series) {
    if (time > t) break;
    value = v;
  }
  return value;
}

/**
 * The telemetry to store: one sample per scrape (thinned to the contract's bound), each with the
 * engine's gauges, the prefix-cache hit rate and the GPUs' totals, and the run's own output tokens/s
 * since the previous sample, so a page can line the engine's state up with the throughput it gave.
 * Null when nothing was scraped.
 */
export function telemetryUpload(
  telemetry: Telemetry | null,
  run: { outcomes: readonly RequestOutcome[]; t0Ms: number },
  outputTokens: readonly number[],
): TelemetryUpload | null {
  if (!telemetry || (!telemetry.engine && !telemetry.gpu)) return null;
  const engine = telemetry.engine?.series ?? {};
  const gpuAt = new Map((telemetry.gpu ?? []).map((g) => [g.t_s, g.gpus]));
  const allTimes = new Set<number>(gpuAt.keys());
  for (const series of Object.values(engine)) for (const [t] of series) allTimes.add(t);
  const times = thin(
    [...allTimes].sort((a, b) => a - b),
    MAX_TELEMETRY_SAMPLES,
  );
  const arrivals = tokenArrivals(run.outcomes, outputTokens, run.t0Ms);
  const gauges = (Object.entries(GAUGES) as [keyof typeof GAUGES, readonly string[]][]).map(
    ([field, names]) => [field, names.map((n) => engine[n]).find((s) => s !== undefined)] as const,
  );
  const prefix = PREFIX_COUNTERS.map(([hits, queries]) => [engine[hits], engine[queries]] as const).find(
    ([hits, queries]) => hits && queries,
  );
  // SGLang and trtllm-serve report the hit rate itself.
  const sglangHitRate = engine['sglang:cache_hit_rate'] ?? engine['trtllm:cache_hit_rate'];
  let tokenIndex = 0;
  const samples = times.map((t, i): TelemetrySample => {
    const sample: TelemetrySample = { t_s: t };
    const previous = i > 0 ? (times[i - 1] as number) : null;
    let count = 0;
    // The last sample is taken after every request has ended, but its time is rounded to the
    // millisecond and may fall a fraction before the last token's: what is left belongs to it.
    const last = i === times.length - 1;
    while (tokenIndex < arrivals.length && (last || (arrivals[tokenIndex] as [number, number])[0] <= t))
      count += (arrivals[tokenIndex++] as [number, number])[1];
    if (previous !== null && t > previous) sample.output_throughput = count / (t - previous);
    for (const [field, series] of gauges) {
      const value = at(series, t);
      if (value !== undefined) sample[field] = field === 'kv_cache_usage' ? Math.min(1, Math.max(0, value)) : value;
    }
    if (prefix && previous !== null) {
      const queried = (at(prefix[1], t) ?? 0) - (at(prefix[1], previous) ?? 0);
      const hit = (at(prefix[0], t) ?? 0) - (at(prefix[0], previous) ?? 0);
      // A restarted engine resets its counters: clamp rather than report a rate outside 0..1.
      if (queried > 0) sample.prefix_cache_hit_rate = Math.min(1, Math.max(0, hit / queried));
    } else if (sglangHitRate) {
      const rate = at(sglangHitRate, t);
      if (rate !== undefined) sample.prefix_cache_hit_rate = Math.min(1, Math.max(0, rate));
    }
    const gpus = gpuAt.get(t);
    if (gpus?.length) {
      sample.gpu_utilization_pct = Math.min(100, mean(gpus.map((g) => g.utilization_pct)));
      sample.gpu_memory_used_mib = gpus.reduce((a, g) => a + g.memory_used_mib, 0);
      const powers = gpus.map((g) => g.power_w).filter((w): w is number => w !== null);
      if (powers.length) sample.gpu_power_w = powers.reduce((a, b) => a + b, 0);
    }
    return sample;
  });
  return { interval_s: telemetry.interval_s, samples };
}
