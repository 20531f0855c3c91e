/**
 * Two hot paths of storing and reading measurements, through a real server (SQLite, or PostgreSQL
 * with MAKO_TEST_PG_URL):
 *
 * - how long the storing transaction of POST /benchmarks and of a tuning result stays open (its
 *   callback's wall time, from BEGIN to COMMIT): the locks it holds (SQLite's write lock, the
 *   setting's and session's rows on PostgreSQL) make every other writer wait that long;
 * - GET a session's results: a page of TRIALS trials whose benchmarks carry a large provenance
 *   (MAX_REPORTED_FLAGS reported flags) and one flag mismatch each.
 *
 * Medians of ROUNDS rounds:  nice -n 10 pnpm --filter @mako/api bench:hot-paths
 */
import { loadavg } from 'node:os';
import { MAX_REPORTED_FLAGS, type Provenance } from '@mako/contract';
import { call, ok, signUp, startServer } from '../test/helpers.ts';
import { benchmark, metrics, session, setting } from '../test/fixtures.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const TRIALS = Number(process.env.TRIALS ?? 50);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const provenance: Provenance = {
  engine: { name: 'vllm', version: '0.11.0', source: 'GET /version' },
  flags: Object.fromEntries(Array.from({ length: MAX_REPORTED_FLAGS }, (_, i) => [`reported_flag_${i}`, i * 0.5])),
  flag_sources: ['vllm:cache_config_info'],
  gpu: null,
  runner: null,
  dataset: null,
  mismatches: [{ flag: 'kv_cache_dtype', asked: 'fp8', reported: 'auto' }],
};

const server = await startServer({ logLevel: 'warn' });
try {
  // Every transaction's callback is timed: the span between BEGIN and COMMIT.
  const spans: number[] = [];
  const { db } = server.server.ctx;
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = (work) =>
      execute(async (trx) => {
        const started = performance.now();
        try {
          return await work(trx);
        } finally {
          spans.push(performance.now() - started);
        }
      });
    return builder;
  };
  const openFor = async (post: () => Promise<unknown>) => {
    spans.length = 0;
    await post();
    return spans.reduce((a, b) => a + b, 0);
  };

  const user = await signUp(server);
  // Llama 3.1 8B on one H100 at 10 req/s: perf-model simulates 1000 requests, ~20-60 ms here.
  const where = setting();
  const benchmarkSpans: number[] = [];
  for (let i = 0; i < ROUNDS; i++)
    benchmarkSpans.push(
      await openFor(() =>
        ok(server, 'createBenchmark', {
          token: user.token,
          body: benchmark({ setting: where, metrics: metrics(2000 + i) }),
        }),
      ),
    );

  const s = await ok(server, 'createSession', {
    token: user.token,
    body: session({
      setting: where,
      // Wide enough that the tuner does not run out of configurations before TRIALS.
      search_space: {
        parameters: [
          { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
          { kind: 'int', name: 'max_num_batched_tokens', low: 4096, high: 32768, log: true },
          { kind: 'float', name: 'gpu_memory_utilization', low: 0.8, high: 0.95, step: 0.01 },
        ],
        rules: [],
      },
      budget: { max_trials: TRIALS, max_parallel: 1 },
    }),
  });
  const resultSpans: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const next = await call(server, 'nextConfigs', { token: user.token, params: { session_id: s.id }, body: {} });
    // The tuner may call the search over early (the same measurements whatever the flags).
    if (next.status === 410) break;
    const pending = (next.body as { configs: { id: string }[] }).configs[0]!;
    resultSpans.push(
      await openFor(() =>
        ok(server, 'postResult', {
          token: user.token,
          params: { session_id: s.id },
          body: { pending_config_id: pending.id, metrics: metrics(3000 + trial), provenance },
        }),
      ),
    );
  }
  const trials = resultSpans.length;

  const listTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const page = await ok(server, 'listResults', {
      token: user.token,
      params: { session_id: s.id },
      query: { limit: trials },
    });
    listTimes.push(performance.now() - started);
    if (page.data.filter((r) => r.flag_mismatches).length !== trials) throw new Error('mismatches missing');
  }

  console.log(
    `${server.server.ctx.dialect}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`POST /benchmarks: transaction open, median ${median(benchmarkSpans).toFixed(2)} ms (${ROUNDS} posts)`);
  console.log(`POST results: transaction(s) open, median ${median(resultSpans).toFixed(2)} ms (${trials} trials)`);
  console.log(
    `GET results (${trials} trials with provenance): median ${median(listTimes).toFixed(2)} ms (${ROUNDS} reads)`,
  );
} finally {
  await server.close();
}
