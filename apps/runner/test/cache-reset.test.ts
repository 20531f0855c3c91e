import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchArgs, emulatorForTest, fakeApiForTest, runCli, runCliReport, sweepArgs, tuneArgs } from './helpers.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';

/** 10 requests of 8 → 4 tokens, no warm-up: each run sends exactly 10 generation requests. */
const shortRun = (url: string) => [
  ...benchArgs(url, { requests: 10, promptLen: 8, outputLen: 4 }),
  '--warmup',
  '0',
  '--quiet',
];

type RunsReport = { per_run: { prefix_cache_reset: unknown }[] };

describe('prefix-cache reset between repeats, levels and trials', () => {
  it("bench --runs 3 resets vLLM's cache before each run, says so, and records it", async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, cacheReset: 'vllm' });
    const { run, report } = await runCliReport<RunsReport>([...shortRun(emulator.url), '--runs', '3']);
    // Each reset came before its run's first request: none of them saw the previous run's prompts cached.
    expect(emulator.stats.cacheResets).toEqual([
      { path: '/reset_prefix_cache', afterRequests: 0 },
      { path: '/reset_prefix_cache', afterRequests: 10 },
      { path: '/reset_prefix_cache', afterRequests: 20 },
    ]);
    expect(run.stderr.match(/prefix cache reset \(POST \/reset_prefix_cache\)/g)).toHaveLength(3);
    expect(report.per_run.map((r) => r.prefix_cache_reset)).toEqual(
      Array(3).fill({ state: 'reset', via: '/reset_prefix_cache' }),
    );
  }, 60_000);

  it("uses SGLang's /flush_cache when that is what the engine offers", async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, cacheReset: 'sglang' });
    const { report } = await runCliReport<RunsReport>([...shortRun(emulator.url), '--runs', '2']);
    expect(emulator.stats.cacheResets.map((r) => [r.path, r.afterRequests])).toEqual([
      ['/flush_cache', 0],
      ['/flush_cache', 10],
    ]);
    expect(report.per_run[1]?.prefix_cache_reset).toEqual({ state: 'reset', via: '/flush_cache' });
  }, 60_000);

  it('an engine without a reset (404) is said once, not failed', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, cacheReset: 'none' });
    const { run, report } = await runCliReport<RunsReport>([...shortRun(emulator.url), '--runs', '3']);
    expect(run.stderr.match(/the engine offers no prefix-cache reset/g)).toHaveLength(1);
    expect(report.per_run.map((r) => r.prefix_cache_reset)).toEqual(Array(3).fill({ state: 'unsupported' }));
    expect(emulator.stats.requests).toBe(30);
  }, 60_000);

  it('--no-cache-reset leaves the cache alone', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, cacheReset: 'vllm' });
    const { run, report } = await runCliReport<RunsReport>([
      ...shortRun(emulator.url),
      '--runs',
      '2',
      '--no-cache-reset',
    ]);
    expect(emulator.stats.cacheResets).toEqual([]);
    expect(run.stderr).toContain('prefix cache kept between runs (--no-cache-reset)');
    expect(report.per_run.map((r) => r.prefix_cache_reset)).toEqual([{ state: 'disabled' }, { state: 'disabled' }]);
  }, 60_000);

  it('sweep resets the cache before every level', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, cacheReset: 'vllm' });
    const { report } = await runCliReport<{ steps: { level: number; prefix_cache_reset: unknown }[] }>([
      ...sweepArgs(emulator.url),
      '--warmup',
      '0',
      '--quiet',
    ]);
    expect(report.steps.map((s) => s.level)).toEqual([1, 2, 4]);
    expect(emulator.stats.cacheResets.map((r) => r.afterRequests)).toEqual([0, 8, 16]);
    expect(
      report.steps.every(
        (s) => JSON.stringify(s.prefix_cache_reset) === '{"state":"reset","via":"/reset_prefix_cache"}',
      ),
    ).toBe(true);
  }, 60_000);

  /**
   * Two trials against the fake API, each on its own emulated engine, which writes what it saw to
   * `stats` when tune stops it: its prefix-cache resets, and how many generation requests came before each.
   */
  const tuneTwoTrials = async (extra: string[]) => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [{ max_num_seqs: 4 }, { max_num_seqs: 8 }] });
    const dir = mkdtempSync(join(tmpdir(), 'mako-cache-reset-'));
    const stats = join(dir, 'engine-stats.jsonl');
    const run = await runCli(
      [
        ...tuneArgs(api.sessionId, `--ttft-ms 2 --itl-ms 1 --stats-file ${stats}`),
        '--warmup',
        '4',
        '--log-dir',
        dir,
        ...extra,
      ],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.results).toHaveLength(2);
    const engines = readFileSync(stats, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { requests: number; cacheResets: { path: string; afterRequests: number }[] });
    expect(engines).toHaveLength(2);
    // Each trial's engine answered its 4 warm-up requests and the 12 measured ones of the fake session's workload.
    expect(engines.map((engine) => engine.requests)).toEqual([16, 16]);
    return { run, engines };
  };

  it("tune resets each trial's engine cache before the trial's first request, warm-up included", async () => {
    const { run, engines } = await tuneTwoTrials([]);
    expect(engines.map((engine) => engine.cacheResets)).toEqual([
      [{ path: '/reset_prefix_cache', afterRequests: 0 }],
      [{ path: '/reset_prefix_cache', afterRequests: 0 }],
    ]);
    expect(run.stdout.match(/prefix cache reset \(POST \/reset_prefix_cache\)/g)).toHaveLength(2);
  }, 150_000);

  it('tune --no-cache-reset leaves every trial engine cache alone, and says so', async () => {
    const { run, engines } = await tuneTwoTrials(['--no-cache-reset']);
    expect(engines.map((engine) => engine.cacheResets)).toEqual([[], []]);
    expect(run.stdout).toContain('prefix cache kept between runs (--no-cache-reset)');
    expect(run.stdout).not.toContain('prefix cache reset (POST');
  }, 150_000);
});
