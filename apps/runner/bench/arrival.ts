/**
 * Benchmark (not a test): how accurately the runner holds a 500 req/s Poisson arrival rate against
 * the emulator on loopback, and what the client itself costs per request.
 *
 *   pnpm --filter @mako/runner bench            (RUNS=5 REQUESTS=2500 RATE=500 TELEMETRY_MS=0 to change the shape)
 *
 * The emulator runs as a separate process (as a real engine would), so its work does not share the
 * client's event loop. For each run it reports the client-side achieved rate (requests / time of the
 * last send, the schedule's own definition), the rate the server saw between its first and last
 * arrival against the schedule's span, the send lag behind schedule, the time to flush a request to
 * the socket and the parse cost per streamed event. The summary is the median over the runs.
 */
import { performance } from 'node:perf_hooks';
import { arrivalSchedule } from '../src/bench/arrivals.ts';
import { executeBench, type BenchPlan } from '../src/bench/execute.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { EMULATED_MODEL as MODEL, median, startEmulatorProcess } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 2500);
const RATE = Number(process.env.RATE ?? 500);
/** TELEMETRY_MS=100 scrapes the emulator's /metrics (and nvidia-smi, when on PATH) that often, to measure its cost on send lag. */
const TELEMETRY_MS = Number(process.env.TELEMETRY_MS ?? 0);

const { url, process: engine } = await startEmulatorProcess();
try {
  const rows: Record<string, number>[] = [];
  for (let run = 1; run <= RUNS; run++) {
    await fetch(`${url}/stats/reset`, { method: 'POST' });
    const seed = run;
    const plan: BenchPlan = {
      endpoint: { baseUrl: url, type: 'completions', model: MODEL, ignoreEos: false, timeoutMs: 30_000 },
      dataset: { kind: 'random', minPrompt: 64, maxPrompt: 64, minOutput: 32, maxOutput: 32, numPrefixes: 1, seed },
      numRequests: REQUESTS,
      warmup: 0,
      load: { rate: RATE, burstiness: 1, maxConcurrency: null, seed, telemetryIntervalMs: TELEMETRY_MS },
      maxSeq: 1e9,
      slo: null,
      counter: charEstimate,
    };
    const started = performance.now();
    const { run: result, summary } = await executeBench(plan);
    const wall = (performance.now() - started) / 1000;
    const stats = (await fetch(`${url}/stats`).then((r) => r.json())) as {
      requests: number;
      first_arrival_ms: number;
      last_arrival_ms: number;
      max_active: number;
    };
    const schedule = arrivalSchedule({ count: REQUESTS, rate: RATE, burstiness: 1, seed });
    const scheduledSpan = ((schedule[REQUESTS - 1] as number) - (schedule[0] as number)) / 1000;
    const serverSpan = (stats.last_arrival_ms - stats.first_arrival_ms) / 1000;
    const o = result.overhead;
    rows.push({
      run,
      client_rate: o.achieved_rate ?? 0,
      client_error_pct: ((o.achieved_rate ?? 0) / RATE - 1) * 100,
      server_error_pct: (scheduledSpan / serverSpan - 1) * 100,
      lag_p50_ms: o.schedule_lag_ms.p50,
      lag_p99_ms: o.schedule_lag_ms.p99,
      write_p50_ms: o.write_ms.p50,
      write_p99_ms: o.write_ms.p99,
      parse_us_per_event: o.parse_us_per_event,
      completed: summary.metrics.completed,
      server_requests: stats.requests,
      server_max_active: stats.max_active,
      wall_s: wall,
    });
    const r = rows[rows.length - 1] as Record<string, number>;
    console.log(
      `run ${run}: sent ${r.client_rate!.toFixed(2)} req/s (${r.client_error_pct!.toFixed(3)} %), server-side span error ${r.server_error_pct!.toFixed(3)} %, ` +
        `send lag p50 ${r.lag_p50_ms!.toFixed(3)} / p99 ${r.lag_p99_ms!.toFixed(3)} ms, socket write p50 ${r.write_p50_ms!.toFixed(3)} / p99 ${r.write_p99_ms!.toFixed(3)} ms, ` +
        `parse ${r.parse_us_per_event!.toFixed(2)} µs/event, ${r.completed}/${REQUESTS} completed, ${r.server_max_active} max in flight`,
    );
  }
  const keys = [
    'client_rate',
    'client_error_pct',
    'server_error_pct',
    'lag_p50_ms',
    'lag_p99_ms',
    'write_p50_ms',
    'write_p99_ms',
    'parse_us_per_event',
  ];
  const summary = Object.fromEntries(keys.map((k) => [k, Number(median(rows.map((r) => r[k] as number)).toFixed(4))]));
  console.log(`\nmedian of ${RUNS} runs at ${RATE} req/s × ${REQUESTS} requests:`);
  console.log(JSON.stringify(summary, null, 2));
  const within = Math.abs(summary.client_error_pct as number) <= 1 && Math.abs(summary.server_error_pct as number) <= 1;
  console.log(
    within ? 'goal met: achieved rate within 1 % of the target' : 'goal MISSED: achieved rate off by more than 1 %',
  );
} finally {
  engine.kill('SIGTERM');
}
