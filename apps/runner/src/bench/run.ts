import { setMaxListeners } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { LatencyStats } from '@mako/contract';
import { scheduleFor, slotOpenings, type Rate, type RampUp } from './arrivals.ts';
import { sendStreamingRequest, type EndpointConfig, type RequestOutcome } from './client.ts';
import type { BenchRequest, Turn } from './datasets.ts';
import { latencyStats } from './metrics.ts';
import { primeConnections, warmSendPath } from './pre-warm.ts';
import { Slots } from './slots.ts';
import { readDcgmEnergy, startTelemetry, type Telemetry } from './telemetry.ts';
import type { SaturationEvidence, SaturationWatch } from '../sweep/saturation.ts';
import { sleep } from '../util/sleep.ts';

export interface LoadSpec {
  rate: Rate;
  burstiness: number;
  maxConcurrency: number | null;
  seed: number;
  /** trace: multiplies the trace's timestamps (2 = half speed); the rate and burstiness are unused. */
  timeScale?: number;
  /** Ramp the rate (start to end over the requests) or the concurrency cap (1 to max over a duration). */
  rampUp?: RampUp | null;
  /** multi-turn: pause between an answer and the conversation's next turn. */
  thinkTimeMs?: number;
  /** Sample the engine's /metrics and nvidia-smi this often during the run; 0 or absent: never. */
  telemetryIntervalMs?: number;
  /** A DCGM exporter's /metrics, sampled with the telemetry for the GPUs' energy counter. */
  dcgmUrl?: string;
}

export interface Progress {
  phase: 'warmup' | 'benchmark';
  total: number;
  sent: number;
  done: number;
  failed: number;
  elapsedS: number;
}

/** What the client itself cost, so a user can tell a slow server from a slow benchmark. */
export interface ClientOverhead {
  /** How late each request left relative to its scheduled arrival (timer and event-loop delay). */
  schedule_lag_ms: LatencyStats;
  /** From the call until the request was flushed to the socket. */
  write_ms: LatencyStats;
  /** Mean time to split and parse one server-sent event, in microseconds. */
  parse_us_per_event: number;
  /** Requests per second actually sent: count / time of the last send; null when all are due at once. */
  achieved_rate: number | null;
  /** Requests per second the schedule asked for: count / time the last one was due; null when all are due at once. */
  target_rate: number | null;
  /** The client's CPU time (user + system) over the run's wall time, in % of one core. */
  cpu_pct: number;
  /** The client could not keep to the schedule, so the load the server saw was not the load asked for. */
  client_limited: boolean;
  /** Why the run is client-limited (empty when it is not). */
  client_limited_reasons: string[];
}

/** Achieved rate more than 2 % short of the target means the client, not the server, set the pace. */
export const CLIENT_RATE_SHORTFALL = 0.02;
/** Send lag p99 above this means bursts left late enough to change what the server saw. */
export const CLIENT_LAG_P99_MS = 10;

/**
 * Whether the client kept to its schedule: the achieved rate within 2 % of the target, and the
 * send lag's p99 within 10 ms (a fixed bound rather than a share of the mean gap: at 1000 req/s a
 * gap is 1 ms and at 1 req/s 1 s, but a 10 ms late burst skews a server's queue at any rate).
 * Runs with everything due at once have no schedule to keep.
 */
export function clientLimits(o: {
  achieved_rate: number | null;
  target_rate: number | null;
  schedule_lag_ms: LatencyStats;
}): string[] {
  if (o.target_rate === null || o.achieved_rate === null) return [];
  const reasons: string[] = [];
  if (o.achieved_rate < o.target_rate * (1 - CLIENT_RATE_SHORTFALL))
    reasons.push(
      `achieved ${o.achieved_rate.toFixed(2)} req/s, ${((1 - o.achieved_rate / o.target_rate) * 100).toFixed(1)} % short of the target ${o.target_rate.toFixed(2)} req/s`,
    );
  if (o.schedule_lag_ms.p99 > CLIENT_LAG_P99_MS)
    reasons.push(`send lag p99 ${o.schedule_lag_ms.p99.toFixed(1)} ms > ${CLIENT_LAG_P99_MS} ms`);
  return reasons;
}

