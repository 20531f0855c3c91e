import { describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  buildPath,
  endpoints,
  type Benchmark,
  type BenchmarkCreate,
  type BenchmarkMetrics,
} from '@mako/contract';
import { CountCache, catalogueVersion } from '../src/services/count-cache.ts';
import { rebuildStaleDocuments } from '../src/services/benchmarks/documents.ts';
import { insertBenchmark, measuredPrediction } from '../src/services/benchmarks/store.ts';
import { benchmark, metrics, setting } from './fixtures.ts';
import { ok, type TestServer } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';

// Every answer here is computed afresh: the response cache would hide what these tests look at.
let ts: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

serverWithTwoUsers((started) => ({ ts, alice, bob } = started), { responseCache: { maxMb: 0, ttlS: 0 } });

/** The answer as the API serialised it before documents were stored: every field, in the contract's order. */
function expectedAnswer(
  input: BenchmarkCreate,
  measured: BenchmarkMetrics,
  stored: Benchmark,
  benchmarkCount: number,
): Benchmark {
  const { ml_model_name, hardware_config, software, workload } = input.setting;
  return {
    id: stored.id,
    setting: {
      id: stored.setting.id,
      owner: stored.owner,
      created_at: stored.setting.created_at,
      benchmark_count: benchmarkCount,
      ml_model_name,
      hardware_config: { name: hardware_config.name, count: hardware_config.count },
      software: { runtime: software.runtime, version: software.version },
      workload: {
        dataset: workload.dataset,
        num_requests: workload.num_requests,
        request_rate: workload.request_rate,
        burstiness: workload.burstiness ?? 1,
        max_concurrency: workload.max_concurrency ?? null,
        max_seq_length: workload.max_seq_length,
        output_len: workload.output_len,
        min_prompt: workload.min_prompt,
        max_prompt: workload.max_prompt,
        min_output: workload.min_output,
        max_output: workload.max_output,
      },
    },
    session_id: null,
    runtime_options: input.runtime_options,
    metrics: measured,
    cost_per_million_tokens: input.cost_per_million_tokens ?? null,
    output_throughput_per_gpu: measured.output_throughput / hardware_config.count,
    output_throughput_per_user: 1000 / measured.tpot_ms.mean,
    verified: false,
    published: input.published ?? false,
    demo: false,
    notes: input.notes ?? '',
    owner: stored.owner,
    created_at: stored.created_at,
  };
}

