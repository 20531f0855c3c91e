import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '@mako/contract';
import { ConfigError, loadConfig } from '../src/config.ts';

/* The server as an operator runs it: its configuration from the environment, and its process (start, refusals, SIGTERM). */

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(API_DIR, '../..');

describe('configuration', () => {
  it('defaults to 127.0.0.1:8000 and a SQLite file under the repository data dir, whatever the cwd', () => {
    const config = loadConfig({});
    expect([config.host, config.port, config.publicUrl]).toEqual(['127.0.0.1', 8000, 'http://127.0.0.1:8000']);
    expect(config.dataDir).toBe(path.join(REPO, 'data'));
    expect(config.databaseUrl).toBe(path.join(REPO, 'data', 'mako.db'));
    expect(config.webDist).toBe(path.join(REPO, 'apps/web/dist'));
    expect(config.accessTokenTtlS).toBe(3600);
    expect(config.seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses to start in production on a default or short secret', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...production, JWT_SECRET: 'x'.repeat(48), ARGON2_MEMORY_KIB: '4096' })).toThrow(
      /argon2/,
    );
    expect(loadConfig({ ...production, JWT_SECRET: 'x'.repeat(48) }).production).toBe(true);
  });
});

describe('the process', () => {
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  function start(env: Record<string, string>) {
    // The process keeps its data in its own DATA_DIR, whatever database the suite itself runs on.
    const { DATABASE_URL: _database, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...inherited, NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  it('refuses to start in production with the development secret', async () => {
    const { exited, output } = start({
      NODE_ENV: 'production',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mako-prod-')),
    });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/Refusing to start in production/);
  }, 30_000);

  it('on SIGTERM finishes in-flight requests, refuses new ones and exits 0', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-sigterm-'));
    const proc = start({ PORT: String(port), DATA_DIR: dataDir });
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const up = await fetch(`http://127.0.0.1:${port}${API_PREFIX}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error(`server did not start:\n${proc.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const body = JSON.stringify({ email: 'sigterm@example.com', application: 'MakoOptimize' });
      // A request whose body is still arriving when the signal comes.
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `${API_PREFIX}/magic-link`,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          proc.child.kill('SIGTERM');
          setTimeout(async () => {
            // A fresh socket: fetch would reuse the health poll's kept-alive one (which gets a 503).
            newConnection = await new Promise<string | undefined>((resolveRefused) =>
              http
                .get({ host: '127.0.0.1', port, path: `${API_PREFIX}/health`, agent: false }, (res) => {
                  res.resume();
                  resolveRefused('answered');
                })
                .on('error', (error: NodeJS.ErrnoException) => resolveRefused(error.code)),
            );
            req.end(body.slice(10));
          }, 500);
        }, 200);
      });
      let newConnection: string | undefined;
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Login link sent! Please check your email.' });
      expect(newConnection).toBe('ECONNREFUSED');
      expect(await proc.exited).toBe(0);
      expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1);
    } finally {
      proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('after SIGTERM answers requests on kept-alive sockets with 503 and Connection: close, never a reset', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-sigterm-'));
    const proc = start({ PORT: String(port), DATA_DIR: dataDir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    type Outcome = {
      afterSignal: boolean;
      reused: boolean;
      status?: number;
      error?: string;
      connection?: string;
      csp?: string;
      body?: string;
    };
    const get = (afterSignal: boolean) =>
      new Promise<Outcome>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port, path: `${API_PREFIX}/settings`, agent }, (response) => {
          let body = '';
          response.on('data', (c: Buffer) => (body += c.toString()));
          response.on('end', () =>
            resolve({
              afterSignal,
              reused: request.reusedSocket,
              status: response.statusCode,
              connection: response.headers.connection,
              csp: String(response.headers['content-security-policy']),
              body,
            }),
          );
          response.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ afterSignal, reused: request.reusedSocket, error: error.code ?? error.message }),
          );
        });
        request.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ afterSignal, reused: request.reusedSocket, error: error.code ?? error.message }),
        );
      });
    try {
      const deadline = Date.now() + 30_000;
      while ((await get(false)).status !== 200) {
        if (Date.now() > deadline) throw new Error(`server did not start:\n${proc.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const outcomes: Outcome[] = [];
      let signalled = false;
      // Eight clients keep their sockets busy; the signal comes once some hundreds of calls went through.
      const client = async () => {
        for (;;) {
          const outcome = await get(signalled);
          outcomes.push(outcome);
          if (!signalled && outcomes.length >= 300) {
            signalled = true;
            proc.child.kill('SIGTERM');
          }
          // Once the server stopped listening a client has nowhere left to go.
          if (outcome.error !== undefined) return;
        }
      };
      await Promise.all(Array.from({ length: 8 }, client));
      expect(await proc.exited).toBe(0);

      const late = outcomes.filter((o) => o.afterSignal);
      const refusedOnOpenSockets = late.filter((o) => o.reused && o.error !== undefined);
      expect(refusedOnOpenSockets).toEqual([]);
      // New sockets are refused; nothing else fails.
      expect(late.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED')).toEqual([]);
      expect(outcomes.filter((o) => !o.afterSignal).every((o) => o.status === 200)).toBe(true);
      expect(late.every((o) => o.error === 'ECONNREFUSED' || o.status === 200 || o.status === 503)).toBe(true);
      const unavailable = late.filter((o) => o.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const answer of unavailable) {
        expect(answer.connection).toBe('close');
        expect(JSON.parse(answer.body!)).toEqual({ detail: 'Service Unavailable' });
        expect(answer.csp).toBe("default-src 'none'; frame-ancestors 'none'");
      }
    } finally {
      agent.destroy();
      proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
