import { describe, expect, it } from 'vitest';
import { MAX_TELEMETRY_SAMPLES, meanRun, metricIntervals, type BenchmarkMetrics } from '@mako/contract';
import { benchmark, clientReport, metrics, setting, telemetry } from './fixtures.ts';
import { call, detailOf, ok, type TestServer } from './helpers.ts';
import type { SignedUpUser } from './two-users.ts';
import { serverWithRunner } from './user-with-runner.ts';

let ts: TestServer;
let alice: SignedUpUser;
let runner: string;

serverWithRunner((started) => ({ ts, alice, runner } = started));

const runs = [metrics(4900), metrics(5000), metrics(5150)];

describe('repeated runs, client honesty and telemetry', () => {
  it('keeps them, and answers a single benchmark with the runs’ intervals and the telemetry', async () => {
    const body = benchmark({
      setting: setting({ ml_model_name: 'org/measured', hardware_config: { name: 'H100', count: 2 } }),
      metrics: meanRun(runs),
      runs,
      client: clientReport(),
      telemetry: telemetry(MAX_TELEMETRY_SAMPLES),
    });
    const created = await ok(ts, 'createBenchmark', { token: runner, body });
    const read = await ok(ts, 'getBenchmark', { token: alice.token, params: { benchmark_id: created.id } });
    for (const answer of [created, read]) {
      expect(answer.runs).toEqual(runs);
      expect(answer.client).toEqual(clientReport());
      expect(answer.telemetry).toEqual(body.telemetry);
      expect(answer.intervals).toEqual(metricIntervals(runs, 2));
      expect(answer.intervals?.output_throughput?.n).toBe(3);
      expect(answer.verified).toBe(true);
    }
    // A patch answers with the whole benchmark too (the client caches it as the detail).
    const patched = await ok(ts, 'patchBenchmark', {
      token: alice.token,
      params: { benchmark_id: created.id },
      body: { notes: 'repeated' },
    });
    expect(patched.telemetry?.samples).toHaveLength(MAX_TELEMETRY_SAMPLES);
    expect(patched.intervals).toEqual(read.intervals);
  });

  it('keeps pages light: the client report in rows, never the runs or the telemetry', async () => {
    const body = benchmark({
      setting: setting({ ml_model_name: 'org/light-pages' }),
      metrics: meanRun(runs),
      runs,
      client: clientReport(true),
      telemetry: telemetry(100),
    });
    const created = await ok(ts, 'createBenchmark', { token: alice.token, body });
    const bySetting = await ok(ts, 'listBySetting', {
      token: alice.token,
      params: { setting_id: created.setting.id },
    });
    const search = await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: 'org/light-pages' } });
    for (const row of [bySetting.data[0], search.data[0]]) {
      expect(row?.id).toBe(created.id);
      expect(row?.client).toEqual(clientReport(true));
      expect(row).not.toHaveProperty('runs');
      expect(row).not.toHaveProperty('intervals');
      expect(row).not.toHaveProperty('telemetry');
    }
  });

  it('does not vouch for a client-limited run from a runner', async () => {
    const created = await ok(ts, 'createBenchmark', {
      token: runner,
      body: benchmark({ setting: setting({ ml_model_name: 'org/limited' }), client: clientReport(true) }),
    });
    expect(created.verified).toBe(false);
    expect(created.client?.client_limited_reasons).toHaveLength(2);
  });

  it('answers a benchmark without them as before', async () => {
    const created = await ok(ts, 'createBenchmark', { token: alice.token, body: benchmark() });
    expect(created).not.toHaveProperty('runs');
    expect(created).not.toHaveProperty('intervals');
    expect(created).not.toHaveProperty('client');
    expect(created).not.toHaveProperty('telemetry');
  });

  it('refuses metrics that are not the mean of the runs, naming the figure, and stores nothing', async () => {
    const model = 'org/metrics-not-the-mean';
    const mean = meanRun(runs);
    const cases: [BenchmarkMetrics, (string | number)[], string][] = [
      // The best run passed off as the result: every throughput is off, the first one is named.
      [
        runs[2]!,
        ['body', 'metrics', 'total_output_tokens'],
        'metrics.total_output_tokens is 515000, but the mean of the runs is 501666.6667',
      ],
      [
        { ...mean, ttft_ms: { ...mean.ttft_ms, p99: mean.ttft_ms.p99 * 0.9 } },
        ['body', 'metrics', 'ttft_ms', 'p99'],
        '',
      ],
      [
        { ...mean, goodput: { request_throughput: 9, attainment: 0.9, slo: { ttft_ms: 200 } } },
        ['body', 'metrics', 'goodput'],
        'not every run has it',
      ],
    ];
    for (const [posted, loc, words] of cases) {
      const answer = await call(ts, 'createBenchmark', {
        token: runner,
        body: benchmark({ setting: setting({ ml_model_name: model }), metrics: posted, runs }),
      });
      expect(answer.status, JSON.stringify(loc)).toBe(422);
      const [issue] = detailOf(answer.body) as { loc: unknown[]; msg: string }[];
      expect(issue?.loc).toEqual(loc);
      expect(issue?.msg).toContain(words);
      expect(issue?.msg).toContain('with runs, metrics must be their mean');
    }
    const search = await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model } });
    expect(search.count).toBe(0);
  });

  it('refuses runs whose goodput was measured against different SLOs, even with their mean posted', async () => {
    const model = 'org/runs-under-two-slos';
    const withSlo = (run: BenchmarkMetrics, ttft_ms: number): BenchmarkMetrics => ({
      ...run,
      goodput: { request_throughput: 5, attainment: 0.5, slo: { ttft_ms } },
    });
    const mixed = [withSlo(runs[0]!, 200), withSlo(runs[1]!, 200), withSlo(runs[2]!, 300)];
    const answer = await call(ts, 'createBenchmark', {
      token: runner,
      body: benchmark({ setting: setting({ ml_model_name: model }), metrics: meanRun(mixed), runs: mixed }),
    });
    expect(answer.status).toBe(422);
    const [issue] = detailOf(answer.body) as { loc: unknown[]; msg: string }[];
    expect(issue?.loc).toEqual(['body', 'metrics', 'goodput', 'slo']);
    expect(issue?.msg).toContain('differs between the runs');
    // The mean itself says no goodput: averaged over two SLOs it would be nobody's.
    expect(meanRun(mixed).goodput).toBeNull();
    expect(meanRun(mixed.slice(0, 2)).goodput?.slo).toEqual({ ttft_ms: 200 });
    const search = await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model } });
    expect(search.count).toBe(0);
  });

  it('takes metrics that are the runs’ mean up to rounding', async () => {
    const mean = meanRun(runs);
    // As a client printing two decimals (and whole requests) would send it.
    const rounded = JSON.parse(
      JSON.stringify(mean, (_key, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(2)) : v)),
    ) as BenchmarkMetrics;
    const created = await ok(ts, 'createBenchmark', {
      token: runner,
      body: benchmark({ setting: setting({ ml_model_name: 'org/rounded-mean' }), metrics: rounded, runs }),
    });
    expect(created.metrics).toEqual(rounded);
    expect(created.runs).toEqual(runs);
  });

  it('refuses oversized or malformed measurements with a 422 naming the field, storing nothing', async () => {
    const model = 'org/refused-measurements';
    const cases: [unknown, (string | number)[]][] = [
      [{ runs: [metrics(1)] }, ['body', 'runs']],
      [{ runs: Array.from({ length: 51 }, () => metrics(1)) }, ['body', 'runs']],
      [{ runs: [metrics(1), { ...metrics(1), ttft_ms: null }] }, ['body', 'runs', 1, 'ttft_ms']],
      [{ telemetry: telemetry(MAX_TELEMETRY_SAMPLES + 1) }, ['body', 'telemetry', 'samples']],
      [{ telemetry: { interval_s: 1, samples: [{ t_s: -1 }] } }, ['body', 'telemetry', 'samples', 0, 't_s']],
      [{ client: { ...clientReport(), cpu_pct: 'high' } }, ['body', 'client', 'cpu_pct']],
      [
        { client: { ...clientReport(), client_limited_reasons: Array.from({ length: 11 }, () => 'slow') } },
        ['body', 'client', 'client_limited_reasons'],
      ],
    ];
    for (const [extra, loc] of cases) {
      const answer = await call(ts, 'createBenchmark', {
        token: alice.token,
        body: { ...benchmark({ setting: setting({ ml_model_name: model }) }), ...(extra as object) },
      });
      expect(answer.status, JSON.stringify(loc)).toBe(422);
      expect((detailOf(answer.body) as { loc: unknown[] }[])[0]?.loc).toEqual(loc);
    }
    const search = await ok(ts, 'searchBenchmarks', { token: alice.token, query: { model_name: model } });
    expect(search.count).toBe(0);
  });
});
