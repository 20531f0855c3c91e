import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { benchArgs, emulatorForTest, fakeApiForTest, runCli, startCli, tuneArgs, waitFor } from './helpers.ts';
import { listen } from './listen.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';
const tmp = () => mkdtempSync(join(tmpdir(), 'mako-mislead-'));

describe('a URL without its scheme', () => {
  for (const [flag, value] of [
    ['--base-url', 'notaurl'],
    ['--base-url', '127.0.0.1:8213'],
    ['--api-url', 'localhost:8000/api/v1'],
  ] as const)
    it(`${flag} ${value}: names the flag, no stack trace, exit 2`, async () => {
      const run = await runCli(['bench', flag, value, '--model', 'm', '--num-requests', '1'], { MAKO_TOKEN: TOKEN });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`Invalid value '${value}' for ${flag}: expected an http:// or https:// URL`);
      expect(run.stderr).not.toMatch(/TypeError|\n\s+at /);
    });

  it('from the environment names the variable, and the --model advice path never reaches a stack trace', async () => {
    const run = await runCli(['bench', '--num-requests', '1'], { OPENAI_BASE_URL: '127.0.0.1:8213' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "Invalid value '127.0.0.1:8213' for OPENAI_BASE_URL (for --base-url): expected an http:// or https:// URL; did you mean http://127.0.0.1:8213?",
    );
  });
});

describe('a server that dies during the run', () => {
  it('exits 1, says the server failed (not the client), and posts nothing without --post-failed', async () => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 5 });
    const output = join(tmp(), 'out.json');
    const args = [
      ...benchArgs(emulator.url, { requests: 30, promptLen: 8, outputLen: 8 }),
      '--request-rate',
      '10',
      '--quiet',
      '--telemetry-interval',
      '0',
      '--post',
      '--hardware',
      '1x L4',
      '--runtime',
      'vllm',
      '--runtime-version',
      '0.11.0',
    ];
    const cli = startCli([...args, '--output', output], { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url });
    // Killed about a second into the load (10 req/s), as a crashing engine would go.
    await waitFor(() => emulator.stats.requests >= 10, 30_000, 'ten requests');
    await emulator.close();
    const run = await cli.done;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/SERVER FAILED: \d+ of 30 requests failed \(connection_refused \d+/);
    expect(run.stdout).not.toContain('CLIENT-LIMITED');
    expect(run.stderr).toMatch(/error: \d+ of 30 requests failed .*stopped accepting or dropped connections/);
    expect(run.stderr).toContain('pass --post-failed');
    expect(api.benchmarks).toHaveLength(0);
    const doc = JSON.parse(readFileSync(output, 'utf8')) as {
      server_failure: string;
      client_overhead: { client_limited: boolean };
    };
    expect(doc.server_failure).toMatch(/requests failed/);
    expect(doc.client_overhead.client_limited).toBe(false);
  }, 60_000);

  it('--post-failed stores it, and the run still exits 1', async () => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 2, failEvery: 2 });
    const run = await runCli(
      [
        ...benchArgs(emulator.url, { requests: 10, promptLen: 8, outputLen: 4 }),
        '--quiet',
        '--post',
        '--post-failed',
        '--hardware',
        '1x L4',
        '--runtime',
        'vllm',
        '--runtime-version',
        '0.11.0',
      ],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: 5 of 10 requests failed \(http_500 5\).*answered with errors/);
    expect(api.benchmarks).toHaveLength(1);
    expect(api.benchmarks[0]?.metrics.failed).toBe(5);
  }, 60_000);
});

/** An OpenAI-compatible server that knows nothing of MakoOptimize: 404 for everything but /v1/models. */
async function openAiServer() {
  const server = http.createServer((req, res) => {
    if (req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'Qwen/Qwen3-8B', object: 'model' }] }));
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not Found' }));
  });
  const { port, close } = await listen(server);
  onTestFinished(close);
  return `http://127.0.0.1:${port}`;
}

