import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientLimits } from '../src/bench/run.ts';
import { benchArgs, emulatorForTest, fakeApiForTest, runCli, tuneArgs } from './helpers.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';
const tmp = () => mkdtempSync(join(tmpdir(), 'mako-honest-'));
const lag = (p99: number) => ({ mean: 0, p50: 0, p90: 0, p95: 0, p99 });

// No request can leave on time at a million requests per second, so these runs are client-limited
// on any machine: the checks below never depend on how fast this one is.
const IMPOSSIBLE_RATE = '1000000';

describe('client-limited runs', () => {
  it('are the ones more than 2 % short of the target rate or with a send-lag p99 above 10 ms', () => {
    expect(clientLimits({ achieved_rate: 98.5, target_rate: 100, schedule_lag_ms: lag(9.9) })).toEqual([]);
    expect(clientLimits({ achieved_rate: 97.9, target_rate: 100, schedule_lag_ms: lag(1) })).toEqual([
      'achieved 97.90 req/s, 2.1 % short of the target 100.00 req/s',
    ]);
    expect(clientLimits({ achieved_rate: 100, target_rate: 100, schedule_lag_ms: lag(10.5) })).toEqual([
      'send lag p99 10.5 ms > 10 ms',
    ]);
    // Everything due at once: no schedule to fall behind.
    expect(clientLimits({ achieved_rate: null, target_rate: null, schedule_lag_ms: lag(500) })).toEqual([]);
  });

  it('bench: records target and achieved rate, send lag and CPU, flags the run and posts it marked', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const output = join(tmp(), 'out.json');
    const args = benchArgs(emulator.url, { requests: 300, promptLen: 8, outputLen: 2 });
    const run = await runCli([...args, '--request-rate', IMPOSSIBLE_RATE, '--quiet', '--output', output]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/achieved [\d.,]+ of 1,000,000(\.0+)? req\/s · CPU \d+ % of a core/);
    expect(run.stdout).toMatch(/CLIENT-LIMITED: achieved .* short of the target/);
    const doc = JSON.parse(readFileSync(output, 'utf8')) as { client_overhead: Record<string, unknown> };
    expect(doc.client_overhead).toMatchObject({ target_rate: expect.closeTo(1_000_000, 3), client_limited: true });
    expect(doc.client_overhead.achieved_rate).toBeLessThan(980_000);
    expect(doc.client_overhead.cpu_pct).toBeGreaterThan(0);
    expect(doc.client_overhead.client_limited_reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/short of the target/)]),
    );

    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const posted = await runCli(
      [...args, '--request-rate', IMPOSSIBLE_RATE, '--quiet', '--post', '--hardware', '1x L4'],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
    );
    expect(posted.code).toBe(0);
    expect(posted.stderr).toContain('warning: the run is client-limited');
    expect(posted.stderr).toContain('posted marked client-limited');
    expect(api.benchmarks).toHaveLength(1);
    const { client } = api.benchmarks[0]!;
    expect(client).toMatchObject({ client_limited: true, target_rate: expect.closeTo(1_000_000, 3) });
    expect(client?.achieved_rate).toBeLessThan(980_000);
    expect(client?.client_limited_reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/short of the target/)]),
    );

    // All at once has no schedule, so it is never client-limited.
    const burst = await runCli([...args, '--quiet', '--output', output]);
    expect(burst.stdout).not.toContain('CLIENT-LIMITED');
    expect(JSON.parse(readFileSync(output, 'utf8'))).toMatchObject({
      client_overhead: { target_rate: null, achieved_rate: null, client_limited: false },
    });
  }, 60_000);

  it('tune: a client-limited trial is invalid, not posted as a measurement; three in a row stop the runner', async () => {
    const api = await fakeApiForTest({
      token: TOKEN,
      configs: [{ max_num_seqs: 4 }, { max_num_seqs: 8 }, { max_num_seqs: 16 }],
      workload: { request_rate: Number(IMPOSSIBLE_RATE), num_requests: 300, max_concurrency: null },
    });
    const logDir = tmp();
    const run = await runCli(
      [...tuneArgs(api.sessionId, '--ttft-ms 2 --itl-ms 1'), '--warmup', '0', '--log-dir', logDir],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.code).toBe(1);
    expect(api.results).toHaveLength(0);
    expect(run.stdout.match(/invalid trial, not posted: client-limited \(achieved/g)).toHaveLength(3);
    expect(run.stderr).toContain('3 trials in a row were client-limited');
    expect(JSON.parse(readFileSync(join(logDir, 'trial-1.json'), 'utf8'))).toMatchObject({
      config: { max_num_seqs: 4 },
      posted: false,
      metrics: { completed: 300 },
    });
  }, 150_000);
});
