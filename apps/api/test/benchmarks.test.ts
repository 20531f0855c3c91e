import { beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, type Benchmark } from '@mako/contract';
import { benchmark, metrics, session, setting } from './fixtures.ts';
import { call, detailOf, ok, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';

let ts: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

serverWithTwoUsers((started) => ({ ts, alice, bob } = started));

const create = (token: string, overrides: Parameters<typeof benchmark>[0] = {}) =>
  ok(ts, 'createBenchmark', { token, body: benchmark(overrides) });

describe('creating benchmarks', () => {
  it('stores a benchmark under a setting found by content, owned by the caller', async () => {
    const model = 'org/create-model';
    const first = await create(alice.token, {
      setting: setting({ ml_model_name: model }),
      cost_per_million_tokens: 0.12,
    });
    const second = await create(alice.token, {
      setting: setting({ ml_model_name: model }),
      runtime_options: { max_num_seqs: 512 },
    });
    expect(first.owner).toBe(alice.user.id);
    expect(second.setting.id).toBe(first.setting.id);
    expect(second.setting.benchmark_count).toBe(2);
    expect(first.cost_per_million_tokens).toBe(0.12);
    expect(first.output_throughput_per_gpu).toBe(5000);
    expect(first.output_throughput_per_user).toBeCloseTo(1000 / 21);
    expect(first).toMatchObject({ published: false, demo: false, verified: false, session_id: null });

    const bobs = await create(bob.token, { setting: setting({ ml_model_name: model }) });
    expect(bobs.setting.id).not.toBe(first.setting.id);
  });

  it('validates bodies with FastAPI 422 details', async () => {
    const bad = await call(ts, 'createBenchmark', {
      token: alice.token,
      body: { ...benchmark(), setting: setting({ workload: { min_prompt: 900, max_prompt: 100 } }) },
    });
    expect(bad.status).toBe(422);
    expect(detailOf(bad.body)).toEqual([
      {
        loc: ['body', 'setting', 'workload', 'min_prompt'],
        msg: 'min_prompt must not exceed max_prompt',
        type: 'custom',
      },
    ]);
    expect((await call(ts, 'createBenchmark', { body: benchmark() })).status).toBe(401);
  });

  it('refuses a session id that is not the caller’s', async () => {
    const s = await ok(ts, 'createSession', { token: alice.token, body: session() });
    const answer = await call(ts, 'createBenchmark', { token: bob.token, body: benchmark({ session_id: s.id }) });
    expect(answer.status).toBe(404);
  });

  it('marks runner-reported, self-consistent measurements as verified', async () => {
    const { secret } = await ok(ts, 'createApiToken', { token: alice.token, body: { name: 'runner' } });
    expect((await create(secret)).verified).toBe(true);
    const inconsistent = { ...metrics(5000), output_throughput: 9999 };
    expect((await create(secret, { metrics: inconsistent })).verified).toBe(false);
    expect((await create(alice.token)).verified).toBe(false);
  });
});

describe('ownership and visibility', () => {
  let priv: Benchmark;
  let pub: Benchmark;
  beforeAll(async () => {
    const s = setting({ ml_model_name: 'org/visibility-model' });
    priv = await create(alice.token, { setting: s });
    pub = await create(alice.token, { setting: s, published: true, runtime_options: { max_num_seqs: 64 } });
  });

  it('gives other users 404 for private objects and lets everyone read published ones', async () => {
    expect((await call(ts, 'getBenchmark', { token: bob.token, params: { benchmark_id: priv.id } })).status).toBe(404);
    expect((await ok(ts, 'getBenchmark', { token: bob.token, params: { benchmark_id: pub.id } })).id).toBe(pub.id);
    expect((await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: priv.id } })).id).toBe(priv.id);
  });

  it('counts only what the viewer may see under a setting', async () => {
    expect(
      (await ok(ts, 'getSetting', { token: alice.token, params: { setting_id: pub.setting.id } })).benchmark_count,
    ).toBe(2);
    expect(
      (await ok(ts, 'getSetting', { token: bob.token, params: { setting_id: pub.setting.id } })).benchmark_count,
    ).toBe(1);
    const listed = await ok(ts, 'listBySetting', { token: bob.token, params: { setting_id: pub.setting.id } });
    expect(listed.data.map((b) => b.id)).toEqual([pub.id]);
    expect(listed.count).toBe(1);
  });

  it('hides settings without published benchmarks from other users', async () => {
    const hidden = await create(alice.token, { setting: setting({ ml_model_name: 'org/hidden-model' }) });
    expect((await call(ts, 'getSetting', { token: bob.token, params: { setting_id: hidden.setting.id } })).status).toBe(
      404,
    );
    expect(
      (await call(ts, 'listBySetting', { token: bob.token, params: { setting_id: hidden.setting.id } })).status,
    ).toBe(404);
    const bobsList = await ok(ts, 'listSettings', { token: bob.token, query: { limit: 1000 } });
    const ids = bobsList.data.map((s) => s.id);
    expect(ids).not.toContain(hidden.setting.id);
    expect(ids).toContain(pub.setting.id);
  });

  it('lets owned_by name only the caller', async () => {
    const mine = await ok(ts, 'listSettings', { token: bob.token, query: { owned_by: 'me' } });
    expect(mine.data.every((s) => s.owner === bob.user.id)).toBe(true);
    const byId = await ok(ts, 'listSettings', { token: bob.token, query: { owned_by: bob.user.id } });
    expect(byId.count).toBe(mine.count);
    const foreign = await call(ts, 'listSettings', { token: bob.token, query: { owned_by: alice.user.id } });
    expect(foreign.status).toBe(403);
    const foreignBenchmarks = await call(ts, 'listBySetting', {
      token: bob.token,
      params: { setting_id: pub.setting.id },
      query: { owned_by: alice.user.id },
    });
    expect(foreignBenchmarks.status).toBe(403);
    const own = await ok(ts, 'listBySetting', {
      token: bob.token,
      params: { setting_id: pub.setting.id },
      query: { owned_by: 'me' },
    });
    expect(own.count).toBe(0);
  });

  it('lets only the owner patch and delete, and PATCH cannot change the owner', async () => {
    const target = await create(alice.token, { setting: setting({ ml_model_name: 'org/patch-model' }) });
    const params = { benchmark_id: target.id };
    expect((await call(ts, 'patchBenchmark', { token: bob.token, params, body: { published: true } })).status).toBe(
      404,
    );
    expect((await call(ts, 'deleteBenchmark', { token: bob.token, params })).status).toBe(404);
    const withOwner = await call(ts, 'patchBenchmark', { token: alice.token, params, body: { owner: bob.user.id } });
    expect(withOwner.status).toBe(422);
    expect(detailOf(withOwner.body)).toEqual([expect.objectContaining({ type: 'unrecognized_keys' })]);

    const patched = await ok(ts, 'patchBenchmark', {
      token: alice.token,
      params,
      body: { published: true, notes: 'driver 570', cost_per_million_tokens: 0.2 },
    });
    expect(patched).toMatchObject({
      published: true,
      notes: 'driver 570',
      cost_per_million_tokens: 0.2,
      owner: alice.user.id,
    });
    expect(
      (await ok(ts, 'getSetting', { token: bob.token, params: { setting_id: target.setting.id } })).benchmark_count,
    ).toBe(1);
    expect((await ok(ts, 'getBenchmark', { token: bob.token, params })).notes).toBe('driver 570');

    await ok(ts, 'patchBenchmark', { token: alice.token, params, body: { published: false } });
    expect((await call(ts, 'getBenchmark', { token: bob.token, params })).status).toBe(404);

    expect((await ok(ts, 'deleteBenchmark', { token: alice.token, params })).message).toBe('Benchmark deleted');
    expect((await call(ts, 'getBenchmark', { token: alice.token, params })).status).toBe(404);
    expect((await call(ts, 'deleteBenchmark', { token: alice.token, params })).status).toBe(404);
    expect(
      (await ok(ts, 'getSetting', { token: alice.token, params: { setting_id: target.setting.id } })).benchmark_count,
    ).toBe(0);
  });
});

