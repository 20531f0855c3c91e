import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meanCi, meanRun, tQuantile95, type BenchmarkMetrics } from '@mako/contract';
import { aggregateRuns } from '../src/bench/repeats.ts';
import { benchArgs, emulatorForTest, fakeApiForTest, runCli, runCliReport } from './helpers.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';

/** 10 requests of 8 → 4 tokens: short runs, so that repeating them stays quick. */
const shortRun = (url: string) => benchArgs(url, { requests: 10, promptLen: 8, outputLen: 4 });

describe('repeats', () => {
  it('gives the Student t interval of the mean', () => {
    const ci = meanCi([1, 2, 3, 4, 5]);
    // s = √2.5, standard error √0.5, t(0.975, 4) = 2.776.
    expect(ci.mean).toBe(3);
    expect(ci.ci95).toBeCloseTo(2.776 * Math.sqrt(0.5), 6);
    expect(ci.low).toBeCloseTo(3 - 2.776 * Math.sqrt(0.5), 6);
    expect(meanCi([7])).toEqual({ n: 1, mean: 7, ci95: null, low: null, high: null, values: [7] });
    expect(tQuantile95(1)).toBe(12.706);
    expect(tQuantile95(60)).toBeCloseTo(2.0003, 3);
    expect(tQuantile95(1000)).toBeCloseTo(1.9623, 3);
  });

  it('aggregates every numeric field the runs share, by dotted path', () => {
    const agg = aggregateRuns([
      { metrics: { ttft_ms: { p99: 10 }, goodput: null, completed: 4 } },
      { metrics: { ttft_ms: { p99: 14 }, goodput: null, completed: 4 } },
    ]);
    expect(Object.keys(agg).sort()).toEqual(['metrics.completed', 'metrics.ttft_ms.p99']);
    expect(agg['metrics.ttft_ms.p99']).toMatchObject({ n: 2, mean: 12, values: [10, 14] });
    expect(agg['metrics.ttft_ms.p99']!.ci95).toBeCloseTo(12.706 * (Math.sqrt(8) / Math.sqrt(2)), 6);
    expect(agg['metrics.completed']!.ci95).toBe(0);
  });

  it('bench --runs 3: a table of means with intervals, and every run in the JSON', async () => {
    const emulator = await emulatorForTest({ ttftMs: 3, itlMs: 1 });
    const { run, report: doc } = await runCliReport<{
      runs: number;
      summary: Record<string, { values: number[]; ci95: number; mean: number }>;
      per_run: { load: { seed: number }; metrics: { completed: number; ttft_ms: { p99: number } } }[];
    }>([...shortRun(emulator.url), '--runs', '3', '--seed', '5', '--quiet']);
    expect(run.stdout).toContain('Run 3 of 3');
    expect(run.stdout).toContain('Over 3 runs: mean and 95 % confidence interval (Student t, 2 degrees of freedom)');
    expect(run.stdout).toMatch(/TTFT p99 ms\s+[\d.]+\s+± [\d.]+/);
    expect(doc.runs).toBe(3);
    expect(doc.per_run.map((r) => r.load.seed)).toEqual([5, 6, 7]);
    expect(doc.summary['metrics.completed']).toMatchObject({ mean: 10, ci95: 0, values: [10, 10, 10] });
    expect(doc.summary['metrics.ttft_ms.p99']!.values).toEqual(doc.per_run.map((r) => r.metrics.ttft_ms.p99));
    expect(doc.summary['client_overhead.cpu_pct']!.values).toHaveLength(3);
    expect(emulator.stats.requests).toBe(30);
  }, 60_000);

  it('bench --runs 3 --post: one benchmark, the mean as its metrics and each run beside it', async () => {
    const emulator = await emulatorForTest({ ttftMs: 3, itlMs: 1 });
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const output = join(mkdtempSync(join(tmpdir(), 'mako-runs-')), 'out.json');
    const args = shortRun(emulator.url);
    const env = { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url };
    const run = await runCli(
      [...args, '--runs', '3', '--quiet', '--post', '--hardware', '1x L4', '--output', output],
      env,
    );
    expect(run.stderr).not.toMatch(/error|warning/);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/Posted benchmark/g)).toHaveLength(1);
    expect(run.stdout).toMatch(/Posted benchmark \S+ \(setting \S+, 3 runs\)/);
    expect(api.benchmarks).toHaveLength(1);
    const [posted] = api.benchmarks;
    const doc = JSON.parse(readFileSync(output, 'utf8')) as { per_run: { metrics: BenchmarkMetrics }[] };
    expect(posted?.runs).toEqual(doc.per_run.map((r) => r.metrics));
    expect(posted?.metrics).toEqual(meanRun(doc.per_run.map((r) => r.metrics)));
    expect(posted?.client).toMatchObject({ client_limited: false, client_limited_reasons: [] });

    // The contract keeps 50 runs of a benchmark: more cannot be posted, and nothing is run.
    const many = await runCli([...args, '--runs', '51', '--post', '--hardware', '1x L4'], env);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('--post keeps at most 50 runs of a benchmark; --runs is 51');
    expect(emulator.stats.requests).toBe(30);
  }, 60_000);
});
