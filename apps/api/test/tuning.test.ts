import { describe, expect, it } from 'vitest';
import { API_MESSAGES, defaultConfig, type PendingConfig } from '@mako/contract';
import { propose, type TunerInput } from '@mako/tuner';
import { metrics, session, setting } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';
import { heldOnServer, runRunners } from './runners.ts';

let ts: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
const inputs: TunerInput[] = [];

// The real tuner, observed: tests check what the server tells it.
serverWithTwoUsers(
  (started) => ({ ts, alice, bob } = started),
  { leaseTtlS: 60 },
  { propose: (input) => (inputs.push(input), propose(input)) },
);

const lease = (token: string, sessionId: string, count = 1, name?: string) =>
  call(ts, 'nextConfigs', {
    token,
    params: { session_id: sessionId },
    body: { count },
    ...(name ? { query: { name } } : {}),
  });

const report = (token: string, sessionId: string, pending: PendingConfig, throughput: number | null, ttft = 50) =>
  ok(ts, 'postResult', {
    token,
    params: { session_id: sessionId },
    body:
      throughput === null
        ? { pending_config_id: pending.id, failure: { kind: 'oom', message: 'CUDA out of memory' } }
        : { pending_config_id: pending.id, metrics: metrics(throughput, ttft) },
  });

describe('tuning sessions', () => {
  it('creates a session named after its setting, or as asked', async () => {
    const s = await ok(ts, 'createSession', { token: alice.token, body: session() });
    expect(s).toMatchObject({
      name: 'meta-llama/Llama-3.1-8B-Instruct on 1x H100',
      status: 'pending',
      owner: alice.user.id,
      counts: { evaluated: 0, pending: 0, failed: 0 },
      best: null,
      default_objective_value: null,
      budget: { max_trials: 6, max_parallel: 2 },
    });
    const named = await ok(ts, 'createSession', { token: alice.token, query: { name: 'night run' }, body: session() });
    expect(named.name).toBe('night run');
    const mine = await ok(ts, 'mySessions', { token: alice.token });
    expect(mine.data.slice(0, 2).map((x) => x.id)).toEqual([named.id, s.id]);
    expect((await ok(ts, 'getSession', { token: alice.token, params: { session_id: s.id } })).id).toBe(s.id);
    // Tidy up so that the plan limit test starts from zero active sessions.
    await ts.server.ctx.db
      .updateTable('tuning_sessions')
      .set({ status: 'complete' })
      .where('owner_id', '=', alice.user.id)
      .execute();
  });

  it('refuses a search space whose rules name unknown parameters', async () => {
    const body = session({
      search_space: {
        parameters: [{ kind: 'int', name: 'max_num_seqs', low: 8, high: 64 }],
        rules: [{ left: 'max_num_batched_tokens', op: '>=', right: 1 }],
      },
    });
    const answer = await call(ts, 'createSession', { token: alice.token, body });
    expect(answer.status).toBe(422);
    expect(detailOf(answer.body)).toEqual([
      {
        loc: ['body', 'search_space', 'rules', 0],
        msg: "Unknown parameter 'max_num_batched_tokens'",
        type: 'value_error',
      },
    ]);
  });

  it('refuses a new session with 403 once the plan’s active sessions are used up', async () => {
    const user = await signUp(ts);
    for (let i = 0; i < 3; i++) await ok(ts, 'createSession', { token: user.token, body: session() });
    const refused = await call(ts, 'createSession', { token: user.token, body: session() });
    expect(refused.status).toBe(403);
    expect(detailOf(refused.body)).toBe(API_MESSAGES.createSessionForbidden);
    const tooLong = await call(ts, 'createSession', {
      token: (await signUp(ts)).token,
      body: session({ budget: { max_trials: 5000, max_parallel: 1 } }),
    });
    expect(tooLong.status).toBe(403);
  });

  it('keeps sessions private to their owner', async () => {
    const s = await ok(ts, 'createSession', { token: bob.token, body: session() });
    const [pending] = (
      await ok(ts, 'nextConfigs', { token: bob.token, params: { session_id: s.id }, body: { count: 1 } })
    ).configs;
    const params = { session_id: s.id };
    expect((await call(ts, 'getSession', { token: alice.token, params })).status).toBe(404);
    expect((await call(ts, 'listResults', { token: alice.token, params })).status).toBe(404);
    expect((await call(ts, 'getBest', { token: alice.token, params })).status).toBe(404);
    expect((await lease(alice.token, s.id)).status).toBe(404);
    expect(
      (
        await call(ts, 'getPendingConfig', {
          token: alice.token,
          params: { ...params, pending_config_id: pending!.id },
        })
      ).status,
    ).toBe(404);
    const post = await call(ts, 'postResult', {
      token: alice.token,
      params,
      body: { pending_config_id: pending!.id, metrics: metrics(1) },
    });
    expect(post.status).toBe(404);
    expect((await ok(ts, 'mySessions', { token: alice.token })).data.map((x) => x.id)).not.toContain(s.id);
  });
});

