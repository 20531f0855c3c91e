import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type PendingConfig } from '@mako/contract';
import { benchmark, metrics, session, setting } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // The response cache on, as in production: a withdrawn item must not be served from it.
  ts = await startServer({ responseCache: { maxMb: 8, ttlS: 60 } });
  owner = await signUp(ts);
});
afterAll(() => ts.close());

/** What a visitor without an account gets for a path under the API: status and the parsed body. */
async function anonymous(path: string) {
  const response = await fetch(`${ts.baseUrl}${API_PREFIX}${path}`, { headers: { accept: 'application/json' } });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Nothing in an answer names a person other than by the opaque owner id. */
function expectNoPrivateFields(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toContain(owner.user.email);
  expect(text).not.toMatch(/"(email|token|access_token|secret|password\w*)":/);
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('a published benchmark', () => {
  it('opens for anyone, is the same 404 when private or missing, and is gone at once when withdrawn', async () => {
    const published = await ok(ts, 'createBenchmark', {
      token: owner.token,
      body: benchmark({ published: true, notes: 'driver 550' }),
    });
    const hidden = await ok(ts, 'createBenchmark', {
      token: owner.token,
      body: benchmark({ setting: setting({ ml_model_name: 'org/private-model' }) }),
    });

    const open = await call(ts, 'publicBenchmark', { params: { benchmark_id: published.id } });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id: published.id, published: true, owner: owner.user.id });
    // The setting's count is what a visitor may see: its published benchmarks.
    expect(open.body.setting.benchmark_count).toBe(1);
    expectNoPrivateFields(open.body);

    const missing = await anonymous(`/public/benchmarks/${MISSING_ID}`);
    const private_ = await anonymous(`/public/benchmarks/${hidden.id}`);
    expect(missing).toEqual({ status: 404, body: { detail: 'Benchmark not found' } });
    expect(private_).toEqual(missing);
    // A token changes nothing: the owner's own private benchmark has no public page either.
    const asOwner = await call(ts, 'publicBenchmark', { token: owner.token, params: { benchmark_id: hidden.id } });
    expect(asOwner.status).toBe(404);

    // Read twice so the second answer comes from the response cache, then withdraw it.
    expect((await anonymous(`/public/benchmarks/${published.id}`)).status).toBe(200);
    await ok(ts, 'patchBenchmark', {
      token: owner.token,
      params: { benchmark_id: published.id },
      body: { published: false },
    });
    expect(await anonymous(`/public/benchmarks/${published.id}`)).toEqual(missing);
  });
});

describe('a setting with published benchmarks', () => {
  it('shows only the published ones, and is a 404 once none is left', async () => {
    const model = `org/share-setting-${Date.now().toString(36)}`;
    const body = (published: boolean, throughput: number) =>
      benchmark({
        published,
        setting: setting({ ml_model_name: model }),
        metrics: metrics(throughput),
        runtime_options: { max_num_seqs: throughput },
      });
    const first = await ok(ts, 'createBenchmark', { token: owner.token, body: body(true, 100) });
    const second = await ok(ts, 'createBenchmark', { token: owner.token, body: body(true, 200) });
    const privateOne = await ok(ts, 'createBenchmark', { token: owner.token, body: body(false, 300) });
    const settingId = first.setting.id;
    expect(privateOne.setting.id).toBe(settingId);

    const page = await ok(ts, 'publicSetting', { params: { setting_id: settingId } });
    expect(page.setting).toMatchObject({ id: settingId, ml_model_name: model, benchmark_count: 2 });
    expect(page.benchmarks.map((b) => b.id).sort()).toEqual([first.id, second.id].sort());
    expectNoPrivateFields(page);

    const missing = await anonymous(`/public/settings/${MISSING_ID}`);
    expect(missing).toEqual({ status: 404, body: { detail: 'Benchmark setting not found' } });
    const privateSetting = await ok(ts, 'createBenchmark', {
      token: owner.token,
      body: benchmark({ setting: setting({ ml_model_name: `${model}-private` }) }),
    });
    expect(await anonymous(`/public/settings/${privateSetting.setting.id}`)).toEqual(missing);

    // Withdrawing one drops it from the page at once (the first read of the page was cached).
    await ok(ts, 'patchBenchmark', {
      token: owner.token,
      params: { benchmark_id: second.id },
      body: { published: false },
    });
    const after = await ok(ts, 'publicSetting', { params: { setting_id: settingId } });
    expect(after.benchmarks.map((b) => b.id)).toEqual([first.id]);
    expect(after.setting.benchmark_count).toBe(1);
    await ok(ts, 'deleteBenchmark', { token: owner.token, params: { benchmark_id: first.id } });
    expect(await anonymous(`/public/settings/${settingId}`)).toEqual(missing);
  });
});

