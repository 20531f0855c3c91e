import { beforeAll, describe, expect, it } from 'vitest';
import { meanRun, splitCost, type BenchmarkMetrics, type PendingConfig } from '@mako/contract';
import { benchmark, metrics, session, setting } from './fixtures.ts';
import { call, ok, type TestServer } from './helpers.ts';
import type { SignedUpUser } from './two-users.ts';
import { serverWithRunner } from './user-with-runner.ts';

let ts: TestServer;
let alice: SignedUpUser;
let runner: string;

serverWithRunner((started) => ({ ts, alice, runner } = started));

const stats = (mean: number) => ({ mean, p50: mean, p90: mean * 1.3, p95: mean * 1.4, p99: mean * 2 });

/** A reasoning run with cached prompts and a power reading. */
function measured(throughput: number, joulesPerToken: number, hitRate: number): BenchmarkMetrics {
  const m = metrics(throughput);
  return {
    ...m,
    ttfot_ms: stats(1500),
    reasoning_tokens: Math.round(m.total_output_tokens * 0.7),
    answer_tokens: m.total_output_tokens - Math.round(m.total_output_tokens * 0.7),
    cached_prompt_tokens: Math.round(m.total_input_tokens * hitRate),
    prefix_cache_hit_rate: hitRate,
    engine_prefix_cache_hit_rate: hitRate - 0.01,
    energy: {
      joules_per_output_token: joulesPerToken,
      joules_per_request: (joulesPerToken * m.total_output_tokens) / m.completed,
      source: 'nvidia-smi',
    },
  };
}

const model = 'org/detail-metrics';
const post = (name: string, m: BenchmarkMetrics, cost: number | null = 2, modelName = model) =>
  ok(ts, 'createBenchmark', {
    token: runner,
    body: benchmark({
      setting: setting({ ml_model_name: modelName }),
      metrics: m,
      cost_per_million_tokens: cost,
      notes: name,
    }),
  });
const search = async (query: Record<string, string | number>) =>
  (await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model, ...query } })).data.map(
    (b) => b.notes,
  );

describe('reasoning, prefix cache, energy and split cost', () => {
  beforeAll(async () => {
    await post('frugal', measured(4000, 0.3, 0.8));
    await post('hungry', measured(5000, 0.9, 0.2));
    await post('unmeasured', metrics(4500), null);
  });

  it('stores them with the benchmark and answers them back', async () => {
    const created = await post('stored', measured(4200, 0.5, 0.5), 2, 'org/detail-stored');
    const read = await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: created.id } });
    expect(read.metrics).toEqual(measured(4200, 0.5, 0.5));
    expect(read.verified).toBe(true);
  });

  it('filters and sorts by them as metrics; a benchmark without them matches no bound and sorts last', async () => {
    expect(await search({ constraints: 'joules_per_output_token<=0.5' })).toEqual(['frugal']);
    expect(await search({ constraints: 'prefix_cache_hit_rate>=0.5' })).toEqual(['frugal']);
    expect((await search({ constraints: 'ttfot_ms.p99>=3000' })).sort()).toEqual(['frugal', 'hungry']);
    expect(await search({ objective: 'joules_per_output_token', constraints: 'output_throughput>=3000' })).toEqual([
      'frugal',
      'hungry',
      'unmeasured',
    ]);
    expect(await search({ objective: 'prefix_cache_hit_rate' })).toEqual(['frugal', 'hungry', 'unmeasured']);
  });

  it('prices input and output tokens apart, adding up to the whole bill', async () => {
    const m = metrics(4000);
    const split = splitCost(m, 2)!;
    const within = (metric: string, value: number) => `${metric}>=${value * 0.999},${metric}<=${value * 1.001}`;
    expect(await search({ constraints: within('cost_per_million_input_tokens', split.input as number) })).toEqual([
      'frugal',
    ]);
    expect((await search({ constraints: within('cost_per_million_output_tokens', split.output) })).sort()).toEqual([
      'frugal',
      'hungry',
    ]);
    expect(split.output).toBeLessThan(2);
  });

  it('keeps repeated runs’ energy when every run measured it from one source, else refuses it naming the field', async () => {
    const a = measured(4000, 0.3, 0.8);
    const b = measured(4100, 0.32, 0.8);
    const repeated = await ok(ts, 'createBenchmark', {
      token: runner,
      body: benchmark({
        setting: setting({ ml_model_name: 'org/detail-runs' }),
        metrics: meanRun([a, b]),
        runs: [a, b],
      }),
    });
    expect(repeated.metrics.energy).toEqual({
      joules_per_output_token: 0.31,
      joules_per_request: expect.any(Number),
      source: 'nvidia-smi',
    });
    expect(repeated.intervals?.joules_per_output_token?.mean).toBeCloseTo(0.31, 12);
    const dcgm = { ...b, energy: { ...b.energy!, source: 'dcgm' as const } };
    const answer = await call(ts, 'createBenchmark', {
      token: runner,
      body: benchmark({
        setting: setting({ ml_model_name: 'org/detail-runs' }),
        metrics: { ...meanRun([a, dcgm]), energy: meanRun([a, b]).energy },
        runs: [a, dcgm],
      }),
    });
    expect(answer.status).toBe(422);
    expect((answer.body as unknown as { detail: { loc: string[] }[] }).detail[0]?.loc).toEqual([
      'body',
      'metrics',
      'energy',
    ]);
  });
});

describe('as tuning objectives', () => {
  it('takes energy as the objective; a trial that did not measure it is no observation, not a zero', async () => {
    const created = await ok(ts, 'createSession', {
      token: alice.token,
      body: session({
        objective: { metric: 'joules_per_output_token', direction: 'minimize' },
        constraints: [{ metric: 'prefix_cache_hit_rate', op: '>=', value: 0.5 }],
        budget: { max_trials: 3, max_parallel: 3 },
      }),
    });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: runner,
      params: { session_id: created.id },
      body: { count: 3 },
    });
    const [first, second, third] = configs as [PendingConfig, PendingConfig, PendingConfig];
    const report = (pending: PendingConfig, m: BenchmarkMetrics) =>
      ok(ts, 'postResult', {
        token: runner,
        params: { session_id: created.id },
        body: { pending_config_id: pending.id, metrics: m },
      });
    expect(await report(first, measured(4000, 0.4, 0.7))).toMatchObject({ objective_value: 0.4, feasible: true });
    expect(await report(second, metrics(6000))).toMatchObject({ objective_value: null, feasible: false });
    // Measured, but the cache bound is not met.
    expect(await report(third, measured(4000, 0.2, 0.3))).toMatchObject({ objective_value: 0.2, feasible: false });
    const done = await ok(ts, 'getSession', { token: alice.token, params: { session_id: created.id } });
    expect(done.best).toMatchObject({ trial_number: first.trial_number, objective_value: 0.4 });
  });
});