async function rawGet(path: string, token: string | null) {
  const response = await fetch(`${ts.baseUrl}${API_PREFIX}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return response.text();
}

describe('answers spliced from stored documents', () => {
  it('are byte for byte what serialising the fields gives, with each viewer’s own count', async () => {
    const model = 'org/documents-model';
    // Free text that looks like the splice point, escapes and non-ASCII must survive untouched.
    const notes = 'driver "570" \\ "benchmark_count":-1 — ünïcødé 🚀\nline two';
    const measured = metrics(7000, 35);
    const input = benchmark({
      setting: setting({
        ml_model_name: model,
        hardware_config: { name: 'H100', count: 4 },
        workload: { request_rate: 'inf' },
      }),
      runtime_options: { tensor_parallel_size: 4, enable_prefix_caching: true, kv_cache_dtype: 'fp8' },
      metrics: measured,
      cost_per_million_tokens: 0.125,
      published: true,
      notes,
    });
    const published = await ok(ts, 'createBenchmark', { token: alice.token, body: input });
    await ok(ts, 'createBenchmark', { token: alice.token, body: { ...input, published: false, notes: '' } });

    const query = `/benchmarks/all?model_name=${encodeURIComponent(model)}`;
    const forAlice = await rawGet(query, alice.token);
    const forBob = await rawGet(query, bob.token);
    const forNobody = await rawGet(query, null);
    const aliceItem = (JSON.parse(forAlice) as { data: Benchmark[] }).data.find((b) => b.id === published.id)!;
    expect(JSON.stringify(aliceItem)).toBe(JSON.stringify(expectedAnswer(input, measured, published, 2)));
    expect(forBob).toBe(`{"data":[${JSON.stringify(expectedAnswer(input, measured, published, 1))}],"count":1}`);
    expect(forNobody).toBe(forBob);
    // Re-serialising changes nothing: no stray whitespace or number formatting in the splice.
    expect(JSON.stringify(JSON.parse(forAlice))).toBe(forAlice);

    const single = await rawGet(buildPath(endpoints.getBenchmark.path, { benchmark_id: published.id }), bob.token);
    // The single answer adds the prediction, which pages leave out (perf-model does not know this model).
    const prediction = { kind: 'none', reason: `The performance model does not know the model ${model}.` };
    expect(single).toBe(JSON.stringify({ ...expectedAnswer(input, measured, published, 1), prediction }));
    const bySetting = await rawGet(
      buildPath(endpoints.listBySetting.path, { setting_id: published.setting.id }),
      alice.token,
    );
    expect((JSON.parse(bySetting) as { count: number }).count).toBe(2);
    expect(bySetting).toContain(JSON.stringify(aliceItem));
  });

  it('follow every change PATCH makes', async () => {
    const model = 'org/documents-patch';
    const created = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ ml_model_name: model }), published: true }),
    });
    const params = { benchmark_id: created.id };
    await ok(ts, 'patchBenchmark', {
      token: alice.token,
      params,
      body: { notes: 'after "patch"', cost_per_million_tokens: 0.5 },
    });
    const [found] = (await ok(ts, 'searchBenchmarks', { token: bob.token, query: { model_name: model } })).data;
    expect(found).toMatchObject({ notes: 'after "patch"', cost_per_million_tokens: 0.5, published: true });
    await ok(ts, 'patchBenchmark', {
      token: alice.token,
      params,
      body: { published: false, cost_per_million_tokens: null },
    });
    expect((await ok(ts, 'searchBenchmarks', { token: bob.token, query: { model_name: model } })).count).toBe(0);
    const [own] = (await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model } })).data;
    expect(own).toMatchObject({ published: false, cost_per_million_tokens: null, notes: 'after "patch"' });
  });

  it('are rebuilt at start when stored in an older format', async () => {
    const model = 'org/documents-rebuild';
    const created = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ ml_model_name: model }), notes: 'kept' }),
    });
    const { db } = ts.server.ctx;
    await db.updateTable('benchmarks').set({ doc_head: '', doc_tail: '' }).execute();
    await db.updateTable('catalogue_state').set({ value: 0 }).where('name', '=', 'benchmark_documents').execute();

    const total = Number(
      (
        await db
          .selectFrom('benchmarks')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await rebuildStaleDocuments(db, 3)).toBe(total);
    expect(await rebuildStaleDocuments(db)).toBe(0);
    expect(await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: created.id } })).toEqual(created);
  });
});

describe('search ranking', () => {
  it('puts the best first in the metric’s natural direction and benchmarks without the metric last', async () => {
    const model = 'org/ranking-model';
    const make = async (throughput: number, cost: number | null) => {
      ts.advance(1000); // distinct creation times, so newest-first is determined
      return (
        await ok(ts, 'createBenchmark', {
          token: alice.token,
          body: benchmark({
            setting: setting({ ml_model_name: model }),
            metrics: metrics(throughput),
            cost_per_million_tokens: cost,
          }),
        })
      ).id;
    };
    const [cheap, pricey, unknown, fastest] = [
      await make(2000, 0.1),
      await make(3000, 0.4),
      await make(4000, null),
      await make(5000, 0.2),
    ];
    const rank = async (query: Record<string, unknown>) =>
      (await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model, ...query } })).data.map(
        (b) => b.id,
      );
    expect(await rank({ objective: 'cost_per_million_tokens' })).toEqual([cheap, fastest, pricey, unknown]);
    expect(await rank({ objective: 'output_throughput' })).toEqual([fastest, unknown, pricey, cheap]);
    expect(await rank({ objective: 'cost_per_million_tokens', limit: 2, offset: 2 })).toEqual([pricey, unknown]);
    expect(await rank({})).toEqual([fastest, unknown, pricey, cheap]);
  });
});

describe('search counts', () => {
  it('stay exact after writes through the API and behind its back', async () => {
    const model = 'org/count-model';
    const { db } = ts.server.ctx;
    const count = async (token: string) =>
      (await ok(ts, 'searchBenchmarks', { token, query: { model_name: model, limit: 1 } })).count;
    const body = benchmark({ setting: setting({ ml_model_name: model }), published: true });
    const first = await ok(ts, 'createBenchmark', { token: alice.token, body });
    expect([await count(alice.token), await count(bob.token)]).toEqual([1, 1]);

    await ok(ts, 'createBenchmark', { token: alice.token, body });
    expect([await count(alice.token), await count(bob.token)]).toEqual([2, 2]);

    // Writes another server process (or an operator) makes reach the same database only.
    await db.updateTable('benchmarks').set({ published: 0 }).where('id', '=', first.id).execute();
    expect([await count(alice.token), await count(bob.token)]).toEqual([2, 1]);
    const stored = await db
      .selectFrom('benchmark_settings')
      .selectAll()
      .where('id', '=', first.setting.id)
      .executeTakeFirstOrThrow();
    const input = {
      runtime_options: {},
      metrics: metrics(1000),
      cost_per_million_tokens: null,
      notes: '',
      published: true,
    };
    await db.transaction().execute((trx) =>
      insertBenchmark(trx, {
        ownerId: alice.user.id,
        setting: stored,
        input,
        prediction: measuredPrediction(stored, input),
        sessionId: null,
        verified: false,
        now: Date.now(),
      }),
    );
    expect([await count(alice.token), await count(bob.token)]).toEqual([3, 2]);
    await db.deleteFrom('benchmarks').where('ml_model_name', '=', model).execute();
    expect([await count(alice.token), await count(bob.token)]).toEqual([0, 0]);
  });

  it('are bumped by the database on every insert, update and delete of a benchmark', async () => {
    const { db } = ts.server.ctx;
    const before = await catalogueVersion(db);
    const created = await ok(ts, 'createBenchmark', {
      token: bob.token,
      body: benchmark({ setting: setting({ ml_model_name: 'org/version-model' }) }),
    });
    const afterInsert = await catalogueVersion(db);
    expect(afterInsert).toBeGreaterThan(before);
    await db.updateTable('benchmarks').set({ notes: 'x' }).where('id', '=', created.id).execute();
    const afterUpdate = await catalogueVersion(db);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await db.deleteFrom('benchmarks').where('id', '=', created.id).execute();
    expect(await catalogueVersion(db)).toBeGreaterThan(afterUpdate);
    // Other tables leave it alone.
    const unchanged = await catalogueVersion(db);
    await db.updateTable('users').set({ full_name: 'Bob' }).where('id', '=', bob.user.id).execute();
    expect(await catalogueVersion(db)).toBe(unchanged);
  });
});

describe('CountCache', () => {
  it('answers only for the version it was filled at and forgets the coldest entry first', () => {
    const cache = new CountCache(2);
    expect(cache.get(5, 'a')).toBeUndefined();
    cache.set(5, 'a', 10);
    cache.set(5, 'b', 20);
    expect(cache.get(5, 'a')).toBe(10);
    cache.set(5, 'c', 30); // evicts b, the least recently used
    expect(cache.get(5, 'b')).toBeUndefined();
    expect(cache.get(5, 'c')).toBe(30);

    // A newer version drops everything; a reader still holding an older one neither reads nor files.
    expect(cache.get(6, 'a')).toBeUndefined();
    cache.set(6, 'a', 11);
    expect(cache.get(5, 'a')).toBeUndefined();
    cache.set(5, 'a', 99);
    expect(cache.get(6, 'a')).toBe(11);

    const off = new CountCache(0);
    expect(off.enabled).toBe(false);
    off.set(1, 'a', 1);
    expect(off.get(1, 'a')).toBeUndefined();
  });
});