export interface RunResult {
  startedAt: Date;
  /** performance.now() when the run started: the origin of the telemetry's times. */
  t0Ms: number;
  outcomes: RequestOutcome[];
  durationS: number;
  warmup: { sent: number; failed: number };
  overhead: ClientOverhead;
  /** multi-turn: every conversation's turns as sent, in order (a failed turn ends its conversation). */
  conversations: { requests: BenchRequest[]; outcomes: RequestOutcome[] }[] | null;
  telemetry: Telemetry | null;
  /** --dcgm-url: the GPUs' energy counter read just before the clock started and just after the last request (seconds since t0). */
  dcgmEnergy: { startS: number; endS: number; millijoules: number } | null;
  /**
   * Set when the run stopped early because the engine was over-saturated; `outcomes` then holds only
   * the requests sent, which are `requests[sent[i]]`.
   */
  saturation: { evidence: SaturationEvidence; sent: number[] } | null;
}

export class BenchAbortedError extends Error {}

function makeAgent(url: string): http.Agent {
  // Keep-alive with no socket cap: the benchmark, not the client pool, decides concurrency.
  const options = { keepAlive: true, maxSockets: Infinity, scheduling: 'fifo' as const };
  return url.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
}

/** How many requests are due in the schedule's first second (within the concurrency cap): the sockets to open beforehand. */
export function connectionsForFirstSecond(offsets: ArrayLike<number>, maxConcurrency: number | null): number {
  let due = 0;
  while (due < offsets.length && (offsets[due] as number) < 1000) due++;
  return Math.min(due, maxConcurrency ?? Infinity, MAX_PRIMED_CONNECTIONS);
}

/** Sockets opened ahead of the clock at most; beyond that a burst pays its own connects. */
const MAX_PRIMED_CONNECTIONS = 256;

async function runWarmup(
  endpoint: EndpointConfig,
  warmup: readonly BenchRequest[],
  concurrency: number,
  agent: http.Agent,
  signal: AbortSignal | undefined,
  onProgress: ((p: Progress) => void) | undefined,
): Promise<{ sent: number; failed: number; firstError: RequestOutcome | null }> {
  const started = performance.now();
  let next = 0;
  let done = 0;
  let failed = 0;
  let firstError: RequestOutcome | null = null;
  const worker = async () => {
    while (next < warmup.length && !signal?.aborted) {
      const request = warmup[next++] as BenchRequest;
      const outcome = await sendStreamingRequest(endpoint, request, agent, signal);
      done++;
      if (!outcome.ok) {
        failed++;
        firstError ??= outcome;
      }
      onProgress?.({
        phase: 'warmup',
        total: warmup.length,
        sent: next,
        done,
        failed,
        elapsedS: (performance.now() - started) / 1000,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, warmup.length) }, worker));
  return { sent: next, failed, firstError };
}

/**
 * One conversation: each turn carries the history (the user's earlier turns and the endpoint's own
 * answers) and leaves a think time after the previous answer. A failed turn ends the conversation,
 * as a user would give up; its later turns are never sent. A turn's prompt length counts the
 * history, so input tokens are what the server had to prefill (or found in its prefix cache).
 */
async function converse(
  endpoint: EndpointConfig,
  turns: readonly Turn[],
  thinkMs: number,
  agent: http.Agent,
  signal: AbortSignal,
): Promise<{ requests: BenchRequest[]; outcomes: RequestOutcome[] }> {
  const history: { role: 'user' | 'assistant'; content: string }[] = [];
  const requests: BenchRequest[] = [];
  const outcomes: RequestOutcome[] = [];
  let historyTokens = 0;
  for (const [k, turn] of turns.entries()) {
    if (k > 0 && thinkMs > 0) await sleep(thinkMs, signal);
    if (k > 0 && signal.aborted) break;
    const request: BenchRequest = {
      prompt: turn.prompt,
      promptTokens: historyTokens + turn.promptTokens,
      outputTokens: turn.outputTokens,
      history: [...history],
    };
    const outcome = await sendStreamingRequest(endpoint, request, agent, signal);
    requests.push(request);
    outcomes.push(outcome);
    if (!outcome.ok) break;
    history.push({ role: 'user', content: turn.prompt }, { role: 'assistant', content: outcome.text });
    historyTokens = outcome.promptTokens ?? request.promptTokens;
    historyTokens += outcome.completionTokens ?? Math.ceil(outcome.text.length / 4);
  }
  return { requests, outcomes };
}

