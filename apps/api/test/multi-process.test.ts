import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type PlanRequest } from '@mako/contract';
import { benchmark, session } from './fixtures.ts';
import { PG_URL, call, ok, uniqueEmail } from './helpers.ts';
import { linkToken, startSmtpReceiver, type SmtpReceiver } from './smtp.ts';
import { heldOnServer, runRunners } from './runners.ts';
import { openDatabase, type Database } from '../src/db/database.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The burst limit the server processes run with, small enough to reach in a test. */
const AUTH_MAX = 5;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The real server (src/main.ts) in a process of its own, as `pnpm start` runs it. */
async function spawnServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-multi-'));
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${baseUrl}${API_PREFIX}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    port,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** One GET over a connection of its own, so that the cluster may hand it to any worker. */
const getOnce = (port: number, urlPath: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL', () => {
  let a: Awaited<ReturnType<typeof spawnServer>>;
  let b: Awaited<ReturnType<typeof spawnServer>>;
  let smtp: SmtpReceiver;
  let database: Database;
  const name = `mako_multi_${randomBytes(5).toString('hex')}`;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // A database of their own: the processes take their schema from the URL, as in production.
    await admin(`create database ${name}`);
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    smtp = await startSmtpReceiver();
    const env = {
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_MAX: String(AUTH_MAX),
      MAIL_COOLDOWN_S: '0',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LEASE_TTL_S: '60',
      LOG_LEVEL: 'warn',
    };
    database = openDatabase(url.toString());
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), database?.close()]);
    await smtp?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  let clients = 0;
  /** Each test's calls come from client addresses of their own (X-Forwarded-For), so burst limits do not mix. */
  const clientAddress = () => `198.51.100.${++clients}`;

  /** Signs up through A, as the web app does. */
  async function signUp() {
    const email = uniqueEmail();
    const headers = { 'x-forwarded-for': clientAddress() };
    await ok(a, 'sendVerificationEmail', { body: { email, application: 'MakoOptimize' }, headers });
    const mail = await smtp.waitFor(email, 1);
    const answer = await ok(a, 'register', {
      body: { email_verification_token: linkToken(mail, '/verify-email') },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    return answer.token!.access_token;
  }

  it('shares the per-IP login burst limit between the processes', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_MAX + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await call(server, 'login', {
        body: { username: uniqueEmail(), password: 'wrong-password' },
        headers,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(AUTH_MAX).fill(400), 429, 429]);
    // Another client is not affected.
    const other = await call(b, 'login', {
      body: { username: uniqueEmail(), password: 'wrong-password' },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(other.status).toBe(400);
  });

  it("shares the planner's burst budget between the processes, apart from the login's", async () => {
    // Each process keeps its own cache of plans, but the budget is counted in the shared table.
    const headers = { 'x-forwarded-for': clientAddress() };
    const body: PlanRequest = {
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      workload: { input_len: 1024, output_len: 256 },
      slo: { percentile: 'p99', ttft_ms: 1000, tpot_ms: 50 },
    };
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_MAX + 2; i++)
      statuses.push((await call(i % 2 === 0 ? a : b, 'plan', { body, headers })).status);
    expect(statuses).toEqual([...Array<number>(AUTH_MAX).fill(200), 429, 429]);
    const login = await call(b, 'login', { body: { username: uniqueEmail(), password: 'wrong-password' }, headers });
    expect(login.status).toBe(400);
  });

  it('answers 404 on B at once after a delete on A', async () => {
    const token = await signUp();
    const created = await ok(a, 'createBenchmark', { token, body: benchmark() });
    const params = { benchmark_id: created.id };
    // Twice, so that B answers from its cache the second time.
    expect((await call(b, 'getBenchmark', { token, params })).status).toBe(200);
    expect((await call(b, 'getBenchmark', { token, params })).status).toBe(200);
    await ok(a, 'deleteBenchmark', { token, params });
    expect((await call(b, 'getBenchmark', { token, params })).status).toBe(404);
  });

  it('keeps one running prediction error for both processes: stored at once on A and B, deleted on A', async () => {
    const token = await signUp();
    const where = { ...benchmark().setting, hardware_config: { name: 'B200', count: 1 } };
    const errorOf = (answer: Awaited<ReturnType<typeof ok<'getBenchmark'>>>) =>
      answer.prediction?.kind === 'predicted'
        ? answer.prediction.running_error.find((e) => e.metric === 'output_throughput')!.count
        : null;
    const [onA, onB] = await Promise.all([
      ok(a, 'createBenchmark', { token, body: benchmark({ setting: where }) }),
      ok(b, 'createBenchmark', { token, body: benchmark({ setting: where }) }),
    ]);
    const third = await ok(b, 'createBenchmark', { token, body: benchmark({ setting: where }) });
    expect(errorOf(third)).toBe(2);
    await ok(a, 'deleteBenchmark', { token, params: { benchmark_id: onB.id } });
    expect(errorOf(await ok(b, 'getBenchmark', { token, params: { benchmark_id: onA.id } }))).toBe(1);
  });

  it('drops an unpublished benchmark from anonymous search on B at once', async () => {
    const token = await signUp();
    const model = `org/multi-${randomBytes(4).toString('hex')}`;
    const created = await ok(a, 'createBenchmark', {
      token,
      body: benchmark({ published: true, setting: { ...benchmark().setting, ml_model_name: model } }),
    });
    const query = { ml_model_name: model };
    expect((await ok(b, 'searchBenchmarks', { query })).count).toBe(1);
    expect((await ok(b, 'searchBenchmarks', { query })).data.map((x) => x.id)).toEqual([created.id]);
    await ok(a, 'patchBenchmark', { token, params: { benchmark_id: created.id }, body: { published: false } });
    expect((await ok(b, 'searchBenchmarks', { query })).count).toBe(0);
    expect((await ok(b, 'searchBenchmarks', { query })).data).toEqual([]);
  });

  it('drops a withdrawn benchmark and its setting from their public pages on B at once', async () => {
    const token = await signUp();
    const created = await ok(a, 'createBenchmark', { token, body: benchmark({ published: true }) });
    // A client address per read: the processes run with a small burst limit.
    const read = (name: 'publicBenchmark' | 'publicSetting', params: Record<string, string>) =>
      call(b, name, { params, headers: { 'x-forwarded-for': clientAddress() } });
    const pages = [
      ['publicBenchmark', { benchmark_id: created.id }],
      ['publicSetting', { setting_id: created.setting.id }],
    ] as const;
    // Twice each, so that B answers from its cache the second time.
    for (const [name, params] of pages) for (let i = 0; i < 2; i++) expect((await read(name, params)).status).toBe(200);
    await ok(a, 'patchBenchmark', { token, params: { benchmark_id: created.id }, body: { published: false } });
    for (const [name, params] of pages) expect((await read(name, params)).status).toBe(404);
  });

  it('refuses on B at once an API token revoked and sessions logged out on A', async () => {
    const token = await signUp();
    const { secret, token: apiToken } = await ok(a, 'createApiToken', { token, body: { name: 'box' } });
    expect((await call(b, 'mySessions', { token: secret })).status).toBe(200);
    await ok(a, 'revokeApiToken', { token, params: { token_id: apiToken.id } });
    expect((await call(b, 'mySessions', { token: secret })).status).toBe(401);

    expect((await call(b, 'me', { token })).status).toBe(200);
    await ok(a, 'logoutAll', { token });
    expect((await call(b, 'me', { token })).status).toBe(401);
  });

  it('keeps every lease slot busy with 20 runners on both processes, and never over-leases', async () => {
    const token = await signUp();
    const s = await ok(a, 'createSession', {
      token,
      body: session({ budget: { max_trials: 60, max_parallel: 4 } }),
    });
    const figures = await runRunners({ servers: [a, b], token, sessionId: s.id, runners: 20, evaluationMs: 5 });
    const server = await heldOnServer(database.db, s.id);
    console.info('20 runners, 5 ms evaluations, max_parallel 4, two processes:', figures, 'on the server:', server);
    expect(figures.maxHeld).toBeLessThanOrEqual(4);
    expect(server.maxHeld).toBe(4);
    expect(figures.duplicateTrials).toEqual([]);
    const results = await ok(a, 'listResults', { token, params: { session_id: s.id }, query: { limit: 100 } });
    const configs = results.data.map((r) => JSON.stringify(r.config));
    expect(new Set(configs).size).toBe(configs.length);
    expect(configs.length).toBe(figures.leases);
  });

  it("answers one user's simultaneous session creates and benchmark posts on both processes without a 500", async () => {
    // The volley the probe sent: 3 session creates and 12 benchmark posts of one user at once. A
    // create locks the user's row, then bumps the catalogue version (its setting); a post of a
    // setting that exists bumps the version, then checks the user's row for its foreign key.
    const rounds = 4;
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const token = await signUp();
      await ok(a, 'createBenchmark', { token, body: benchmark() });
      const volley = await Promise.all([
        ...Array.from({ length: 3 }, (_, i) => call(i % 2 ? b : a, 'createSession', { token, body: session() })),
        ...Array.from({ length: 12 }, (_, i) => call(i % 2 ? a : b, 'createBenchmark', { token, body: benchmark() })),
      ]);
      statuses.push(...volley.map((answer) => answer.status));
    }
    const serverErrors = statuses.filter((status) => status >= 500).length;
    console.info(`session creates and benchmark posts, ${rounds} volleys of 3 + 12: ${serverErrors} answers >= 500`);
    expect(statuses).toEqual(Array<number>(rounds * 15).fill(200));
  });
});

