import { describe, expect, it } from 'vitest';
import type { TunerInput, TunerOutput } from '@mako/tuner';
import { metrics, session } from './fixtures.ts';
import { call, ok, signUp, startServer, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';

/*
 * The session page's "Why it wins" through the real API: the server reads the session's trials
 * from the database into the tuner's explain(). The proposals are scripted here (a grid), so the
 * trials, and therefore the explanation, are known.
 */

const GRID = [64, 128, 256, 512, 1024].flatMap((seqs) =>
  [0.85, 0.9, 0.97].flatMap((memory) =>
    [true, false].map((chunked) => ({
      max_num_seqs: seqs,
      gpu_memory_utilization: memory,
      enable_chunked_prefill: chunked,
    })),
  ),
);

/** Throughput follows the batch size, then memory, then chunked prefill; big batches at 0.97 OOM. */
const throughputOf = (c: (typeof GRID)[number]) =>
  c.gpu_memory_utilization >= 0.97 && c.max_num_seqs >= 512
    ? null
    : 3000 * Math.log2(c.max_num_seqs / 32) +
      8000 * (c.gpu_memory_utilization - 0.8) +
      (c.enable_chunked_prefill ? 600 : 0);

/** Proposes the grid in order, skipping what the session measured or holds. */
function scripted(input: TunerInput): TunerOutput {
  const taken = new Set([
    ...input.trials.map((t) => JSON.stringify(t.config)),
    ...input.pending.map((p) => JSON.stringify(p)),
  ]);
  const next = GRID.filter((c) => !taken.has(JSON.stringify(c))).slice(0, input.count);
  return next.length > 0 ? { kind: 'propose', configs: next } : { kind: 'complete', reason: 'exhausted' };
}

let ts: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

serverWithTwoUsers((started) => ({ ts, alice, bob } = started), {}, { propose: scripted });

const body = () =>
  session({
    search_space: {
      parameters: [
        { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
        { kind: 'float', name: 'gpu_memory_utilization', low: 0.8, high: 0.98 },
        { kind: 'bool', name: 'enable_chunked_prefill' },
      ],
      rules: [],
    },
    budget: { max_trials: GRID.length, max_parallel: 1 },
  });

/** Leases and reports `count` trials, one at a time, as a runner would. */
async function runTrials(sessionId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const leased = await ok(ts, 'nextConfigs', {
      token: alice.token,
      params: { session_id: sessionId },
      body: { count: 1 },
    });
    const pending = leased.configs[0]!;
    const throughput = throughputOf(pending.config as (typeof GRID)[number]);
    await ok(ts, 'postResult', {
      token: alice.token,
      params: { session_id: sessionId },
      body:
        throughput === null
          ? { pending_config_id: pending.id, failure: { kind: 'oom', message: 'CUDA out of memory' } }
          : { pending_config_id: pending.id, metrics: metrics(throughput) },
    });
  }
}

const insights = (token: string, sessionId: string) =>
  call(ts, 'getSessionInsights', { token, params: { session_id: sessionId } });

describe('GET /tuning/session/{id}/insights', () => {
  it('says nothing before the models can be fitted, then ranks the flags and words the OOM region', async () => {
    const s = await ok(ts, 'createSession', { token: alice.token, body: body() });
    expect((await insights(alice.token, s.id)).body).toEqual({ importance: [], failure_regions: [], trials_fitted: 0 });

    await runTrials(s.id, GRID.length);
    const answer = await insights(alice.token, s.id);
    expect(answer.status).toBe(200);
    const explained = answer.body as {
      importance: { flag: string; importance: number }[];
      failure_regions: unknown[];
      trials_fitted: number;
    };
    const ooms = GRID.filter((c) => throughputOf(c) === null).length;
    expect(explained.trials_fitted).toBe(GRID.length - ooms);
    expect(explained.importance.map((item) => item.flag)).toEqual([
      'max_num_seqs',
      'gpu_memory_utilization',
      'enable_chunked_prefill',
    ]);
    expect(explained.importance.reduce((sum, item) => sum + item.importance, 0)).toBeCloseTo(1, 6);
    expect(explained.failure_regions).toEqual([
      {
        kind: 'oom',
        conditions: [
          { flag: 'gpu_memory_utilization', op: '>=', value: 0.97 },
          { flag: 'max_num_seqs', op: '>=', value: 512 },
        ],
        failed: ooms,
        trials: ooms,
      },
    ]);
  });

  it('is private to the session owner', async () => {
    const s = await ok(ts, 'createSession', { token: alice.token, body: body() });
    const other = await insights(bob.token, s.id);
    expect(other.status).toBe(404);
    expect((await insights('', s.id)).status).toBe(401);
  });
});

describe('in the tuner thread', () => {
  it('explains a session there as the server does in production', async () => {
    const threaded = await startServer();
    try {
      const carol = await signUp(threaded);
      const s = await ok(threaded, 'createSession', { token: carol.token, body: body() });
      const answer = await call(threaded, 'getSessionInsights', { token: carol.token, params: { session_id: s.id } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ importance: [], failure_regions: [], trials_fitted: 0 });
    } finally {
      await threaded.close();
    }
  });
});