/**
 * Runs one benchmark: the warm-up requests first (their results are dropped), then the measured
 * requests at their scheduled arrival times. Arrivals follow the schedule even when
 * --max-concurrency holds requests back, as in `vllm bench serve`: a held request waits for a slot
 * and its latencies are timed from when it is actually sent.
 */
export async function runBenchmark(options: {
  endpoint: EndpointConfig;
  requests: readonly BenchRequest[];
  warmup: readonly BenchRequest[];
  load: LoadSpec;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Stop sending when the engine's queue or TTFT keeps growing (single-turn runs only). */
  saturation?: SaturationWatch;
}): Promise<RunResult> {
  const { endpoint, requests, warmup, load, onProgress } = options;
  // Every in-flight request listens for the abort: one listener each, so lift the default cap of 10.
  const local = new AbortController();
  setMaxListeners(0, local.signal);
  const stopLocal = () => local.abort();
  options.signal?.addEventListener('abort', stopLocal, { once: true });
  if (options.signal?.aborted) local.abort();
  const signal = local.signal;
  const agent = makeAgent(endpoint.baseUrl);
  try {
    const warm = { sent: 0, failed: 0 };
    if (warmup.length > 0) {
      const result = await runWarmup(endpoint, warmup, load.maxConcurrency ?? warmup.length, agent, signal, onProgress);
      if (signal.aborted) throw new BenchAbortedError('Interrupted');
      if (result.failed === result.sent && result.firstError)
        throw new BenchAbortedError(
          `Every warm-up request failed; first error: ${result.firstError.errorKind}: ${result.firstError.errorMessage ?? ''}`,
        );
      warm.sent = result.sent;
      warm.failed = result.failed;
    }

    const offsets = scheduleFor(requests, load);
    const firstSecond = connectionsForFirstSecond(offsets, load.maxConcurrency);
    if (requests[0]) await warmSendPath(endpoint, requests[0], Math.min(firstSecond, 16));
    await primeConnections(endpoint, agent, firstSecond, signal);
    if (signal.aborted) throw new BenchAbortedError('Interrupted');
    const concurrencyRamp = load.rampUp && 'durationS' in load.rampUp && load.maxConcurrency ? load.rampUp : null;
    const slots = load.maxConcurrency ? new Slots(concurrencyRamp ? 1 : load.maxConcurrency) : null;
    const rampTimers: NodeJS.Timeout[] = [];
    const outcomes: RequestOutcome[] = new Array(requests.length);
    const conversations: NonNullable<RunResult['conversations']> = new Array(requests.length);
    const multiTurn = requests.some((r) => r.turns);
    const watch = multiTurn ? undefined : options.saturation;
    const lags: number[] = [];
    let sent = 0;
    let done = 0;
    let failed = 0;
    let lastFire = 0;
    const energyBefore = load.dcgmUrl ? await readDcgmEnergy(load.dcgmUrl) : null;
    const startedAt = new Date();
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    const telemetry = load.telemetryIntervalMs ? startTelemetry(endpoint.baseUrl, load.telemetryIntervalMs, t0) : null;
    const report = () =>
      onProgress?.({
        phase: 'benchmark',
        total: requests.length,
        sent,
        done,
        failed,
        elapsedS: (performance.now() - t0) / 1000,
      });

    const launch = async (index: number) => {
      if (slots) await slots.acquire();
      try {
        // After Ctrl-C the queue drains without building or sending anything.
        if (signal.aborted || watch?.evidence) return;
        const request = requests[index] as BenchRequest;
        let outcome: RequestOutcome;
        if (request.turns) {
          const conversation = await converse(endpoint, request.turns, load.thinkTimeMs ?? 0, agent, signal);
          conversations[index] = conversation;
          outcome = conversation.outcomes[conversation.outcomes.length - 1] as RequestOutcome;
        } else outcome = await sendStreamingRequest(endpoint, request, agent, signal);
        outcomes[index] = outcome;
        if (watch && outcome.ok) {
          watch.request((outcome.startMs + outcome.ttftMs - t0) / 1000, outcome.ttftMs);
          watch.check((performance.now() - t0) / 1000, telemetry?.engineSeries() ?? null);
        }
        done++;
        if (!outcome.ok) failed++;
        report();
      } finally {
        slots?.release();
      }
    };

    if (concurrencyRamp && slots)
      for (const at of slotOpenings(
        load.maxConcurrency as number,
        concurrencyRamp.strategy,
        concurrencyRamp.durationS,
      ).slice(1))
        rampTimers.push(setTimeout(() => slots.grow(), at));
    const inFlight: Promise<void>[] = [];
    let index = 0;
    while (index < requests.length && !signal.aborted && !watch?.evidence) {
      const now = performance.now();
      // Everything already due leaves now, in order; a late timer never shifts later arrivals.
      while (index < requests.length && t0 + (offsets[index] as number) <= now) {
        // Timed per request, so a burst's later requests count the time the earlier ones took to leave.
        const fired = performance.now();
        lags.push(fired - (t0 + (offsets[index] as number)));
        lastFire = fired;
        inFlight.push(launch(index++));
        sent++;
      }
      if (index < requests.length) await sleep(t0 + (offsets[index] as number) - performance.now(), signal);
    }
    await Promise.all(inFlight);
    for (const timer of rampTimers) clearTimeout(timer);
    if (signal.aborted) throw new BenchAbortedError('Interrupted');
    // A saturated run keeps what it sent (in order) and drops the requests it never sent.
    const sentIndexes = watch?.evidence ? outcomes.flatMap((o, i) => (o ? [i] : [])) : null;
    if (sentIndexes) outcomes.splice(0, outcomes.length, ...sentIndexes.map((i) => outcomes[i] as RequestOutcome));
    const durationS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const energyAfter = load.dcgmUrl && energyBefore ? await readDcgmEnergy(load.dcgmUrl) : null;
    const series = telemetry ? await telemetry.stop() : null;

    let parseMs = 0;
    let events = 0;
    for (const o of outcomes) {
      parseMs += o.parseMs;
      events += o.events;
    }
    const scheduled = outcomes.length;
    const lastDue =
      scheduled > 0 ? (offsets[sentIndexes ? (sentIndexes[scheduled - 1] as number) : scheduled - 1] as number) : 0;
    const target = lastDue > 0 ? scheduled / (lastDue / 1000) : null;
    const achieved = target === null || lastFire <= t0 ? null : scheduled / ((lastFire - t0) / 1000);
    const schedule = { schedule_lag_ms: latencyStats(lags), achieved_rate: achieved, target_rate: target };
    const reasons = clientLimits(schedule);
    return {
      startedAt,
      t0Ms: t0,
      outcomes,
      durationS,
      warmup: warm,
      conversations: multiTurn ? conversations : null,
      telemetry: series,
      dcgmEnergy:
        energyBefore && energyAfter
          ? {
              startS: (energyBefore.atMs - t0) / 1000,
              endS: (energyAfter.atMs - t0) / 1000,
              millijoules: energyAfter.millijoules - energyBefore.millijoules,
            }
          : null,
      saturation: watch?.evidence && sentIndexes ? { evidence: watch.evidence, sent: sentIndexes } : null,
      overhead: {
        ...schedule,
        write_ms: latencyStats(outcomes.map((o) => o.writeMs)),
        parse_us_per_event: events > 0 ? (parseMs * 1000) / events : 0,
        cpu_pct: durationS > 0 ? ((cpu.user + cpu.system) / 1000 / (durationS * 1000)) * 100 : 0,
        client_limited: reasons.length > 0,
        client_limited_reasons: reasons,
      },
    };
  } finally {
    options.signal?.removeEventListener('abort', stopLocal);
    agent.destroy();
  }
}