describe('a shared tuning session', () => {
  const lease = async (token: string, sessionId: string) =>
    (await ok(ts, 'nextConfigs', { token, params: { session_id: sessionId }, body: { count: 1 } })).configs[0]!;
  const report = (token: string, sessionId: string, pending: PendingConfig, throughput: number) =>
    ok(ts, 'postResult', {
      token,
      params: { session_id: sessionId },
      body: { pending_config_id: pending.id, metrics: metrics(throughput) },
    });

  it('can be shared by its owner once finished, opens for anyone then, and is a 404 when unshared', async () => {
    const user = await signUp(ts);
    const created = await ok(ts, 'createSession', {
      token: user.token,
      body: session({ budget: { max_trials: 2, max_parallel: 1 } }),
    });
    const params = { session_id: created.id };
    expect(created.shared).toBe(false);
    const path = `/public/tuning-sessions/${created.id}`;
    const missing = await anonymous(`/public/tuning-sessions/${MISSING_ID}`);
    expect(missing).toEqual({ status: 404, body: { detail: 'Tuning session not found' } });
    expect(await anonymous(path)).toEqual(missing);

    // While it runs it cannot be shared: its page would change under its readers.
    await report(user.token, created.id, await lease(user.token, created.id), 1000);
    const early = await call(ts, 'shareSession', { token: user.token, params, body: { shared: true } });
    expect(early.status).toBe(409);
    expect(detailOf(early.body)).toBe('Only a finished tuning session can be shared');
    // Nor by anyone but its owner, nor without an account.
    await report(user.token, created.id, await lease(user.token, created.id), 1500);
    expect((await ok(ts, 'getSession', { token: user.token, params })).status).toBe('complete');
    const stranger = await call(ts, 'shareSession', { token: owner.token, params, body: { shared: true } });
    expect(stranger.status).toBe(404);
    expect((await call(ts, 'shareSession', { params, body: { shared: true } })).status).toBe(401);
    expect(await anonymous(path)).toEqual(missing);

    const shared = await ok(ts, 'shareSession', { token: user.token, params, body: { shared: true } });
    expect(shared.shared).toBe(true);
    const page = await ok(ts, 'publicTuningSession', { params });
    expect(page.session).toMatchObject({ id: created.id, status: 'complete', shared: true });
    expect(page.trials.map((t) => t.trial_number)).toEqual([1, 2]);
    expect(page.best?.result.objective_value).toBe(Math.max(...page.trials.map((t) => t.objective_value ?? 0)));
    expect(page.best?.launch_command).toContain('serve');
    // Too few trials for a model: the insights say so, as on the owner's page.
    expect(page.insights).toEqual(await ok(ts, 'getSessionInsights', { token: user.token, params }));
    expect(page.insights?.importance).toEqual([]);
    const text = JSON.stringify(page);
    expect(text).not.toContain(user.user.email);
    expect(text).not.toContain(owner.user.email);

    await ok(ts, 'shareSession', { token: user.token, params, body: { shared: false } });
    expect(await anonymous(path)).toEqual(missing);
  });
});

describe('a shared multi-objective session', () => {
  it('answers its Pareto front and the insights its owner sees, fitted on its trials', async () => {
    const user = await signUp(ts);
    const created = await ok(ts, 'createSession', {
      token: user.token,
      body: session({
        objective: { metric: 'output_throughput_per_gpu', direction: 'maximize' },
        objectives: [
          { metric: 'output_throughput_per_gpu', direction: 'maximize' },
          { metric: 'output_throughput_per_user', direction: 'maximize' },
        ],
        budget: { max_trials: 8, max_parallel: 4 },
      }),
    });
    const params = { session_id: created.id };
    // [output tok/s, TPOT p50 ms], one of eight failing out of memory: enough successes for a model.
    const plan: ([number, number] | null)[] = [
      [4000, 20],
      [8000, 40],
      [3000, 30],
      null,
      [6000, 25],
      [5000, 22],
      [7000, 35],
      [4500, 21],
    ];
    for (const batch of [plan.slice(0, 4), plan.slice(4)]) {
      const { configs } = await ok(ts, 'nextConfigs', { token: user.token, params, body: { count: 4 } });
      for (const [i, outcome] of batch.entries())
        await ok(ts, 'postResult', {
          token: user.token,
          params,
          body: outcome
            ? { pending_config_id: configs[i]!.id, metrics: metrics(outcome[0], 80, outcome[1]) }
            : { pending_config_id: configs[i]!.id, failure: { kind: 'oom', message: 'CUDA out of memory' } },
        });
    }
    const finished = await ok(ts, 'getSession', { token: user.token, params });
    expect(finished.status).toBe('complete');
    await ok(ts, 'shareSession', { token: user.token, params, body: { shared: true } });

    const page = await ok(ts, 'publicTuningSession', { params });
    expect(page.session.objectives).toHaveLength(2);
    expect(page.session.pareto_front?.length).toBeGreaterThan(1);
    expect(page.session.pareto_front).toEqual(finished.pareto_front);
    const owners = await ok(ts, 'getSessionInsights', { token: user.token, params });
    expect(page.insights).toEqual(owners);
    expect(page.insights?.trials_fitted).toBe(7);
    expect(page.insights?.importance.length).toBeGreaterThan(0);
    expectNoPrivateFields(page);
  });
});

describe('anonymous reads', () => {
  it('are held to the per-IP burst limit', async () => {
    const limited = await startServer({ authRateLimit: { max: 2, windowS: 60 } });
    try {
      const path = `/public/benchmarks/${MISSING_ID}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await fetch(`${limited.baseUrl}${API_PREFIX}${path}`).then((r) => (void r.body?.cancel(), r))).status,
        );
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
