/**
 * autocannon with 100 connections against the real server process (src/main.ts, default log level
 * info unless BENCH_LOG_LEVEL says otherwise): GET /users/me, and one page of 100 benchmarks
 * (GET /benchmarks/all, three filters) on the benchmark database, with the response cache on (the
 * default), off, and off together with the count cache. Reports req/s, latency and errors.
 * Goal: ≥ 1,500 req/s and 0 errors on a 2-core machine.
 *
 *   pnpm --filter @mako/api bench:load [rows] [seconds]
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { fillDatabase } from './fill.ts';
import { benchUser, startServer } from './harness.ts';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const SECONDS = Number(process.argv[3] ?? 15);
const dataDir = process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'mako-bench');
const file = path.join(dataDir, 'mako.db');

await fillDatabase(file, ROWS);
const viewer = await benchUser(file);
const raw = new SQLite(file, { readonly: true });
const combo = raw
  .prepare(
    "select ml_model_name as model_name, hardware_name, dataset from benchmarks where demo = 1 and ml_model_name = 'meta-llama/Llama-3.1-8B-Instruct' and hardware_name = 'H100' limit 1",
  )
  .get() as Record<string, string>;
raw.close();

const logEnv: Record<string, string> = process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {};
const page = `/api/v1/benchmarks/all?${new URLSearchParams({ ...combo, limit: '100' })}`;
const runs = [
  { label: 'GET /users/me', path: '/api/v1/users/me', env: {} as Record<string, string> },
  { label: 'GET /benchmarks/all, 3 filters, page of 100: response cache on (default)', path: page, env: {} },
  {
    label: 'GET /benchmarks/all, 3 filters, page of 100: response cache off, count cache on (default)',
    path: page,
    env: { RESPONSE_CACHE_MB: '0' },
  },
  {
    label: 'GET /benchmarks/all, 3 filters, page of 100: response cache off, count cache off',
    path: page,
    env: { RESPONSE_CACHE_MB: '0', COUNT_CACHE_ENTRIES: '0' },
  },
];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${ROWS.toLocaleString('en-US')} benchmarks, 100 connections, ${SECONDS} s each, log level ${process.env.BENCH_LOG_LEVEL ?? 'info (default)'}`,
);
console.log(`load average at start ${load()}\n`);
const summary: string[] = [];
for (const run of runs) {
  const server = await startServer(dataDir, { ...logEnv, ...run.env });
  try {
    const options = {
      url: `${server.url}${run.path}`,
      connections: 100,
      headers: { authorization: `Bearer ${viewer.token}` },
    };
    await autocannon({ ...options, duration: 2 }); // warm-up
    const r = await autocannon({ ...options, duration: SECONDS });
    const errors = r.errors + r.non2xx;
    console.log(run.label);
    console.log(
      `  ${r.requests.average.toFixed(0)} req/s (${r.requests.total} requests), latency p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms`,
    );
    console.log(
      `  errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, ${(r.throughput.average / 1e6).toFixed(1)} MB/s`,
    );
    console.log(`  load average ${load()}\n`);
    summary.push(
      `| ${run.label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} / ${r.latency.p99} | ${errors} (${r.timeouts} timeouts) |`,
    );
  } finally {
    await server.stop();
  }
}
console.log('| run | req/s | latency p50 / p99 ms | errors |\n|---|---|---|---|');
console.log(summary.join('\n'));
