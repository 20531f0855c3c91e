import { describe, expect, it } from 'vitest';
import { pendingOutcome, type RequestOutcome } from '../src/bench/client.ts';
import type { BenchRequest } from '../src/bench/datasets.ts';
import { executeBench, type BenchPlan } from '../src/bench/execute.ts';
import { latencyStats, percentile, summarise } from '../src/bench/metrics.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { emulatorBenchPlan, emulatorForTest } from './helpers.ts';

function outcome(partial: Partial<RequestOutcome>): RequestOutcome {
  return { ...pendingOutcome(0), ok: true, ...partial };
}
const req = (promptTokens: number, outputTokens = 16): BenchRequest => ({ prompt: 'x', promptTokens, outputTokens });

describe('percentiles and summary statistics', () => {
  it('interpolate linearly between closest ranks, like numpy.percentile', () => {
    const sorted = [1, 2, 3, 4];
    expect(percentile(sorted, 50)).toBeCloseTo(2.5, 12);
    expect(percentile(sorted, 90)).toBeCloseTo(3.7, 12);
    expect(percentile(sorted, 99)).toBeCloseTo(3.97, 12);
    expect(percentile([7], 99)).toBe(7);
    expect(latencyStats([10, 30, 20])).toEqual({
      mean: 20,
      p50: 20,
      p90: 28,
      p95: 29,
      p99: expect.closeTo(29.8, 10) as number,
    });
    expect(latencyStats([])).toEqual({ mean: 0, p50: 0, p90: 0, p95: 0, p99: 0 });
  });
});

describe('summarise', () => {
  const outcomes = [
    // 4 tokens: TTFT 100, E2E 400 → TPOT (400 − 100) / 3 = 100; chunk gaps 50, 100, 150.
    outcome({ ttftMs: 100, latencyMs: 400, itlMs: [50, 100, 150], promptTokens: 10, completionTokens: 4 }),
    // 1 token: no TPOT (vLLM leaves single-token outputs out of TPOT).
    outcome({ ttftMs: 50, latencyMs: 50, promptTokens: 20, completionTokens: 1 }),
    // No usage: 3 words of the emulator's vocabulary are 11 characters → 3 tokens by characters/4; input from the dataset.
    outcome({ ttftMs: 200, latencyMs: 260, itlMs: [30, 30], text: 'the and for' }),
    outcome({ ok: false, errorKind: 'http_500', errorMessage: 'boom' }),
    outcome({ ok: false, errorKind: 'connection_reset' }),
    outcome({ ok: false, errorKind: 'http_500' }),
  ];
  const requests = [req(999), req(999), req(30), req(5), req(5), req(5)];
  const s = summarise(outcomes, requests, 2, charEstimate, { ttft_ms: 150, tpot_ms: 90 });

  it('counts completions, failures by kind and tokens from usage, falling back to the estimate', () => {
    expect(s.metrics.completed).toBe(3);
    expect(s.metrics.failed).toBe(3);
    expect(s.errors).toEqual({ http_500: 2, connection_reset: 1 });
    expect(s.metrics.total_input_tokens).toBe(10 + 20 + 30);
    expect(s.metrics.total_output_tokens).toBe(4 + 1 + 3);
    expect(s.tokenSources).toEqual({ usage: 2, 'chars/4': 1 });
  });

  it('computes throughputs over the wall time', () => {
    expect(s.metrics.request_throughput).toBe(1.5);
    expect(s.metrics.input_throughput).toBe(30);
    expect(s.metrics.output_throughput).toBe(4);
    expect(s.metrics.total_token_throughput).toBe(34);
  });

  it('defines TTFT per request, TPOT without the first token, ITL per chunk gap and E2E to the last chunk', () => {
    expect(s.metrics.ttft_ms.mean).toBeCloseTo((100 + 50 + 200) / 3, 10);
    expect(s.metrics.tpot_ms.mean).toBeCloseTo((100 + 30) / 2, 10);
    expect(s.metrics.itl_ms.mean).toBeCloseTo((50 + 100 + 150 + 30 + 30) / 5, 10);
    expect(s.metrics.itl_ms.p50).toBe(50);
    expect(s.metrics.e2el_ms.p50).toBe(260);
  });

  it('gives goodput as requests/s meeting every SLO; the single-token request passes TPOT', () => {
    // Request 1 fails TPOT (100 > 90), request 2 passes both, request 3 fails TTFT (200 > 150).
    expect(s.goodRequests).toBe(1);
    expect(s.metrics.goodput).toEqual({
      request_throughput: 0.5,
      attainment: 1 / 3,
      slo: { ttft_ms: 150, tpot_ms: 90 },
    });
    expect(summarise(outcomes, requests, 2, charEstimate, null).metrics.goodput).toBeNull();
  });
});

