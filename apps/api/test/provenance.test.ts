import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAX_REPORTED_FLAGS, type FlagMismatch, type Provenance } from '@mako/contract';
import { trialFlagMismatches } from '../src/db/migrations/0013_trial_flag_mismatches.ts';
import { benchmark, metrics, session, setting } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
let alice: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ts = await startServer();
  alice = await signUp(ts);
});
afterAll(() => ts.close());

const provenance = (overrides: Partial<Provenance> = {}): Provenance => ({
  engine: { name: 'vllm', version: '0.11.0', source: 'GET /version' },
  flags: { block_size: 16, gpu_memory_utilization: 0.9, enable_prefix_caching: true, max_model_len: 8192 },
  flag_sources: ['vllm:cache_config_info', 'GET /v1/models'],
  gpu: { name: 'NVIDIA H100 80GB HBM3', driver: '570.124.06', memory_mib: 81559, count: 2 },
  runner: { version: '0.1.0', argv: ['bench', '--base-url', 'http://127.0.0.1:8000', '--token', '***'] },
  dataset: { kind: 'trace', seed: 7, file: 'trace.jsonl', sha256: 'a'.repeat(64) },
  mismatches: [{ flag: 'gpu_memory_utilization', asked: 0.95, reported: 0.9 }],
  ...overrides,
});

