/**
 * End to end against the real apps/api: a real server process on a temporary SQLite database, a
 * user signed up through the e-mail verification flow, an API token created through the API, a
 * tuning session, and two `mako-runner tune` processes that launch the emulator as a fake engine
 * until the session answers 410.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  AccessToken,
  ApiTokenCreated,
  Benchmark,
  PendingConfig,
  RegisterResponse,
  Sweep,
  TuningBest,
  TuningResultListAnswer,
  TuningSession,
  type TuningSessionCreate,
} from '@mako/contract';
import { freePort } from '../src/engine/engine.ts';
import { startEmulator } from './emulator.ts';
import {
  REPO_DIR,
  RUNNER_DIR,
  TSX_IMPORT,
  benchArgs,
  letterTokenizerDir,
  runCli,
  sweepArgs,
  tuneArgs,
  waitFor,
  type CliRun,
} from './helpers.ts';

let server: ChildProcess | null = null;
let log = '';
let origin = '';
let base = '';
let secret = '';
/** The runner package as `pnpm --filter @mako/runner build` makes it, served by the API under test. */
let runnerDist = '';

async function call(method: string, path: string, body?: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

beforeAll(async () => {
  runnerDist = mkdtempSync(join(tmpdir(), 'mako-runner-dist-'));
  execFileSync(process.execPath, [join(RUNNER_DIR, 'scripts', 'build.mjs'), runnerDist], { stdio: 'ignore' });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mako-e2e-')),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    RUNNER_DIST: runnerDist,
  };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', TSX_IMPORT, join(REPO_DIR, 'apps/api/src/main.ts')], {
    cwd: join(REPO_DIR, 'apps/api'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.setEncoding('utf8').on('data', (c: string) => (log += c));
  server.stderr?.setEncoding('utf8').on('data', (c: string) => (log += c));
  origin = `http://127.0.0.1:${port}`;
  base = `${origin}${API_PREFIX}`;
  let healthy = false;
  await waitFor(
    () => {
      void fetch(`${base}/health`).then(
        (r) => (healthy = r.ok),
        () => {},
      );
      return healthy || server?.exitCode !== null;
    },
    60_000,
    'the API to answer /health',
  );
  if (!healthy) throw new Error(`apps/api did not start:\n${log}`);

  // Sign up like a user: the development outbox logs the verification link.
  const email = `runner-${Date.now()}@example.com`;
  await call('POST', '/users/register/email-verification-token', { email, application: 'MakoOptimize' });
  let link = '';
  await waitFor(
    () => {
      const line = log.split('\n').find((l) => l.includes(email) && l.includes('"link"'));
      if (line) link = (JSON.parse(line) as { link: string }).link;
      return Boolean(link);
    },
    10_000,
    'the verification link in the log',
  );
  const registered = RegisterResponse.parse(
    await call('POST', '/users/register', { email_verification_token: new URL(link).searchParams.get('token') }),
  );
  const access = AccessToken.parse(registered.token).access_token;
  secret = ApiTokenCreated.parse(
    await call('POST', '/tokens', { name: 'e2e runner', expires_in_days: 1 }, access),
  ).secret;
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
});

const sessionBody: TuningSessionCreate = {
  setting: {
    ml_model_name: 'mako/emulated-model',
    hardware_config: { count: 1, name: 'H100' },
    software: { runtime: 'vllm', version: '0.11.0' },
    workload: {
      dataset: 'random',
      num_requests: 16,
      request_rate: 'inf',
      burstiness: 1,
      max_concurrency: 4,
      max_seq_length: 128,
      output_len: 16,
      min_prompt: 32,
      max_prompt: 64,
      min_output: 16,
      max_output: 16,
    },
  },
  objective: { metric: 'output_throughput', direction: 'maximize' },
  constraints: [],
  search_space: {
    parameters: [
      { kind: 'int', name: 'max_num_seqs', low: 1, high: 16 },
      { kind: 'float', name: 'gpu_memory_utilization', low: 0.85, high: 0.99, step: 0.01 },
    ],
    rules: [],
  },
  budget: { max_trials: 5, max_parallel: 1 },
  seed: 3,
};

/** `tune` as runner-a and runner-b at once on a session, the emulator (with `engineFlags`) as their engine, until both exit. */
function tuneTwoRunners(sessionId: string, engineFlags: string): Promise<[CliRun, CliRun]> {
  const env = { MAKO_TOKEN: secret, MAKO_API_URL: base };
  const args = (name: string) => [
    ...tuneArgs(sessionId, engineFlags),
    '--name',
    name,
    '--retry-initial',
    '0.2',
    '--retry-max',
    '1',
    '--warmup',
    '1',
    '--log-dir',
    mkdtempSync(join(tmpdir(), `mako-e2e-${name}-`)),
  ];
  return Promise.all([runCli(args('runner-a'), env, 180_000), runCli(args('runner-b'), env, 180_000)]);
}

describe('mako-runner against apps/api', () => {
  it('two tune runners share a session until 410: 409s are waited out, OOMs reported, the best printed', async () => {
    const session = TuningSession.parse(await call('POST', '/tuning/session?name=e2e', sessionBody, secret));
    const [a, b] = await tuneTwoRunners(session.id, '--ttft-ms 10 --itl-ms 2 --oom-above 0.92');
    for (const run of [a, b]) {
      expect(run.stderr).not.toMatch(/error/);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Tuning search is complete');
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
    }
    // With max_parallel 1 one runner had to wait while the other evaluated.
    expect(`${a.stdout}${b.stdout}`).toContain('Need to wait for pending evaluations');

    const done = TuningSession.parse(await call('GET', `/tuning/session/${session.id}`, undefined, secret));
    expect(done.status).toBe('complete');
    expect(done.counts.evaluated + done.counts.failed).toBe(5);
    const results = TuningResultListAnswer.parse(
      await call('GET', `/tuning/session/${session.id}/results`, undefined, secret),
    ).data;
    expect(results).toHaveLength(5);
    for (const r of results) {
      if (Number(r.config.gpu_memory_utilization) > 0.92) expect(r.failure?.kind).toBe('oom');
      else {
        expect(r.failure).toBeNull();
        expect(r.metrics?.completed).toBe(16);
        expect(r.metrics?.total_output_tokens).toBe(16 * 16);
      }
    }
    // The fake engine runs out of memory above 0.92: both outcomes must have been reported.
    expect(results.some((r) => r.failure?.kind === 'oom')).toBe(true);
    expect(results.some((r) => r.metrics !== null)).toBe(true);
    const best = TuningBest.parse(await call('GET', `/tuning/session/${session.id}/best`, undefined, secret));
    for (const run of [a, b]) {
      expect(run.stdout).toContain(`Best configuration: trial ${best.result.trial_number}`);
      expect(run.stdout).toContain(best.launch_command);
    }
    // Each lease records the runner that took it.
    const leases = await Promise.all(
      results.map(async (r) =>
        PendingConfig.parse(
          await call('GET', `/tuning/session/${session.id}/next-configs/${r.pending_config_id}`, undefined, secret),
        ),
      ),
    );
    for (const lease of leases) expect(['runner-a', 'runner-b']).toContain(lease.leased_by);
  }, 240_000);

  it('re-measures the winner on the other runner before 410, and prints the best with its spread', async () => {
    const session = TuningSession.parse(
      await call(
        'POST',
        '/tuning/session?name=e2e-confirm',
        { ...sessionBody, budget: { max_trials: 4, max_parallel: 2 }, confirm: { repeats: 1 } },
        secret,
      ),
    );
    const runs = await tuneTwoRunners(session.id, '--ttft-ms 10 --itl-ms 2');
    for (const run of runs) {
      expect(run.stderr).not.toMatch(/error/);
      expect(run.code).toBe(0);
    }
    const results = TuningResultListAnswer.parse(
      await call('GET', `/tuning/session/${session.id}/results`, undefined, secret),
    ).data;
    // Four trials, then one more measurement each of the best two. A repeat can reorder them (the
    // ranking is by mean), and then the new top two are due as well: at most four are re-measured.
    // While the two overlap (within noise) each is measured once more, up to five re-measures.
    expect(results.filter((r) => !r.remeasure)).toHaveLength(4);
    const repeats = results.filter((r) => r.remeasure);
    expect(repeats.length).toBeGreaterThanOrEqual(2);
    const repeated = new Set(repeats.map((r) => r.trial_number));
    expect(repeated.size).toBeLessThanOrEqual(4);
    for (const trial of repeated) expect(repeats.filter((r) => r.trial_number === trial).length).toBeLessThanOrEqual(5);
    const runnerOf = async (pendingId: string) =>
      PendingConfig.parse(
        await call('GET', `/tuning/session/${session.id}/next-configs/${pendingId}`, undefined, secret),
      ).leased_by;
    // Both runners were there (two slots: each leased from the start): each repeat ran on the
    // runner that had not measured the configuration.
    const searchRunners = await Promise.all(
      results.filter((r) => !r.remeasure).map((r) => runnerOf(r.pending_config_id)),
    );
    expect(new Set(searchRunners)).toEqual(new Set(['runner-a', 'runner-b']));
    const firstRepeats = [...repeated].map((trial) => repeats.find((r) => r.trial_number === trial)!);
    for (const repeat of firstRepeats) {
      const original = results.find((r) => r.trial_number === repeat.trial_number && !r.remeasure)!;
      expect(await runnerOf(repeat.pending_config_id)).not.toBe(await runnerOf(original.pending_config_id));
    }
    const best = TuningBest.parse(await call('GET', `/tuning/session/${session.id}/best`, undefined, secret));
    const runsOfBest = results.filter((r) => r.trial_number === best.result.trial_number).length;
    expect(best.confidence?.spread.n).toBe(runsOfBest);
    // One repeat (repeats: 1), and more only while the two stayed within the noise.
    expect(runsOfBest).toBeLessThanOrEqual(6);
    const all = `${runs[0].stdout}${runs[1].stdout}`;
    expect(all).toMatch(/trial \d \(re-measure\): /);
    for (const run of runs) {
      expect(run.stdout).toContain('Tuning search is complete');
      expect(run.stdout).toMatch(
        new RegExp(
          `Best configuration: trial ${best.result.trial_number}, output_throughput = [\\d,.]+ ± [\\d,.]+ \\(${runsOfBest} runs, `,
        ),
      );
      expect(run.stdout).toMatch(/^(Confirmed|Within noise): .*trial \d/m);
    }
  }, 240_000);

  it('tune against a multi-objective session prints the Pareto front, not a single best', async () => {
    const objectives = [
      { metric: 'output_throughput_per_gpu', direction: 'maximize' },
      { metric: 'output_throughput_per_user', direction: 'maximize' },
    ] as const;
    const body: TuningSessionCreate = {
      ...sessionBody,
      objective: objectives[0],
      objectives: [...objectives],
      budget: { max_trials: 4, max_parallel: 1 },
    };
    const session = TuningSession.parse(await call('POST', '/tuning/session?name=e2e-front', body, secret));
    const run = await runCli(
      [
        ...tuneArgs(session.id, '--ttft-ms 10 --itl-ms 2 --oom-above 0.92'),
        '--warmup',
        '1',
        '--log-dir',
        mkdtempSync(join(tmpdir(), 'mako-e2e-front-')),
      ],
      { MAKO_TOKEN: secret, MAKO_API_URL: base },
      180_000,
    );
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const done = TuningSession.parse(await call('GET', `/tuning/session/${session.id}`, undefined, secret));
    expect(done.status).toBe('complete');
    const front = done.pareto_front ?? [];
    expect(front.length).toBeGreaterThan(0);
    expect(run.stdout).toContain(`Pareto front: ${front.length} configuration(s)`);
    expect(run.stdout).not.toContain('Best configuration');
    for (const point of front) {
      expect(run.stdout).toContain(`Trial ${point.trial_number}: output_throughput_per_gpu = `);
      expect(run.stdout).toContain(`  max_num_seqs = ${String(point.config.max_num_seqs)}`);
    }
    expect(run.stdout.match(/^ {2}launch: vllm serve mako\/emulated-model /gm)).toHaveLength(front.length);
  }, 240_000);

  it('bench --runs 2 --post stores one benchmark, with its runs, client report and telemetry, the API serves back', async () => {
    const emulator = await startEmulator({ ttftMs: 5, itlMs: 1 });
    try {
      const run = await runCli(
        [
          ...benchArgs(emulator.url, { requests: 12, promptLen: 24, outputLen: 8 }),
          '--post',
          '--hardware',
          '2x L40S',
          '--runtime-option',
          'max_num_seqs=64',
          '--runs',
          '2',
          '--telemetry-interval',
          '0.05',
        ],
        { MAKO_TOKEN: secret, MAKO_API_URL: base },
      );
      expect(run.stderr).not.toMatch(/error/);
      expect(run.code).toBe(0);
      const id = /Posted benchmark (\S+)/.exec(run.stdout)?.[1];
      expect(id).toBeDefined();
      const stored = Benchmark.parse(await call('GET', `/benchmarks/by-id/${id}`, undefined, secret));
      expect(stored.setting).toMatchObject({
        ml_model_name: 'mako/emulated-model',
        hardware_config: { count: 2, name: 'L40S' },
        software: { runtime: 'vllm', version: '0.11.0' },
      });
      expect(stored.metrics.completed).toBe(12);
      expect(stored.runtime_options).toEqual({ max_num_seqs: 64 });
      expect(stored.runs?.map((r) => r.completed)).toEqual([12, 12]);
      expect(stored.intervals?.output_throughput).toMatchObject({ n: 2, mean: stored.metrics.output_throughput });
      expect(stored.client).toMatchObject({ client_limited: false });
      expect(stored.telemetry?.samples.at(-1)).toMatchObject({ running: 0, kv_cache_usage: expect.any(Number) });
    } finally {
      await emulator.close();
    }
  }, 60_000);

  it('sweep --post stores the sweep as one object whose levels link their benchmarks', async () => {
    const emulator = await startEmulator({ ttftMs: 5, itlMs: 1 });
    try {
      const run = await runCli([...sweepArgs(emulator.url), '--post', '--hardware', '1x L4', '--quiet'], {
        MAKO_TOKEN: secret,
        MAKO_API_URL: base,
      });
      expect(run.stderr).not.toMatch(/error/);
      expect(run.code).toBe(0);
      const id = /Posted sweep (\S+) \(3 levels\)/.exec(run.stdout)?.[1];
      expect(id).toBeDefined();
      const sweep = Sweep.parse(await call('GET', `/sweeps/${id}`, undefined, secret));
      expect(sweep.complete).toBe(true);
      expect(sweep.over).toBe('concurrency');
      expect(sweep.levels.map((l) => [l.load, l.passed, l.saturated])).toEqual([
        [1, true, false],
        [2, true, false],
        [4, true, false],
      ]);
      expect(sweep.verdict.best_load).toBe(4);
      for (const level of sweep.levels) {
        const benchmark = Benchmark.parse(
          await call('GET', `/benchmarks/by-id/${level.benchmark_id}`, undefined, secret),
        );
        expect(benchmark.setting.id).toBe(level.setting_id);
        expect(benchmark.setting.workload.max_concurrency).toBe(level.load);
        // Each level says what it ran on and how it was asked for, as a bench run does.
        expect(benchmark.provenance?.runner?.argv[0]).toBe('sweep');
      }
    } finally {
      await emulator.close();
    }
  }, 90_000);

  it('installs from the server on a host with only node and npm, then benchmarks and posts', async () => {
    const version = (JSON.parse(readFileSync(join(RUNNER_DIR, 'package.json'), 'utf8')) as { version: string }).version;
    // What a GPU host downloads: the server's tarball, byte for byte the one the build made.
    const download = await fetch(`${origin}/downloads/mako-runner.tgz`);
    expect(download.status).toBe(200);
    const tarball = Buffer.from(await download.arrayBuffer());
    expect(tarball.equals(readFileSync(join(runnerDist, `mako-runner-${version}.tgz`)))).toBe(true);
    // Everything is inside the one file: it imports Node's own modules and no package.
    const bundle = readFileSync(join(runnerDist, 'package', 'bin', 'mako-runner.js'), 'utf8');
    const imported = [...bundle.matchAll(/\bimport\s*(?:[\w${}\s,*]+?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !name?.startsWith('node:'))).toEqual([]);
    expect((await fetch(`${origin}/downloads/mako-runner-${version}.tgz`, { method: 'HEAD' })).status).toBe(200);

    // The host: node and npm on PATH and nothing else (no pnpm, no workspace, no network for npm).
    const host = mkdtempSync(join(tmpdir(), 'mako-gpu-host-'));
    const bin = join(host, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync(realpathSync(join(dirname(process.execPath), 'npm')), join(bin, 'npm'));
    const hostEnv = { PATH: bin, HOME: join(host, 'home'), npm_config_cache: join(host, 'npm-cache') };
    expect(spawnSync('/bin/sh', ['-c', 'command -v pnpm'], { env: hostEnv }).status).not.toBe(0);
    writeFileSync(join(host, 'mako-runner.tgz'), tarball);
    const prefix = join(host, 'prefix');
    execFileSync(
      join(bin, 'npm'),
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--offline',
        '--no-audit',
        '--no-fund',
        join(host, 'mako-runner.tgz'),
      ],
      { cwd: host, env: hostEnv, stdio: 'pipe' },
    );
    const installed = join(prefix, 'bin', 'mako-runner');
    const runInstalled = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      new Promise<CliRun>((resolve) => {
        const child = spawn(installed, args, { cwd: host, env: { ...hostEnv, ...env } });
        const out = { stdout: '', stderr: '' };
        child.stdout.setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
        child.stderr.setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
        child.once('close', (code) => resolve({ code, ...out }));
      });
    const shown = await runInstalled(['--version']);
    expect(shown).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });

    // No usage in the stream: output tokens are counted by the local tokenizer, inside the bundle.
    const emulator = await startEmulator({ ttftMs: 5, itlMs: 1, usage: false });
    try {
      const output = join(host, 'result.json');
      const run = await runInstalled(
        [
          ...benchArgs(emulator.url, { requests: 8, promptLen: 24, outputLen: 8 }),
          '--tokenizer',
          letterTokenizerDir(),
          '--output',
          output,
          '--post',
          '--hardware',
          '1x H100',
        ],
        { MAKO_TOKEN: secret, MAKO_API_URL: base },
      );
      expect(run.stderr).not.toMatch(/error/);
      expect(run.code).toBe(0);
      const result = JSON.parse(readFileSync(output, 'utf8')) as { token_counts: { output: Record<string, number> } };
      expect(result.token_counts.output).toEqual({ tokenizer: 8 });
      const id = /Posted benchmark (\S+)/.exec(run.stdout)?.[1];
      expect(id).toBeDefined();
      const stored = Benchmark.parse(await call('GET', `/benchmarks/by-id/${id}`, undefined, secret));
      expect(stored.setting.hardware_config).toEqual({ count: 1, name: 'H100' });
      expect(stored.metrics.completed).toBe(8);
    } finally {
      await emulator.close();
    }
  }, 120_000);
});