describe('by-setting lists', () => {
  it('separates session results from single benchmarks', async () => {
    const s = setting({ ml_model_name: 'org/session-split' });
    const tuning = await ok(ts, 'createSession', { token: alice.token, body: session({ setting: s }) });
    const single = await create(alice.token, { setting: s });
    const fromSession = await create(alice.token, { setting: s, session_id: tuning.id });
    const params = { setting_id: single.setting.id };
    const all = await ok(ts, 'listBySetting', { token: alice.token, params });
    expect(all.data.map((b) => b.id).sort()).toEqual([single.id, fromSession.id].sort());
    const noSession = await ok(ts, 'listBySettingNoSession', { token: alice.token, params });
    expect(noSession.data.map((b) => b.id)).toEqual([single.id]);
    const paged = await ok(ts, 'listBySetting', { token: alice.token, params, query: { limit: 1, offset: 1 } });
    expect(paged.data).toHaveLength(1);
    expect(paged.count).toBe(2);
    expect((await call(ts, 'listBySetting', { token: alice.token, params, query: { limit: 0 } })).status).toBe(422);
  });
});

describe('search', () => {
  const model = 'org/search-model';
  let ids: Record<string, string>;
  beforeAll(async () => {
    const mk = async (
      label: string,
      token: string,
      over: Parameters<typeof setting>[0],
      m = metrics(1000),
      published = true,
    ) =>
      [
        label,
        (await create(token, { setting: setting({ ml_model_name: model, ...over }), metrics: m, published })).id,
      ] as const;
    ids = Object.fromEntries(
      await Promise.all([
        mk('h100-fast', alice.token, { hardware_config: { name: 'H100', count: 1 } }, metrics(9000, 50)),
        mk('h100-slow', bob.token, { hardware_config: { name: 'H100', count: 1 } }, metrics(3000, 30)),
        mk(
          'a100',
          alice.token,
          { hardware_config: { name: 'A100-80GB', count: 2 }, workload: { dataset: 'sharegpt' } },
          metrics(4000, 200),
        ),
        mk(
          'inf',
          alice.token,
          { workload: { request_rate: 'inf', num_requests: 200, max_seq_length: 8192, output_len: 512 } },
          metrics(6000, 400),
        ),
        mk('sglang', alice.token, {
          software: { runtime: 'sglang', version: '0.5.3' },
          workload: { min_prompt: 64, max_prompt: 128, min_output: 16, max_output: 32 },
        }),
        mk('private-alice', alice.token, {}, metrics(20000), false),
      ]),
    );
  });

  const search = async (query: Record<string, unknown>, token: string | null = bob.token) => {
    const page = await ok(ts, 'searchBenchmarks', { token, query: { model_name: model, ...query } });
    return page.data.map((b) => Object.entries(ids).find(([, id]) => id === b.id)?.[0]);
  };

  it('shows published benchmarks to everyone and private ones only to their owner', async () => {
    expect((await search({}, null)).sort()).toEqual(['a100', 'h100-fast', 'h100-slow', 'inf', 'sglang']);
    expect(await search({}, alice.token)).toContain('private-alice');
    expect(await search({}, bob.token)).not.toContain('private-alice');
    expect(await search({ published: false }, alice.token)).toEqual(['private-alice']);
    expect(await search({ published: false }, bob.token)).toEqual([]);
    expect(await search({ published: 'false' }, null)).toEqual([]);
  });

  it('applies every filter', async () => {
    expect((await search({ hardware_name: 'H100' })).sort()).toEqual(['h100-fast', 'h100-slow', 'inf', 'sglang']);
    expect(await search({ dataset: 'sharegpt' })).toEqual(['a100']);
    expect(await search({ software_version: '0.5.3' })).toEqual(['sglang']);
    expect(await search({ request_rate: 'inf' })).toEqual(['inf']);
    expect((await search({ request_rate: 10 })).length).toBe(4);
    expect(await search({ num_requests: 200 })).toEqual(['inf']);
    expect(await search({ max_seq_length: 8192 })).toEqual(['inf']);
    expect(await search({ output_len: 512 })).toEqual(['inf']);
    expect(await search({ min_seq: 5000 })).toEqual(['inf']);
    expect((await search({ max_seq: 5000 })).length).toBe(4);
    expect(await search({ max_prompt: 200 })).toEqual(['sglang']);
    expect((await search({ min_prompt: 100 })).length).toBe(4);
    expect(await search({ max_output: 64 })).toEqual(['sglang']);
    expect((await search({ min_output: 100 })).length).toBe(4);
    expect(await search({ verified: true })).toEqual([]);
    expect(await search({ model_name: 'org/nothing' })).toEqual([]);
  });

  it('ranks by an objective in its natural direction and honours constraints', async () => {
    expect(await search({ hardware_name: 'H100', objective: 'output_throughput', limit: 2 })).toEqual([
      'h100-fast',
      'inf',
    ]);
    expect((await search({ objective: 'ttft_ms.p50' }))[0]).toBe('h100-slow');
    expect(await search({ constraints: 'ttft_ms.p50<=100,output_throughput>=5000' })).toEqual(['h100-fast']);
    const page = await ok(ts, 'searchBenchmarks', { token: bob.token, query: { model_name: model, limit: 2 } });
    expect(page.count).toBe(5);
    expect(page.data).toHaveLength(2);
  });

  it('filters by each constraint operator, as written or spaced', async () => {
    const sorted = async (constraints: string) => (await search({ constraints })).sort();
    expect(await sorted('output_throughput>6000')).toEqual(['h100-fast']);
    expect(await sorted('output_throughput>=6000')).toEqual(['h100-fast', 'inf']);
    expect(await sorted('ttft_ms.p50<50')).toEqual(['h100-slow']);
    expect(await sorted(' ttft_ms.p50 <= 50 , output_throughput >= 1e3 ,')).toEqual(['h100-fast', 'h100-slow']);
  });

  it('answers a bad constraint with a 422 naming it, even beside good ones', async () => {
    const detail = async (constraints: string) => {
      const answer = await call(ts, 'searchBenchmarks', { query: { model_name: model, constraints } });
      expect(answer.status).toBe(422);
      return detailOf(answer.body);
    };
    expect(await detail('ttft_ms.p99<<3')).toEqual([
      {
        loc: ['query', 'constraints'],
        msg: "Invalid constraint 'ttft_ms.p99<<3': expected metric<=value",
        type: 'custom',
      },
    ]);
    expect(await detail('output_throughput>=1000,speed>3')).toEqual([
      { loc: ['query', 'constraints'], msg: "Unknown metric 'speed' in constraint 'speed>3'", type: 'custom' },
    ]);
  });

  it('rejects bad filters instead of ignoring them', async () => {
    expect((await call(ts, 'searchBenchmarks', { query: { objective: 'speed' } })).status).toBe(422);
    expect((await call(ts, 'searchBenchmarks', { query: { verified: 'maybe' } })).status).toBe(422);
    expect((await call(ts, 'searchBenchmarks', { query: { limit: 5000 } })).status).toBe(422);
    expect((await call(ts, 'searchBenchmarks', { token: 'expired-or-forged' })).status).toBe(401);
  });
});