describe('benchmark provenance', () => {
  it('is stored and answered with the benchmark, and left out of pages', async () => {
    const body = benchmark({ setting: setting({ ml_model_name: 'org/provenance' }), provenance: provenance() });
    const created = await ok(ts, 'createBenchmark', { token: alice.token, body });
    const read = await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: created.id } });
    expect(created.provenance).toEqual(provenance());
    expect(read.provenance).toEqual(provenance());
    const page = await ok(ts, 'listBySetting', { token: alice.token, params: { setting_id: created.setting.id } });
    expect(page.data[0]?.id).toBe(created.id);
    expect(page.data[0]).not.toHaveProperty('provenance');
  });

  it('is absent from a benchmark an older runner posted', async () => {
    const created = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ ml_model_name: 'org/old-runner' }) }),
    });
    const read = await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: created.id } });
    expect(read).not.toHaveProperty('provenance');
  });

  it('keeps unknown parts as null', async () => {
    const partial = provenance({
      engine: { name: null, version: null, source: null },
      flags: {},
      flag_sources: [],
      gpu: null,
      runner: null,
      dataset: null,
      mismatches: [],
    });
    const created = await ok(ts, 'createBenchmark', {
      token: alice.token,
      body: benchmark({ setting: setting({ ml_model_name: 'org/partial' }), provenance: partial }),
    });
    expect(
      (await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: created.id } })).provenance,
    ).toEqual(partial);
  });

  it('is bounded: a 422 names the field, and nothing is stored', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: MAX_REPORTED_FLAGS + 1 }, (_, i) => [`flag_${i}`, i]));
    const model = 'org/oversize-provenance';
    const answers = await Promise.all([
      call(ts, 'createBenchmark', {
        token: alice.token,
        body: benchmark({ setting: setting({ ml_model_name: model }), provenance: provenance({ flags: tooMany }) }),
      }),
      call(ts, 'createBenchmark', {
        token: alice.token,
        body: benchmark({
          setting: setting({ ml_model_name: model }),
          provenance: provenance({ runner: { version: '0.1.0', argv: ['x'.repeat(513)] } }),
        }),
      }),
      call(ts, 'createBenchmark', {
        token: alice.token,
        body: benchmark({
          setting: setting({ ml_model_name: model }),
          provenance: provenance({ dataset: { kind: 'trace', seed: 1, file: 't', sha256: 'not-a-hash' } }),
        }),
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422]);
    expect(answers.map((a) => detailOf(a.body))).toEqual([
      [expect.objectContaining({ loc: ['body', 'provenance', 'flags'] })],
      [expect.objectContaining({ loc: ['body', 'provenance', 'runner', 'argv', 0] })],
      [expect.objectContaining({ loc: ['body', 'provenance', 'dataset', 'sha256'] })],
    ]);
    const search = await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model } });
    expect(search.data).toHaveLength(0);
  });

  it("is kept with a tuning trial's benchmark, mismatches and all", async () => {
    const s = await ok(ts, 'createSession', {
      token: alice.token,
      body: session({ setting: setting({ ml_model_name: 'org/tuned-provenance' }) }),
    });
    const {
      configs: [pending],
    } = await ok(ts, 'nextConfigs', { token: alice.token, params: { session_id: s.id }, body: { count: 1 } });
    if (!pending) throw new Error('no configuration leased');
    const result = await ok(ts, 'postResult', {
      token: alice.token,
      params: { session_id: s.id },
      body: { pending_config_id: pending.id, metrics: metrics(4000), provenance: provenance() },
    });
    if (!result.benchmark_id) throw new Error('the trial stored no benchmark');
    const trial = await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: result.benchmark_id } });
    expect(trial.provenance?.mismatches).toEqual([{ flag: 'gpu_memory_utilization', asked: 0.95, reported: 0.9 }]);
  });

  it("answers a trial's flag mismatches in the session's results, and only those", async () => {
    const s = await ok(ts, 'createSession', {
      token: alice.token,
      body: session({
        setting: setting({ ml_model_name: 'org/trial-mismatches' }),
        budget: { max_trials: 6, max_parallel: 3 },
      }),
    });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: alice.token,
      params: { session_id: s.id },
      body: { count: 3 },
    });
    const [differs, agrees, older] = configs;
    if (!differs || !agrees || !older) throw new Error('three configurations were not leased');
    const kvCache = { flag: 'kv_cache_dtype', asked: 'fp8', reported: 'auto' };
    const posted = await ok(ts, 'postResult', {
      token: alice.token,
      params: { session_id: s.id },
      body: {
        pending_config_id: differs.id,
        metrics: metrics(4000),
        provenance: provenance({ mismatches: [kvCache] }),
      },
    });
    expect(posted.flag_mismatches).toEqual([kvCache]);
    await ok(ts, 'postResult', {
      token: alice.token,
      params: { session_id: s.id },
      body: { pending_config_id: agrees.id, metrics: metrics(4100), provenance: provenance({ mismatches: [] }) },
    });
    await ok(ts, 'postResult', {
      token: alice.token,
      params: { session_id: s.id },
      body: { pending_config_id: older.id, metrics: metrics(4200) },
    });
    const results = await ok(ts, 'listResults', { token: alice.token, params: { session_id: s.id } });
    const byPending = new Map(results.data.map((r) => [r.pending_config_id, r]));
    expect(byPending.get(differs.id)?.flag_mismatches).toEqual([kvCache]);
    expect(byPending.get(agrees.id)).not.toHaveProperty('flag_mismatches');
    expect(byPending.get(older.id)).not.toHaveProperty('flag_mismatches');
    // The list stays light: the reported flags and the rest of the provenance stay on the benchmark.
    expect(byPending.get(differs.id)).not.toHaveProperty('provenance');
  });

  it('are copied from the stored provenance of trials a server stored before migration 0013', async () => {
    const s = await ok(ts, 'createSession', {
      token: alice.token,
      body: session({ setting: setting({ ml_model_name: 'org/trials-before-0013' }) }),
    });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: alice.token,
      params: { session_id: s.id },
      body: { count: 2 },
    });
    const [differs, agrees] = configs;
    if (!differs || !agrees) throw new Error('two configurations were not leased');
    const kvCache = { flag: 'kv_cache_dtype', asked: 'fp8', reported: 'auto' };
    const posts: [typeof differs, FlagMismatch[]][] = [
      [differs, [kvCache]],
      [agrees, []],
    ];
    for (const [pending, mismatches] of posts)
      await ok(ts, 'postResult', {
        token: alice.token,
        params: { session_id: s.id },
        body: { pending_config_id: pending.id, metrics: metrics(4000), provenance: provenance({ mismatches }) },
      });
    // The table as it was before 0013, its trials' mismatches only in their benchmarks' provenance.
    const { db } = ts.server.ctx;
    await sql`alter table tuning_results drop column flag_mismatches`.execute(db);
    await trialFlagMismatches.up(db);
    const results = await ok(ts, 'listResults', { token: alice.token, params: { session_id: s.id } });
    const byPending = new Map(results.data.map((r) => [r.pending_config_id, r]));
    expect(byPending.get(differs.id)?.flag_mismatches).toEqual([kvCache]);
    expect(byPending.get(agrees.id)).not.toHaveProperty('flag_mismatches');
  });
});
