import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SweepCreate, SweepLevelInput } from '@mako/contract';
import { benchmark, metrics, setting } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let runner: string;

beforeAll(async () => {
  ts = await startServer();
  alice = await signUp(ts);
  bob = await signUp(ts);
  runner = (
    await ok(ts, 'createApiToken', {
      token: alice.token,
      body: { name: 'runner', scopes: ['read', 'benchmarks:write'] },
    })
  ).secret;
});
afterAll(() => ts.close());

const level = (load: number, over: Partial<SweepLevelInput> = {}): SweepLevelInput => ({
  load,
  passed: true,
  slo_met: 0.97,
  completed: 200,
  failed: 0,
  request_throughput: load * 0.9,
  output_throughput: load * 120,
  goodput: load * 0.88,
  ttft_p99_ms: 80 + load,
  tpot_p99_ms: 20,
  e2el_p99_ms: 2000 + load * 10,
  ...over,
});

const sweepBody = (levels: SweepLevelInput[] = [], complete = false): SweepCreate => ({
  setting: setting({ ml_model_name: 'org/swept' }),
  runtime_options: { max_num_seqs: 128 },
  over: 'concurrency',
  slo: { ttft_ms: 500, tpot_ms: 50 },
  attainment: 0.9,
  levels,
  complete,
});

describe('sweeps', () => {
  it('stores a sweep as one object that the runner fills level by level, with its verdict', async () => {
    const b1 = await ok(ts, 'createBenchmark', { token: runner, body: benchmark({ metrics: metrics(1000) }) });
    const b2 = await ok(ts, 'createBenchmark', { token: runner, body: benchmark({ metrics: metrics(1800) }) });
    const created = await ok(ts, 'createSweep', { token: runner, body: sweepBody() });
    expect(created.levels).toEqual([]);
    expect(created.complete).toBe(false);
    expect(created.verdict).toEqual({ best_load: null, first_fail_load: null, knee_load: null });

    const levels = [
      level(1, { benchmark_id: b1.id }),
      level(2, { benchmark_id: b2.id }),
      // Level 4 saturated: it fails, and its truncated figures neither pass nor bend the curve (no knee below the top).
      level(4, {
        passed: false,
        saturated: true,
        saturation: {
          signal: 'ttft',
          at_s: 6.5,
          rank_correlation: 0.91,
          first_median: 90,
          last_median: 2400,
          samples: 60,
        },
        request_throughput: 1.85,
      }),
    ];
    const updated = await ok(ts, 'updateSweep', {
      token: runner,
      params: { sweep_id: created.id },
      body: { levels, complete: true },
    });
    const read = await ok(ts, 'getSweep', { token: alice.token, params: { sweep_id: created.id } });
    for (const answer of [updated, read]) {
      expect(answer.complete).toBe(true);
      expect(answer.levels.map((l) => [l.load, l.benchmark_id, l.saturated])).toEqual([
        [1, b1.id, false],
        [2, b2.id, false],
        [4, null, true],
      ]);
      expect(answer.levels[2]?.saturation?.last_median).toBe(2400);
      // The server names each level's setting, so that the page links to the benchmark.
      expect(answer.levels.map((l) => l.setting_id)).toEqual([b1.setting.id, b2.setting.id, null]);
      expect(answer.verdict).toEqual({ best_load: 2, first_fail_load: 4, knee_load: null });
      expect(answer.setting.ml_model_name).toBe('org/swept');
      expect(answer.runtime_options).toEqual({ max_num_seqs: 128 });
    }

    // A benchmark page finds its sweep through the level that names it.
    const bySecond = await ok(ts, 'listSweeps', { token: alice.token, query: { benchmark_id: b2.id } });
    expect(bySecond.data.map((s) => s.id)).toEqual([created.id]);
    const mine = await ok(ts, 'listSweeps', { token: alice.token });
    expect(mine.data.map((s) => s.id)).toContain(created.id);
    const none = await ok(ts, 'listSweeps', { token: alice.token, query: { benchmark_id: 'no-such-benchmark' } });
    expect(none).toEqual({ data: [], count: 0 });

    // Deleting a level's benchmark drops its link; the level stays on the curve.
    await ok(ts, 'deleteBenchmark', { token: alice.token, params: { benchmark_id: b1.id } });
    const after = await ok(ts, 'getSweep', { token: alice.token, params: { sweep_id: created.id } });
    expect(after.levels.map((l) => l.benchmark_id)).toEqual([null, b2.id, null]);
  });

  it("is its owner's alone, and refuses a level naming someone else's benchmark (422 naming the field)", async () => {
    const created = await ok(ts, 'createSweep', { token: runner, body: sweepBody([level(1)]) });
    const otherRead = await call(ts, 'getSweep', { token: bob.token, params: { sweep_id: created.id } });
    expect(otherRead.status).toBe(404);
    const otherWrite = await call(ts, 'updateSweep', {
      token: bob.token,
      params: { sweep_id: created.id },
      body: { levels: [], complete: true },
    });
    expect(otherWrite.status).toBe(404);
    expect((await ok(ts, 'listSweeps', { token: bob.token })).count).toBe(0);

    const bobs = await ok(ts, 'createBenchmark', { token: bob.token, body: benchmark() });
    const refused = await call(ts, 'updateSweep', {
      token: runner,
      params: { sweep_id: created.id },
      body: { levels: [level(1), level(2, { benchmark_id: bobs.id })], complete: true },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(detailOf(refused.body))).toContain('levels');
    // Nothing was lost: the sweep still has its one level and is not complete.
    const kept = await ok(ts, 'getSweep', { token: alice.token, params: { sweep_id: created.id } });
    expect(kept.levels.map((l) => l.load)).toEqual([1]);
    expect(kept.complete).toBe(false);
  });

  it('rejects a bad level with a 422 naming the field, and needs benchmarks:write to write', async () => {
    const bad = await call(ts, 'createSweep', {
      token: runner,
      body: { ...sweepBody(), levels: [{ ...level(1), slo_met: 1.5 }] },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(detailOf(bad.body))).toContain('slo_met');
    const reader = (await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'reader', scopes: ['read'] } }))
      .secret;
    const denied = await call(ts, 'createSweep', { token: reader, body: sweepBody() });
    expect(denied.status).toBe(403);
  });
});
