import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchmarkCreate, BenchmarkMetrics, launchCommand } from '@mako/contract';
import { freePort } from '../src/engine/engine.ts';
import { benchArgs, emulatorForTest, fakeApiForTest, runCli, runCliReport, RUNNER_DIR, tuneArgs } from './helpers.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';
const tmp = () => mkdtempSync(join(tmpdir(), 'mako-cli-'));

describe('mako-runner (process)', () => {
  it('documents every flag of every command in its README', async () => {
    const readme = readFileSync(join(RUNNER_DIR, 'README.md'), 'utf8');
    const commands = ['bench', 'tune', 'sweep'];
    const helps = await Promise.all(commands.map((command) => runCli([command, '--help'])));
    for (const [i, command] of commands.entries()) {
      const help = helps[i]!;
      expect(help.code).toBe(0);
      const flags = [...help.stdout.matchAll(/^ {2}(--[a-z0-9-]+)/gm)].map((m) => m[1]!);
      expect(flags.length, command).toBeGreaterThan(10);
      const undocumented = flags.filter((flag) => !new RegExp(`${flag}(?![a-z0-9-])`).test(readme));
      expect(undocumented, `${command} flags missing from README.md`).toEqual([]);
    }
  }, 60_000);

  it('prints help, exits 2 without a command and names bad flags', async () => {
    const help = await runCli(['sweep', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: mako-runner sweep [flags]');
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("'mako-runner --version' for the version");
    const { version } = JSON.parse(readFileSync(join(RUNNER_DIR, 'package.json'), 'utf8')) as { version: string };
    expect(await runCli(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect((await runCli([])).code).toBe(2);
    const bad = await runCli(['bench', '--burstiness', 'zero']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Invalid value 'zero' for --burstiness");
    const unknown = await runCli(['benchmark']);
    expect(unknown.stderr).toContain("Unknown command 'benchmark'. Commands: bench, tune, sweep");
  }, 30_000);

  it('bench: runs against an endpoint, prints the table, writes JSON, excludes warm-up', async () => {
    const emulator = await emulatorForTest({ ttftMs: 15, itlMs: 2 });
    const output = join(tmp(), 'result.json');
    const run = await runCli([
      'bench',
      '--base-url',
      `${emulator.url}/v1`,
      '--num-requests',
      '30',
      '--request-rate',
      '60',
      '--burstiness',
      '0.5',
      '--prompt-len',
      '32',
      '--output-len',
      '12',
      '--warmup',
      '3',
      '--slo',
      'ttft_ms=200,tpot_ms=50',
      '--output',
      output,
      '--save-requests',
      '--seed',
      '4',
    ]);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/30 completed · 0 failed/);
    expect(run.stdout).toMatch(/TTFT\s+\d/);
    expect(run.stdout).toMatch(/Goodput .* of completed requests met ttft_ms ≤ 200, tpot_ms ≤ 50/);
    expect(run.stdout).toContain('gamma, burstiness 0.5');
    // Not a terminal: plain progress lines on stderr, nothing on stdout.
    expect(run.stderr).toMatch(/benchmark 30\/30 100%/);
    expect(run.stdout).not.toContain('benchmark 30/30');
    const doc = JSON.parse(readFileSync(output, 'utf8')) as {
      metrics: unknown;
      requests: unknown[];
      workload: { min_prompt: number };
      client_overhead: { achieved_rate: number };
    };
    const metrics = BenchmarkMetrics.parse(doc.metrics);
    expect(metrics.completed).toBe(30);
    expect(metrics.total_output_tokens).toBe(360);
    expect(metrics.goodput?.attainment).toBe(1);
    expect(doc.requests).toHaveLength(30);
    expect(doc.workload.min_prompt).toBe(32);
    expect(emulator.stats.requests).toBe(33);
  }, 60_000);

  it('bench --post: uploads the benchmark with its setting and never prints the token', async () => {
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 1 });
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const run = await runCli(
      [
        ...benchArgs(emulator.url, { requests: 10, promptLen: 16, outputLen: 8 }),
        '--post',
        '--hardware',
        '8x H100',
        '--runtime-option',
        'max_num_seqs=256',
        '--gpu-cost-per-hour',
        '2',
        '--notes',
        'ci run',
      ],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
    );
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(api.benchmarks).toHaveLength(1);
    const posted = api.benchmarks[0]!;
    expect(posted.setting).toMatchObject({
      ml_model_name: 'mako/emulated-model',
      hardware_config: { count: 8, name: 'H100' },
      software: { runtime: 'vllm', version: '0.11.0' },
    });
    expect(posted.setting.workload).toMatchObject({
      dataset: 'random',
      num_requests: 10,
      request_rate: 'inf',
      min_prompt: 16,
      max_output: 8,
    });
    expect(posted.runtime_options).toEqual({ max_num_seqs: 256 });
    expect(posted.cost_per_million_tokens).toBeGreaterThan(0);
    expect(posted.notes).toBe('ci run');
    expect(run.stdout).toContain(`Posted benchmark ${posted.id}`);
    // GET /users/me before the load, then the upload.
    expect(api.authHeaders).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
    expect(BenchmarkCreate.safeParse({ ...posted, setting: posted.setting }).success).toBe(true);
  }, 60_000);

  it('bench: clear errors for --post without a token and for an endpoint that is down', async () => {
    const noToken = await runCli(['bench', '--post', '--hardware', '1x L4']);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('--post needs an API token: set MAKO_TOKEN');
    const port = await freePort();
    const down = await runCli(['bench', '--base-url', `http://127.0.0.1:${port}`]);
    expect(down.code).toBe(2);
    expect(down.stderr).toContain(`Cannot reach the serving endpoint at http://127.0.0.1:${port} (ECONNREFUSED)`);
  }, 30_000);

  it('sweep: finds the highest concurrency that meets the SLO on a server that decodes 4 requests at once', async () => {
    // Up to 4 in flight: TTFT ≈ 10 ms. From 5 on, a fifth of the requests queue behind a whole
    // 46 ms request, so only ≈ 80 % meet 35 ms, short of the 90 % needed.
    const emulator = await emulatorForTest({ ttftMs: 10, itlMs: 4, maxConcurrency: 4 });
    const { run, report: doc } = await runCliReport<{
      best: number;
      steps: { level: number; passed: boolean }[];
    }>([
      'sweep',
      '--base-url',
      emulator.url,
      '--over',
      'concurrency',
      '--max',
      '64',
      '--slo',
      'ttft_ms=35',
      '--attainment',
      '0.9',
      '--num-requests',
      '40',
      '--warmup',
      '2',
      '--prompt-len',
      '8',
      '--output-len',
      '10',
    ]);
    expect(run.stdout).toContain('Highest concurrency meeting the SLO: 4');
    expect(doc.best).toBe(4);
    expect(doc.steps.map((s) => [s.level, s.passed])).toEqual([
      [1, true],
      [2, true],
      [4, true],
      [8, false],
      [6, false],
      [5, false],
    ]);
    expect(run.stdout.match(/^\s*\d+\s+\d+\s+(pass|FAIL)/gm)).toHaveLength(12);
  }, 90_000);

  it('tune: retries on 409, launches each configuration, posts metrics or the failure kind, and prints the best on 410', async () => {
    const configs = [
      { max_num_seqs: 2, gpu_memory_utilization: 0.9 },
      { max_num_seqs: 8, gpu_memory_utilization: 0.97 },
      { max_num_seqs: 8, gpu_memory_utilization: 0.9 },
    ];
    const api = await fakeApiForTest({ token: TOKEN, configs, conflictsFirst: 2 });
    const logDir = tmp();
    const run = await runCli(
      [
        ...tuneArgs(api.sessionId, '--ttft-ms 20 --itl-ms 3 --oom-above 0.95'),
        '--name',
        'ci-runner',
        '--retry-initial',
        '0.05',
        '--retry-max',
        '0.2',
        '--warmup',
        '2',
        '--log-dir',
        logDir,
      ],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(api.nextConfigCalls.map((c) => c.status)).toEqual([409, 409, 200, 200, 200, 410]);
    expect(api.nextConfigCalls.every((c) => c.name === 'ci-runner')).toBe(true);
    expect(api.results.map((r) => r.failure?.kind ?? 'metrics')).toEqual(['metrics', 'oom', 'metrics']);
    expect(api.results[1]!.failure!.message).toContain('CUDA out of memory');
    const [slow, , fast] = api.results;
    // max_num_seqs caps the fake engine's batch: 8 slots beat 2 for 12 requests at concurrency 4.
    expect(fast!.metrics!.output_throughput).toBeGreaterThan(slow!.metrics!.output_throughput);
    expect(fast!.metrics!.completed).toBe(12);
    expect(run.stdout).toContain('Need to wait for pending evaluations');
    expect(run.stdout).toContain('Tuning search is complete');
    expect(run.stdout).toContain('Best configuration: trial 3');
    expect(run.stdout).toContain('(12.5 % higher than the defaults)');
    expect(run.stdout).toContain(launchCommand('vllm', 'mako/emulated-model', configs[2]!));
    expect(readFileSync(join(logDir, 'trial-2.log'), 'utf8')).toContain('torch.OutOfMemoryError');
    expect(JSON.parse(readFileSync(join(logDir, 'trial-3.json'), 'utf8'))).toMatchObject({ config: configs[2] });
    expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
  }, 150_000);

  it('tune: a 401 names the token problem', async () => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const run = await runCli(['tune', '--session', api.sessionId], { MAKO_TOKEN: 'mako_wrong', MAKO_API_URL: api.url });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('401 Unauthorized: Not authenticated (check MAKO_TOKEN');
  }, 30_000);
});