// Real sockets and real timers: a loaded CI machine can stall a run, so a failure is retried once
// before it counts (a broken measurement fails both times).
describe('measured against the emulator (real sockets, known latencies)', { retry: 1 }, () => {
  // Paced at 40/s with 25-token answers, so the latencies are the emulator's, not a queue's.
  const plan = (url: string, overrides: Partial<BenchPlan> = {}) =>
    emulatorBenchPlan(url, {
      dataset: { kind: 'random', minPrompt: 40, maxPrompt: 80, minOutput: 25, maxOutput: 25, numPrefixes: 1, seed: 1 },
      load: { rate: 40, burstiness: 1, maxConcurrency: null, seed: 1 },
      ...overrides,
    });

  it('recovers TTFT, TPOT, ITL and E2E from a server with TTFT 60 ms and 8 ms per token', async () => {
    const emulator = await emulatorForTest({ ttftMs: 60, itlMs: 8 });
    const { summary } = await executeBench(plan(emulator.url));
    const m = summary.metrics;
    expect(m.completed).toBe(12);
    expect(m.total_output_tokens).toBe(12 * 25);
    // Medians, with room above for a loaded machine (timers fire late, never early by more than the
    // 1 ms they round to): the lower bounds tell the definitions apart, the upper ones catch gross errors.
    expect(m.ttft_ms.p50).toBeGreaterThanOrEqual(59);
    expect(m.ttft_ms.p50).toBeLessThan(150);
    expect(m.tpot_ms.p50).toBeGreaterThan(7.5);
    expect(m.tpot_ms.p50).toBeLessThan(14);
    expect(m.itl_ms.p50).toBeGreaterThan(7.5);
    expect(m.itl_ms.p50).toBeLessThan(14);
    expect(m.e2el_ms.p50).toBeGreaterThanOrEqual(60 + 24 * 8 - 2);
    expect(m.e2el_ms.p50).toBeLessThan(60 + 24 * 8 + 150);
  });

  it('reports ITL per chunk and TPOT per token when chunks carry several tokens', async () => {
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 5, tokensPerChunk: 4 });
    const { summary } = await executeBench(
      plan(emulator.url, {
        dataset: {
          kind: 'random',
          minPrompt: 10,
          maxPrompt: 10,
          minOutput: 33,
          maxOutput: 33,
          numPrefixes: 1,
          seed: 2,
        },
      }),
    );
    // 33 tokens in chunks of 4: 9 chunks 20 ms apart. TPOT = (E2E − TTFT) / 32 = 8 × 20 / 32 = 5 ms.
    // ITL ≈ 20 ms rules out a per-token ITL (5 ms); TPOT ≈ 5 ms rules out a per-chunk TPOT (20 ms).
    expect(summary.metrics.itl_ms.p50).toBeGreaterThan(19);
    expect(summary.metrics.itl_ms.p50).toBeLessThan(35);
    expect(summary.metrics.tpot_ms.p50).toBeGreaterThan(4.7);
    expect(summary.metrics.tpot_ms.p50).toBeLessThan(10);
  });

  it("does not count a chat stream's role-only opening chunk as the first token", async () => {
    const emulator = await emulatorForTest({ ttftMs: 80, itlMs: 3 });
    const p = plan(emulator.url);
    const { summary } = await executeBench({ ...p, endpoint: { ...p.endpoint, type: 'chat' } });
    expect(summary.metrics.ttft_ms.p50).toBeGreaterThanOrEqual(80);
    expect(emulator.stats.bodies[0]).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 25,
    });
  });

  it('excludes warm-up requests from every metric', async () => {
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 1 });
    const { summary, run } = await executeBench(plan(emulator.url, { warmup: 5 }));
    expect(emulator.stats.requests).toBe(17);
    expect(summary.metrics.completed).toBe(12);
    expect(run.warmup).toEqual({ sent: 5, failed: 0 });
    expect(run.outcomes).toHaveLength(12);
  });

  it('sees queueing at a server with a concurrency limit as longer TTFT and lower throughput', async () => {
    const emulator = await emulatorForTest({ ttftMs: 10, itlMs: 2, maxConcurrency: 2 });
    const { summary } = await executeBench(
      plan(emulator.url, { load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 1 } }),
    );
    // 12 requests, 2 at a time, each ≈ 10 + 24 × 2 = 58 ms: the last pair waits five rounds, the
    // whole run takes six. Without the limit both would be one round (TTFT ≈ 10 ms, ≈ 0.06 s); the
    // bounds leave a round's slack for timers that fire a little early.
    expect(emulator.stats.maxActive).toBe(2);
    expect(summary.metrics.ttft_ms.p99).toBeGreaterThan(4 * 58);
    expect(summary.metrics.duration_s).toBeGreaterThan((5 * 58) / 1000);
  });
});