describe.skipIf(PG_URL)('WEB_CONCURRENCY', () => {
  it('runs two workers that both answer, and exits 0 on SIGTERM', async () => {
    const server = await spawnServer({ WEB_CONCURRENCY: '2' });
    try {
      // The health check answered once one worker listens; wait for the other too.
      const deadline = Date.now() + 30_000;
      while ((server.output().match(/MakoOptimize on/g) ?? []).length < 2) {
        if (Date.now() > deadline) throw new Error(`the second worker did not start:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      for (let i = 0; i < 8; i++) expect(await getOnce(server.port, `${API_PREFIX}/health`)).toBe(200);
      // Each worker writes its log lines on its own schedule: under load a line can reach the
      // primary's output after the answer has reached us, so wait for all eight before counting.
      const completed = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"request completed"'));
      const logDeadline = Date.now() + 10_000;
      while (completed().length < 8 && Date.now() < logDeadline) await new Promise((r) => setTimeout(r, 100));
      const answeredBy = new Set(completed().map((line) => (JSON.parse(line) as { pid: number }).pid));
      expect(answeredBy.size).toBe(2);
      expect(answeredBy.has(server.child.pid!)).toBe(false);
      expect(await server.stop()).toBe(0);
      expect(server.output()).toMatch(/SIGTERM: stopping 2 worker/);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);
});
