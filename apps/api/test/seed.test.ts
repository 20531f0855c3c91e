import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, seedDemoCatalogue } from '../src/seed/demo.ts';
import { linkToken } from './smtp.ts';
import { call, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer({ seedDemo: true });
}, 120_000);
afterAll(() => ts.close());

describe('demo catalogue', () => {
  it('seeds a few thousand published demo benchmarks across models, GPUs, counts, engines and workloads', async () => {
    const db = ts.server.ctx.db;
    const rows = await db
      .selectFrom('benchmarks')
      .select([
        'ml_model_name',
        'hardware_name',
        'hardware_count',
        'runtime',
        'dataset',
        'max_prompt',
        'published',
        'demo',
        'owner_id',
        'is_default_config',
        'setting_key',
      ])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    expect(rows.every((r) => r.published === 1 && r.demo === 1 && r.owner_id === DEMO_USER_ID)).toBe(true);
    const distinct = (pick: (r: (typeof rows)[number]) => unknown) => new Set(rows.map(pick)).size;
    expect(distinct((r) => r.ml_model_name)).toBeGreaterThanOrEqual(5);
    expect(distinct((r) => r.hardware_name)).toBeGreaterThanOrEqual(5);
    expect(distinct((r) => r.hardware_count)).toBeGreaterThanOrEqual(3);
    expect(distinct((r) => r.runtime)).toBe(3);
    expect(distinct((r) => `${r.dataset}/${r.max_prompt}`)).toBeGreaterThanOrEqual(3);
    // Nearly every setting carries an engine-defaults baseline for "gain over defaults".
    const settings = distinct((r) => r.setting_key);
    const withBaseline = new Set(rows.filter((r) => r.is_default_config === 1).map((r) => r.setting_key)).size;
    expect(withBaseline / settings).toBeGreaterThan(0.9);
  });

  it('serves the catalogue to everyone and reports gains over the defaults', async () => {
    const anonymous = await ok(ts, 'searchBenchmarks', {
      query: { model_name: 'meta-llama/Llama-3.1-8B-Instruct', hardware_name: 'H100', objective: 'output_throughput' },
    });
    expect(anonymous.count).toBeGreaterThan(10);
    expect(anonymous.data[0]!.demo).toBe(true);
    const { token } = await signUp(ts);
    const report = await ok(ts, 'bestBenchmarkReport', {
      token,
      query: { model_name: 'meta-llama/Llama-3.1-8B-Instruct', hardware_name: 'H100', objective: 'output_throughput' },
    });
    expect(report.baseline).not.toBeNull();
    expect(report.improvement_pct).toBeGreaterThanOrEqual(0);
    expect(report.launch_command).toMatch(/Llama-3\.1-8B-Instruct/);
    expect(report.best.metrics.goodput).not.toBeNull();
    // Modelled figures carry the digits an estimate has, not a double's seventeen.
    const figures = JSON.stringify(anonymous.data.map((row) => [row.metrics, row.cost_per_million_tokens]));
    const digits = [...figures.matchAll(/-?\d+\.\d+(?:e-?\d+)?/g)].map(
      ([n]) => n.replace(/e.*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').length,
    );
    expect(digits.length).toBeGreaterThan(100);
    expect(Math.max(...digits)).toBeLessThanOrEqual(6);
    const settings = await ok(ts, 'listSettings', { token, query: { limit: 5 } });
    expect(settings.count).toBeGreaterThan(100);
  });

  it('seeds only an empty database, and the catalogue owner cannot sign in', async () => {
    const before = await ts.server.ctx.db
      .selectFrom('benchmarks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(await seedDemoCatalogue(ts.server.ctx)).toBeNull();
    const after = await ts.server.ctx.db
      .selectFrom('benchmarks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const owner = await ts.server.ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', DEMO_USER_ID)
      .executeTakeFirstOrThrow();
    await ok(ts, 'sendMagicLink', { body: { email: owner.email, application: 'MakoOptimize' } });
    const mail = await ts.smtp.waitFor(owner.email);
    expect((await call(ts, 'loginMagicLink', { body: { token: linkToken(mail, '/magic-link-login') } })).status).toBe(
      400,
    );
    // Nobody can edit or delete the catalogue.
    const { token } = await signUp(ts);
    const [first] = (await ok(ts, 'searchBenchmarks', { query: { limit: 1 } })).data;
    expect((await call(ts, 'deleteBenchmark', { token, params: { benchmark_id: first!.id } })).status).toBe(404);
  });

  it('is off when SEED_DEMO=false', async () => {
    const server = await startServer({ seedDemo: false });
    try {
      expect((await ok(server, 'searchBenchmarks')).count).toBe(0);
    } finally {
      await server.close();
    }
  });
});