describe('the API and token are checked before any load', () => {
  it('a wrong token fails in GET /users/me, before a single request reaches the endpoint', async () => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const emulator = await emulatorForTest();
    const run = await runCli(
      [...benchArgs(emulator.url, { requests: 5, promptLen: 8, outputLen: 4 }), '--post', '--hardware', '1x L4'],
      { MAKO_TOKEN: 'mako_wrong', MAKO_API_URL: api.url },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('me: 401');
    expect(run.stderr).toContain('check MAKO_TOKEN');
    expect(emulator.stats.requests).toBe(0);
  });

  it('an API URL that is an OpenAI endpoint is named as one', async () => {
    const engine = await openAiServer();
    const emulator = await emulatorForTest();
    const run = await runCli(
      [...benchArgs(emulator.url, { requests: 5, promptLen: 8, outputLen: 4 }), '--post', '--hardware', '1x L4'],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: `${engine}/api/v1` },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error: ${engine}/api/v1 is an OpenAI-compatible serving endpoint (it serves Qwen/Qwen3-8B), not the MakoOptimize API`,
    );
    expect(emulator.stats.requests).toBe(0);
    const tune = await runCli(['tune', '--session', 'x'], { MAKO_TOKEN: TOKEN, MAKO_API_URL: engine });
    expect(tune.code).toBe(1);
    expect(tune.stderr).toContain('is an OpenAI-compatible serving endpoint');
  });

  it('no API address: posting asks for MAKO_API_URL instead of guessing port 8000', async () => {
    const emulator = await emulatorForTest();
    const run = await runCli(
      [...benchArgs(emulator.url, { requests: 5, promptLen: 8, outputLen: 4 }), '--post', '--hardware', '1x L4'],
      { MAKO_TOKEN: TOKEN },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("error: MakoOptimize's address is not set: export MAKO_API_URL=");
    expect(emulator.stats.requests).toBe(0);
  });
});

describe('a rate ramp', () => {
  it('records the rate it sent in load.request_rate, not the unused default', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const output = join(tmp(), 'out.json');
    const run = await runCli([
      ...benchArgs(emulator.url, { requests: 20, promptLen: 8, outputLen: 2 }),
      '--ramp-up-strategy',
      'linear',
      '--ramp-up-start-rps',
      '50',
      '--ramp-up-end-rps',
      '100',
      '--quiet',
      '--output',
      output,
    ]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(readFileSync(output, 'utf8')) as {
      load: { request_rate: unknown };
      workload: { request_rate: unknown };
    };
    expect(typeof doc.load.request_rate).toBe('number');
    expect(doc.load.request_rate).toBe(doc.workload.request_rate);
    // Random gaps at rates from 50 to 100 req/s: the mean is near, not exactly within, those bounds.
    expect(doc.load.request_rate as number).toBeGreaterThan(20);
    expect(doc.load.request_rate as number).toBeLessThan(200);
  });
});

/** `tune` whose engine command names a program that does not exist: every trial fails to start. */
const tuneWithMissingEngine = (sessionId: string, logDir: string) => [
  'tune',
  '--session',
  sessionId,
  '--engine-cmd',
  '/no/such/engine {model} {flags}',
  '--health-interval',
  '0.1',
  '--log-dir',
  logDir,
];

describe('tune with an engine command that cannot work', () => {
  it('stops after two tries (the configuration, then the defaults), prints the cause, gives the lease back, records no trial', async () => {
    const api = await fakeApiForTest({
      token: TOKEN,
      configs: [{ max_num_seqs: 4 }, { max_num_seqs: 8 }, { max_num_seqs: 16 }],
    });
    const logDir = tmp();
    const run = await runCli(tuneWithMissingEngine(api.sessionId, logDir), {
      MAKO_TOKEN: TOKEN,
      MAKO_API_URL: api.url,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "error: the engine command fails the same way with trial 1's configuration and with the engine's defaults (exit code 127)",
    );
    expect(run.stderr).toMatch(/\n {2}\/bin\/sh: .*\/no\/such\/engine: not found\n/);
    expect(run.stderr).toContain('No trial was recorded; the configuration went back to the session.');
    expect(api.results).toHaveLength(0);
    expect(api.released).toHaveLength(1);
    // One lease only: the runner stopped instead of burning the budget.
    expect(api.nextConfigCalls.filter((c) => c.status === 200)).toHaveLength(1);
    expect(run.stdout.match(/\$ \/no\/such\/engine/g)).toHaveLength(2);
  }, 60_000);

  it('an engine that fails only with some configurations is not stopped: the crash is that trial’s', async () => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [{ max_num_seqs: 4 }, { max_num_seqs: 1 }] });
    const run = await runCli(
      [
        ...tuneArgs(api.sessionId, '--ttft-ms 5 --itl-ms 1 --fail-startup crash --crash-above 2 --crash-cause boom'),
        '--warmup',
        '0',
        '--log-dir',
        tmp(),
      ],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.stderr).not.toContain('fails the same way');
    expect(run.code).toBe(0);
    expect(api.results.map((r) => r.failure?.kind ?? 'measured')).toEqual(['crash', 'measured']);
    expect(api.released).toHaveLength(0);
  }, 150_000);
});

describe('tune when the server cannot store a result', () => {
  it('gives the lease back before it reports the error, so the configuration is offered again at once', async () => {
    const api = await fakeApiForTest({
      token: TOKEN,
      configs: [{ max_num_seqs: 4 }, { max_num_seqs: 8 }],
      failResults: { status: 500, detail: 'database unavailable' },
    });
    const logDir = tmp();
    const run = await runCli(
      [...tuneArgs(api.sessionId, '--ttft-ms 5 --itl-ms 1'), '--warmup', '0', '--log-dir', logDir],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.code).toBe(1);
    // Posted four times (three retries), then the original error is what the user reads.
    expect(run.stderr.match(/warning: posting trial 1 failed/g)).toHaveLength(3);
    expect(run.stderr).toMatch(/error: .*database unavailable/);
    expect(run.stderr).not.toContain('could not be given back');
    const trial = JSON.parse(readFileSync(join(logDir, 'trial-1.json'), 'utf8')) as { pending_config_id: string };
    expect(api.released).toEqual([trial.pending_config_id]);
    expect(api.results).toHaveLength(0);
  }, 150_000);
});

describe('a lease the server will not take back', () => {
  it('after a failed post: the runner says the lease will lapse, and still reports the original error', async () => {
    const api = await fakeApiForTest({
      token: TOKEN,
      configs: [{ max_num_seqs: 4 }],
      failResults: { status: 500, detail: 'database unavailable' },
      failRelease: { status: 503, detail: 'releases are paused' },
    });
    const run = await runCli(
      [...tuneArgs(api.sessionId, '--ttft-ms 5 --itl-ms 1'), '--warmup', '0', '--log-dir', tmp()],
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /warning: trial 1's lease could not be given back \(.*releases are paused.*\); it will lapse on the server/,
    );
    expect(run.stderr).toMatch(/error: .*database unavailable/);
    expect(api.released).toHaveLength(0);
  }, 150_000);

  it('after a broken engine command: no trial, and the lease is said to lapse rather than to have gone back', async () => {
    const api = await fakeApiForTest({
      token: TOKEN,
      configs: [{ max_num_seqs: 4 }, { max_num_seqs: 8 }],
      failRelease: { status: 503, detail: 'releases are paused' },
    });
    const run = await runCli(tuneWithMissingEngine(api.sessionId, tmp()), { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /No trial was recorded; the lease could not be given back \(.*releases are paused.*\) and will lapse on the server\./,
    );
    expect(run.stderr).not.toContain('the configuration went back to the session');
    expect(api.results).toHaveLength(0);
  }, 60_000);
});
