/**
 * GET /benchmarks/all with three filters (model, hardware, dataset) over 1,000,000 stored
 * benchmarks: p50 and p95 over HTTP against the real server process (src/main.ts at the default
 * log level, info), and the endpoint's own SQL (the page query and the exact count, compiled from
 * the same Kysely builders) run bare on prepared better-sqlite3 statements, interleaved with the
 * HTTP requests in the same run. Goal: p95 ≤ 30 ms, ratio ≤ 2.
 *
 * The response cache is off throughout. Each scenario runs twice: with the count cache off, so that
 * every request does exactly the work the bare SQL does, and with it on (the default), where a
 * repeated filter skips the count but the SQL column still counts every time.
 *
 *   pnpm --filter @mako/api bench:search [rows]     (BENCH_DIR to reuse a filled database)
 */
import http from 'node:http';
import path from 'node:path';
import os from 'node:os';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { BenchmarkSearchQuery, toSearchParams, type BenchmarkSearchQuery as SearchInput } from '@mako/contract';
import type { DB } from '../src/db/schema.ts';
import { searchPlan } from '../src/services/catalogue.ts';
import { fillDatabase } from './fill.ts';
import { benchUser, percentile, startServer } from './harness.ts';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const ITERATIONS = 500;
const WARM_UP = 50;
const dataDir = process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'mako-bench');
const file = path.join(dataDir, 'mako.db');

await fillDatabase(file, ROWS);
const viewer = await benchUser(file);

const raw = new SQLite(file, { readonly: true });
// The same page cache settings as the server's connection (src/db/database.ts).
raw.pragma('mmap_size = 1073741824');
raw.pragma('cache_size = -65536');
const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: raw }) });
const combos = raw
  .prepare(
    'select distinct ml_model_name as model_name, hardware_name, dataset from benchmarks where demo = 1 order by 1, 2, 3',
  )
  .all() as { model_name: string; hardware_name: string; dataset: string }[];

/** Bare SQL: the endpoint's page query and count, prepared once per filter (the server keeps its statements compiled too). */
function bareQueries(input: SearchInput) {
  const plan = searchPlan(kysely, BenchmarkSearchQuery.parse(input), viewer.id);
  return [plan.data.query.compile(), plan.count.compile()].map((q) => ({
    statement: raw.prepare(q.sql),
    parameters: q.parameters as unknown[],
  }));
}

// A keep-alive client that only collects the bytes: the figure is the server's answer, not a JSON parse in this process.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${viewer.token}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      })
      .on('error', reject);
  });
}

const scenarios: { label: string; extra: Partial<SearchInput> }[] = [
  { label: 'model + hardware + dataset, newest first', extra: {} },
  { label: 'model + hardware + dataset, ranked by output_throughput', extra: { objective: 'output_throughput' } },
];
const servers: { label: string; env: Record<string, string> }[] = [
  {
    label: 'count cache off (every request counts, as the bare SQL does)',
    env: { RESPONSE_CACHE_MB: '0', COUNT_CACHE_ENTRIES: '0' },
  },
  { label: 'count cache on (the default; the SQL column still counts every time)', env: { RESPONSE_CACHE_MB: '0' } },
];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `${ROWS.toLocaleString('en-US')} benchmarks, ${combos.length} filter combinations, ${ITERATIONS} requests per scenario, response cache off, log level info`,
);
console.log(`load average at start ${load()}\n`);
const summary: string[] = [];
try {
  for (const setup of servers) {
    const server = await startServer(dataDir, setup.env);
    try {
      for (const scenario of scenarios) {
        const api: number[] = [];
        const bare: number[] = [];
        let matched = 0;
        for (let i = -WARM_UP; i < ITERATIONS; i++) {
          const combo = combos[(i + WARM_UP) % combos.length]!;
          const input = { ...combo, ...scenario.extra, limit: 100 };
          const queries = bareQueries(input);
          const t0 = performance.now();
          const [, counted] = queries.map((q) => q.statement.all(...q.parameters)) as [unknown[], { count: number }[]];
          const t1 = performance.now();
          const response = await get(`${server.url}/api/v1/benchmarks/all?${toSearchParams(input)}`);
          const t2 = performance.now();
          const body = JSON.parse(response.body) as { count: number; data: unknown[] };
          if (
            response.status !== 200 ||
            body.count !== counted[0]!.count ||
            body.data.length !== Math.min(100, body.count)
          )
            throw new Error(`mismatch: ${response.status} ${body.count} vs ${counted[0]!.count}`);
          if (i < 0) continue;
          bare.push(t1 - t0);
          api.push(t2 - t1);
          matched += body.count;
        }
        const [a50, a95, b50, b95] = [
          percentile(api, 0.5),
          percentile(api, 0.95),
          percentile(bare, 0.5),
          percentile(bare, 0.95),
        ];
        console.log(`${scenario.label}; ${setup.label}`);
        console.log(
          `  matching rows per query: ${Math.round(matched / ITERATIONS).toLocaleString('en-US')} on average, 100 returned`,
        );
        console.log(`  API  p50 ${a50.toFixed(2)} ms  p95 ${a95.toFixed(2)} ms`);
        console.log(`  SQL  p50 ${b50.toFixed(2)} ms  p95 ${b95.toFixed(2)} ms`);
        console.log(`  ratio API/SQL  p50 ${(a50 / b50).toFixed(2)}  p95 ${(a95 / b95).toFixed(2)}`);
        console.log(`  load average ${load()}\n`);
        summary.push(
          `| ${scenario.label} | ${setup.env.COUNT_CACHE_ENTRIES === '0' ? 'off' : 'on'} | ${a50.toFixed(2)} / ${a95.toFixed(2)} | ${b50.toFixed(2)} / ${b95.toFixed(2)} | ${(a50 / b50).toFixed(2)} / ${(a95 / b95).toFixed(2)} |`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  console.log(
    '| scenario | count cache | API p50 / p95 ms | SQL p50 / p95 ms | ratio p50 / p95 |\n|---|---|---|---|---|',
  );
  console.log(summary.join('\n'));
} finally {
  agent.destroy();
  await kysely.destroy();
}
