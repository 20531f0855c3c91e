/**
 * GET /benchmarks/all with three filters (model, hardware, dataset) over 1,000,000 stored
 * benchmarks: p50 and p95 over HTTP against the real server process, and the same SQL (the
 * endpoint's page-ids, count and rows queries, compiled from the same Kysely builders) run bare on
 * prepared better-sqlite3 statements in the same run. Goal: p95 ≤ 30 ms, ratio ≤ 2.
 *
 *   pnpm --filter @mako/api exec tsx bench/search.ts [rows]     (BENCH_DIR to reuse a filled database)
 */
import path from 'node:path';
import os from 'node:os';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { BenchmarkSearchQuery, toSearchParams, type BenchmarkSearchQuery as SearchInput } from '@mako/contract';
import type { DB } from '../src/db/schema.ts';
import { searchQueries } from '../src/handlers/benchmarks.ts';
import { benchmarksByIds } from '../src/services/benchmarks.ts';
import { fillDatabase } from './fill.ts';
import { benchUser, percentile, startServer } from './harness.ts';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const ITERATIONS = 300;
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
  .prepare('select distinct ml_model_name as model_name, hardware_name, dataset from benchmarks where demo = 1 order by 1, 2, 3')
  .all() as { model_name: string; hardware_name: string; dataset: string }[];

const scenarios: { label: string; extra: Partial<SearchInput> }[] = [
  { label: 'model + hardware + dataset, newest first', extra: {} },
  { label: 'model + hardware + dataset, ranked by output_throughput', extra: { objective: 'output_throughput' } },
];

// Every request does the full work: the response cache is measured by bench/load.ts.
const server = await startServer(dataDir, { RESPONSE_CACHE_MB: '0' });
try {
  console.log(`${ROWS.toLocaleString('en-US')} benchmarks, ${combos.length} filter combinations, ${ITERATIONS} requests per scenario, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const scenario of scenarios) {
    const api: number[] = [];
    const bare: number[] = [];
    let matched = 0;
    for (let i = -20; i < ITERATIONS; i++) {
      const combo = combos[(i + 20) % combos.length]!;
      const input = { ...combo, ...scenario.extra, limit: 100 };
      // Bare SQL: the endpoint's own queries (page ids, count, then the page's rows), prepared
      // once and executed directly.
      const { ids, count } = searchQueries(kysely, BenchmarkSearchQuery.parse(input), viewer.id);
      const idsQuery = ids.compile();
      const countQuery = count.compile();
      const idsStatement = raw.prepare(idsQuery.sql);
      const countStatement = raw.prepare(countQuery.sql);
      const pageIds = (idsStatement.all(...(idsQuery.parameters as unknown[])) as { id: string }[]).map((r) => r.id);
      const rowsQuery = benchmarksByIds(kysely, pageIds).compile();
      const rowsStatement = raw.prepare(rowsQuery.sql);
      const t0 = performance.now();
      idsStatement.all(...(idsQuery.parameters as unknown[]));
      const counted = countStatement.get(...(countQuery.parameters as unknown[])) as { count: number };
      rowsStatement.all(...(rowsQuery.parameters as unknown[]));
      const t1 = performance.now();
      const response = await fetch(`${server.url}/api/v1/benchmarks/all?${toSearchParams(input)}`, {
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      const body = (await response.json()) as { count: number; data: unknown[] };
      const t2 = performance.now();
      if (!response.ok || body.count !== counted.count) throw new Error(`mismatch: ${response.status} ${body.count} vs ${counted.count}`);
      if (i < 0) continue;
      bare.push(t1 - t0);
      api.push(t2 - t1);
      matched += body.count;
    }
    const [a50, a95, b50, b95] = [percentile(api, 0.5), percentile(api, 0.95), percentile(bare, 0.5), percentile(bare, 0.95)];
    console.log(scenario.label);
    console.log(`  matching rows per query: ${Math.round(matched / ITERATIONS).toLocaleString('en-US')} on average, 100 returned`);
    console.log(`  API  p50 ${a50.toFixed(2)} ms  p95 ${a95.toFixed(2)} ms`);
    console.log(`  SQL  p50 ${b50.toFixed(2)} ms  p95 ${b95.toFixed(2)} ms`);
    console.log(`  ratio API/SQL  p50 ${(a50 / b50).toFixed(2)}  p95 ${(a95 / b95).toFixed(2)}\n`);
  }
} finally {
  await server.stop();
  await kysely.destroy();
}
