import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { createAccessTokens } from '../src/auth/access-tokens.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * The real server (src/main.ts) in its own process, on the given data dir, as `pnpm start` runs it:
 * at its default log level (info) unless `env` sets LOG_LEVEL, with the log going to /dev/null.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET: BENCH_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A signed-in user of the benchmark database and a session token for it. */
export async function benchUser(file: string): Promise<{ id: string; token: string }> {
  const raw = new SQLite(file);
  const id = 'bench-viewer';
  raw
    .prepare(
      "insert into users (id, email, full_name, password_hash, google_sub, token_version, is_system, created_at) values (?, ?, 'Bench', null, null, 0, 0, ?) on conflict (id) do nothing",
    )
    .run(id, 'viewer@bench.invalid', new Date().toISOString());
  raw.close();
  const token = await createAccessTokens(BENCH_SECRET, 3600, Date.now).issue(id, 0);
  return { id, token };
}

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