/**
 * Runs `test` on a server of its own (nothing else leases there, so every lease is the test's) with
 * one user's session of `budget`; the server is closed after it.
 */
async function onOwnServer(
  budget: { max_trials: number; max_parallel: number },
  test: (run: { server: TestServer; token: string; sessionId: string }) => Promise<void>,
) {
  const server = await startServer({ leaseTtlS: 60 });
  try {
    const { token } = await signUp(server);
    const created = await ok(server, 'createSession', { token, body: session({ budget }) });
    await test({ server, token, sessionId: created.id });
  } finally {
    await server.close();
  }
}

describe('the ask/tell loop', () => {
  it('leases within the parallelism, stores results as benchmarks, tracks the best and completes', async () => {
    const user = await signUp(ts);
    const created = await ok(ts, 'createSession', {
      token: user.token,
      body: session({ budget: { max_trials: 4, max_parallel: 2 } }),
    });
    const id = created.id;

    const first = await lease(user.token, id, 5, 'runner-a');
    expect(first.status).toBe(200);
    const leased = (first.body as { configs: PendingConfig[] }).configs;
    expect(leased).toHaveLength(2);
    expect(leased.map((p) => p.trial_number)).toEqual([1, 2]);
    expect(leased[0]).toMatchObject({ status: 'leased', leased_by: 'runner-a', session_id: id });
    // The engine defaults come first so that "gain over defaults" is measured.
    expect(leased[0]!.config).toEqual(defaultConfig('vllm', ['max_num_seqs', 'enable_chunked_prefill']));
    expect(Date.parse(leased[0]!.expires_at) - Date.parse(leased[0]!.created_at)).toBe(60_000);

    const blocked = await lease(user.token, id);
    expect(blocked.status).toBe(409);
    expect(detailOf(blocked.body)).toBe(API_MESSAGES.pendingEvaluations);
    expect((await ok(ts, 'getSession', { token: user.token, params: { session_id: id } })).counts.pending).toBe(2);

    const r1 = await report(user.token, id, leased[0]!, 4000);
    expect(r1).toMatchObject({ trial_number: 1, objective_value: 4000, feasible: true, failure: null });
    expect(r1.benchmark_id).not.toBeNull();
    const duplicate = await call(ts, 'postResult', {
      token: user.token,
      params: { session_id: id },
      body: { pending_config_id: leased[0]!.id, metrics: metrics(1) },
    });
    expect(duplicate.status).toBe(409);
    const r2 = await report(user.token, id, leased[1]!, null);
    expect(r2).toMatchObject({ feasible: false, objective_value: null, benchmark_id: null, failure: { kind: 'oom' } });

    const {
      configs: [third, fourth],
    } = await ok(ts, 'nextConfigs', { token: user.token, params: { session_id: id }, body: { count: 2 } });
    await report(user.token, id, third!, 5000);
    const pendingDetail = await ok(ts, 'getPendingConfig', {
      token: user.token,
      params: { session_id: id, pending_config_id: third!.id },
    });
    expect(pendingDetail.status).toBe('evaluated');
    await report(user.token, id, fourth!, 4600);

    const done = await ok(ts, 'getSession', { token: user.token, params: { session_id: id } });
    expect(done).toMatchObject({
      status: 'complete',
      counts: { evaluated: 3, pending: 0, failed: 1 },
      default_objective_value: 4000,
    });
    expect(done.best).toMatchObject({ trial_number: 3, objective_value: 5000, config: third!.config });

    const finished = await lease(user.token, id);
    expect(finished.status).toBe(410);
    expect(detailOf(finished.body)).toBe(API_MESSAGES.searchComplete);

    const best = await ok(ts, 'getBest', { token: user.token, params: { session_id: id } });
    expect(best.result.trial_number).toBe(3);
    expect(best.improvement_pct).toBeCloseTo(25);
    expect(best.launch_command).toMatch(/^vllm serve meta-llama\/Llama-3\.1-8B-Instruct /);

    const results = await ok(ts, 'listResults', {
      token: user.token,
      params: { session_id: id },
      query: { limit: 2, offset: 1 },
    });
    expect(results.count).toBe(4);
    expect(results.data.map((r) => r.trial_number)).toEqual([2, 3]);

    // Each measured trial is a benchmark of the session under its setting.
    const bench = await ok(ts, 'listBySetting', { token: user.token, params: { setting_id: done.setting.id } });
    expect(bench.data.filter((b) => b.session_id === id)).toHaveLength(3);
    expect(
      (await ok(ts, 'listBySettingNoSession', { token: user.token, params: { setting_id: done.setting.id } })).count,
    ).toBe(0);
  });

  it('ignores infeasible results for the best and says 404 until there is a feasible one', async () => {
    const user = await signUp(ts);
    const s = await ok(ts, 'createSession', {
      token: user.token,
      body: session({
        constraints: [{ metric: 'ttft_ms.p99', op: '<=', value: 100 }],
        budget: { max_trials: 10, max_parallel: 2 },
      }),
    });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: s.id },
      body: { count: 2 },
    });
    const slow = await report(user.token, s.id, configs[0]!, 9000, 80); // p99 = 160 ms: violates the SLO
    expect(slow.feasible).toBe(false);
    expect((await call(ts, 'getBest', { token: user.token, params: { session_id: s.id } })).status).toBe(404);
    await report(user.token, s.id, configs[1]!, 3000, 40);
    const best = await ok(ts, 'getBest', { token: user.token, params: { session_id: s.id } });
    expect(best.result.objective_value).toBe(3000);
  });

  it('returns lapsed leases to the search and still accepts their late results', async () => {
    const user = await signUp(ts);
    const s = await ok(ts, 'createSession', {
      token: user.token,
      body: session({ budget: { max_trials: 10, max_parallel: 2 } }),
    });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: s.id },
      body: { count: 2 },
    });
    expect((await lease(user.token, s.id)).status).toBe(409);
    ts.advance(61_000);
    const lapsed = await ok(ts, 'getPendingConfig', {
      token: user.token,
      params: { session_id: s.id, pending_config_id: configs[0]!.id },
    });
    expect(lapsed.status).toBe('expired');
    expect((await ok(ts, 'getSession', { token: user.token, params: { session_id: s.id } })).counts.pending).toBe(0);
    const again = await lease(user.token, s.id, 2);
    expect(again.status).toBe(200);
    expect((again.body as { configs: PendingConfig[] }).configs.map((c) => c.trial_number)).toEqual([3, 4]);
    const late = await report(user.token, s.id, configs[0]!, 4200);
    expect(late.trial_number).toBe(1);
  });

  it('a released lease goes back to the search at once, with no result recorded against it', async () => {
    const user = await signUp(ts);
    const s = await ok(ts, 'createSession', {
      token: user.token,
      body: session({ budget: { max_trials: 10, max_parallel: 1 } }),
    });
    const params = { session_id: s.id };
    const { configs } = await ok(ts, 'nextConfigs', { token: user.token, params, body: { count: 1 } });
    expect((await lease(user.token, s.id)).status).toBe(409);
    const release = { token: user.token, params: { ...params, pending_config_id: configs[0]!.id } };
    await ok(ts, 'releaseConfig', release);
    expect((await ok(ts, 'getPendingConfig', release)).status).toBe('expired');
    const state = await ok(ts, 'getSession', { token: user.token, params });
    expect(state.counts).toMatchObject({ pending: 0, evaluated: 0, failed: 0 });
    expect((await lease(user.token, s.id)).status).toBe(200);
    // Released twice, or by another user: a conflict and a 404, never a silent success.
    expect((await call(ts, 'releaseConfig', release)).status).toBe(409);
    const other = await signUp(ts);
    expect((await call(ts, 'releaseConfig', { ...release, token: other.token })).status).toBe(404);
  });

  it('never over-leases when next-configs calls race (with the tuner in its worker thread)', () =>
    onOwnServer({ max_trials: 50, max_parallel: 3 }, async ({ server, token, sessionId }) => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          call(server, 'nextConfigs', { token, params: { session_id: sessionId }, body: { count: 1 } }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
      const rows = await server.server.ctx.db
        .selectFrom('pending_configs')
        .select('trial_number')
        .where('session_id', '=', sessionId)
        .execute();
      expect(rows.map((r) => r.trial_number).sort()).toEqual([1, 2, 3]);
    }));

  it('leases every free slot to runners that ask at the same moment, each a different configuration', () =>
    onOwnServer({ max_trials: 50, max_parallel: 6 }, async ({ server, token, sessionId }) => {
      // Six runners race for six slots: each loser of a commit takes the next proposal instead of a 409.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(server, 'nextConfigs', { token, params: { session_id: sessionId }, body: { count: 1 } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const leased = answers.flatMap((a) => (a.body as { configs: PendingConfig[] }).configs);
      expect(new Set(leased.map((p) => JSON.stringify(p.config))).size).toBe(6);
      expect(leased.map((p) => p.trial_number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      // And a seventh is told to wait: the slots are all taken.
      const seventh = await call(server, 'nextConfigs', {
        token,
        params: { session_id: sessionId },
        body: { count: 1 },
      });
      expect(seventh.status).toBe(409);
    }));

  it('keeps every slot busy with 20 runners and 5 ms evaluations, and never over-leases', () =>
    onOwnServer({ max_trials: 60, max_parallel: 4 }, async ({ server, token, sessionId }) => {
      const figures = await runRunners({
        servers: [server],
        token,
        sessionId,
        runners: 20,
        evaluationMs: 5,
      });
      const held = await heldOnServer(server.server.ctx.db, sessionId);
      console.info('20 runners, 5 ms evaluations, max_parallel 4, one process:', figures, 'on the server:', held);
      expect(figures.maxHeld).toBeLessThanOrEqual(4);
      expect(held.maxHeld).toBe(4);
      expect(figures.duplicateTrials).toEqual([]);
      expect(figures.leases).toBeGreaterThan(4);
    }));

  it('warm-starts the tuner with the engine defaults and earlier results for the same model and hardware', async () => {
    const user = await signUp(ts);
    const body = session({
      setting: setting({ ml_model_name: 'org/warm-model' }),
      budget: { max_trials: 10, max_parallel: 1 },
    });
    const earlier = await ok(ts, 'createSession', { token: user.token, body });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: earlier.id },
      body: {},
    });
    await report(user.token, earlier.id, configs[0]!, 4321);

    const later = await ok(ts, 'createSession', { token: user.token, body });
    inputs.length = 0;
    await ok(ts, 'nextConfigs', { token: user.token, params: { session_id: later.id }, body: {} });
    const input = inputs[0]!;
    expect(input.warmStart?.defaults).toEqual({ max_num_seqs: 256, enable_chunked_prefill: true });
    expect(input.warmStart?.priorTrials).toEqual([
      expect.objectContaining({ config: configs[0]!.config, failure: null }),
    ]);
    expect(input.warmStart?.priorTrials?.[0]?.metrics).toMatchObject({ output_throughput: 4321, 'ttft_ms.p99': 100 });
    expect(input).toMatchObject({
      trials: [],
      pending: [],
      count: 1,
      context: { gpu_count: 1, max_seq_length: 4096 },
      seed: 7,
    });
  });
});

describe('tuner failures', () => {
  it('answers 500 "Internal search error" when the tuner reports an error or throws', async () => {
    let mode: 'error' | 'throw' = 'error';
    const server = await startServer(
      {},
      {
        propose: () => {
          if (mode === 'throw') throw new Error('boom');
          return { kind: 'error', message: 'surrogate diverged' };
        },
      },
    );
    try {
      const user = await signUp(server);
      const s = await ok(server, 'createSession', { token: user.token, body: session() });
      for (const m of ['error', 'throw'] as const) {
        mode = m;
        const answer = await call(server, 'nextConfigs', { token: user.token, params: { session_id: s.id }, body: {} });
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ detail: API_MESSAGES.searchError });
      }
      expect(server.logs.some((l) => l.includes('surrogate diverged'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