describe('runtime options and the best-setup report', () => {
  it('lists the tunable flags of vLLM, SGLang and TensorRT-LLM', async () => {
    const { runtimes } = await ok(ts, 'supportedRuntimeOptions');
    expect(runtimes.map((r) => r.runtime)).toEqual([...RUNTIMES]);
    const seqs = runtimes[0]!.options.find((o) => o.name === 'max_num_seqs')!;
    expect(seqs).toMatchObject({
      flag: '--max-num-seqs',
      kind: 'int',
      default: 256,
      low: 8,
      high: 1024,
      tunable: true,
    });
  });

  it('picks the best visible setup and its gain over the engine defaults of the same setting', async () => {
    const model = 'org/report-model';
    const s = setting({ ml_model_name: model, hardware_config: { name: 'L40S', count: 2 } });
    const base = await create(alice.token, {
      setting: s,
      published: true,
      runtime_options: { tensor_parallel_size: 2, max_num_seqs: 256 },
      metrics: metrics(4000, 90),
    });
    const tuned = await create(alice.token, {
      setting: s,
      published: true,
      runtime_options: { tensor_parallel_size: 2, max_num_seqs: 512 },
      metrics: metrics(5000, 120),
    });
    await create(bob.token, { setting: s, runtime_options: { max_num_seqs: 1024 }, metrics: metrics(9000, 40) });

    const report = await ok(ts, 'bestBenchmarkReport', {
      token: alice.token,
      query: { model_name: model, hardware_name: 'L40S', objective: 'output_throughput' },
    });
    expect(report.best.id).toBe(tuned.id);
    expect(report.baseline?.id).toBe(base.id);
    expect(report.improvement_pct).toBeCloseTo(25);
    expect(report.direction).toBe('maximize');
    expect(report.candidates).toBe(2);
    expect(report.launch_command).toBe(`vllm serve ${model} --tensor-parallel-size 2 --max-num-seqs 512`);

    const latency = await ok(ts, 'bestBenchmarkReport', {
      token: alice.token,
      query: { model_name: model, hardware_name: 'L40S', objective: 'ttft_ms.p50' },
    });
    expect(latency.best.id).toBe(base.id);
    expect(latency.improvement_pct).toBe(0);

    // Bob also sees his own private, faster run.
    const bobs = await ok(ts, 'bestBenchmarkReport', {
      token: bob.token,
      query: { model_name: model, hardware_name: 'L40S', objective: 'output_throughput' },
    });
    expect(bobs.best.owner).toBe(bob.user.id);
    expect(bobs.improvement_pct).toBeCloseTo(125);

    const none = await call(ts, 'bestBenchmarkReport', {
      token: alice.token,
      query: { model_name: model, hardware_name: 'B200', objective: 'output_throughput' },
    });
    expect(none.status).toBe(404);
    expect((await call(ts, 'bestBenchmarkReport', { token: alice.token, query: { model_name: model } })).status).toBe(
      422,
    );
  });
});
