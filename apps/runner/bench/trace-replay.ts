/**
 * Benchmark (not a test): how close to its timestamp each request of a replayed trace leaves the
 * client, bursts included, against the emulator on loopback (a separate process, as a real engine).
 *
 *   pnpm --filter @mako/runner exec tsx bench/trace-replay.ts
 *   (RUNS=3 REQUESTS=3000 RATE=100 BURST=8 INPUT=7500 OUTPUT=200 to change the shape)
 *
 * The trace is synthetic but shaped like Mooncake's: arrivals come in bursts of 1..BURST requests
 * sharing a millisecond timestamp, at RATE requests/s on average; prompts average INPUT tokens
 * (Mooncake's conversation trace averages about 7.5k) in 512-token blocks where about half the
 * blocks are shared with earlier requests; outputs average OUTPUT tokens, streamed by the emulator
 * token by token every 5 ms, so the client parses thousands of events per second while it sends.
 * Send lag = when the request was handed to the HTTP stack − its scheduled time. Goal: p50 ≤ 2 ms
 * and p99 ≤ 10 ms. The summary is the median over the runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { executeBench, type BenchPlan } from '../src/bench/execute.ts';
import { Rng } from '../src/bench/random.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { EMULATED_MODEL as MODEL, median, startEmulatorProcess } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const REQUESTS = Number(process.env.REQUESTS ?? 3000);
const RATE = Number(process.env.RATE ?? 100);
const BURST = Number(process.env.BURST ?? 8);
const INPUT = Number(process.env.INPUT ?? 7500);
const OUTPUT = Number(process.env.OUTPUT ?? 200);

function syntheticTrace(seed: number): string {
  const rng = new Rng(seed);
  const lines: string[] = [];
  let t = 0;
  let nextId = 0;
  while (lines.length < REQUESTS) {
    const burst = rng.int(1, BURST);
    // Bursts of (1 + BURST) / 2 requests on average keep the mean rate at RATE.
    t += rng.exponential(RATE / ((1 + BURST) / 2)) * 1000;
    for (let b = 0; b < burst && lines.length < REQUESTS; b++) {
      const input = rng.int(Math.floor(INPUT / 2), Math.floor((INPUT * 3) / 2));
      const blocks = Math.ceil(input / 512);
      const hashIds: number[] = [];
      for (let k = 0; k < blocks; k++)
        hashIds.push(nextId > 0 && rng.next() < 0.5 ? rng.int(0, Math.min(nextId - 1, 200)) : nextId++);
      lines.push(
        JSON.stringify({
          timestamp: Math.round(t),
          input_length: input,
          output_length: rng.int(Math.floor(OUTPUT / 2), Math.floor((OUTPUT * 3) / 2)),
          hash_ids: hashIds,
        }),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const { url, process: engine } = await startEmulatorProcess();
const dir = mkdtempSync(join(tmpdir(), 'mako-trace-bench-'));
try {
  const rows: Record<string, number>[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const path = join(dir, `trace-${run}.jsonl`);
    writeFileSync(path, syntheticTrace(run));
    const plan: BenchPlan = {
      endpoint: { baseUrl: url, type: 'completions', model: MODEL, ignoreEos: false, timeoutMs: 60_000 },
      dataset: {
        kind: 'trace',
        path,
        minPrompt: 0,
        maxPrompt: 1e9,
        minOutput: 1,
        maxOutput: 1e9,
        numPrefixes: 1,
        seed: run,
      },
      numRequests: REQUESTS,
      warmup: 0,
      load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: run, timeScale: 1 },
      maxSeq: 1e9,
      slo: null,
      counter: charEstimate,
    };
    // Event-loop delay while the run lasts: lag with a busy loop is the client's own work; lag with
    // an idle loop and low CPU is the machine not scheduling the process.
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const { run: result, summary } = await executeBench(plan);
    loop.disable();
    const o = result.overhead;
    rows.push({
      run,
      lag_p50_ms: o.schedule_lag_ms.p50,
      lag_p99_ms: o.schedule_lag_ms.p99,
      lag_mean_ms: o.schedule_lag_ms.mean,
      achieved_rate: o.achieved_rate ?? 0,
      target_rate: o.target_rate ?? 0,
      cpu_pct: o.cpu_pct,
      client_limited: o.client_limited ? 1 : 0,
      parse_us_per_event: o.parse_us_per_event,
      completed: summary.metrics.completed,
      loop_delay_p99_ms: loop.percentile(99) / 1e6,
      loop_delay_max_ms: loop.max / 1e6,
      load_average_1m: loadavg()[0] as number,
    });
    const r = rows[rows.length - 1] as Record<string, number>;
    console.log(
      `run ${run}: send lag p50 ${r.lag_p50_ms!.toFixed(3)} / p99 ${r.lag_p99_ms!.toFixed(3)} / mean ${r.lag_mean_ms!.toFixed(2)} ms, ` +
        `achieved ${r.achieved_rate!.toFixed(2)} of ${r.target_rate!.toFixed(2)} req/s, client CPU ${r.cpu_pct!.toFixed(1)} %, ` +
        `parse ${r.parse_us_per_event!.toFixed(2)} µs/event, event-loop delay p99 ${r.loop_delay_p99_ms!.toFixed(1)} / max ${r.loop_delay_max_ms!.toFixed(1)} ms, load average ${r.load_average_1m!.toFixed(1)}, ${r.completed}/${REQUESTS} completed${r.client_limited ? ', CLIENT-LIMITED' : ''}`,
    );
  }
  const keys = [
    'lag_p50_ms',
    'lag_p99_ms',
    'lag_mean_ms',
    'achieved_rate',
    'target_rate',
    'cpu_pct',
    'parse_us_per_event',
    'loop_delay_p99_ms',
    'loop_delay_max_ms',
    'load_average_1m',
  ];
  const summary = Object.fromEntries(keys.map((k) => [k, Number(median(rows.map((r) => r[k] as number)).toFixed(4))]));
  console.log(
    `\nmedian of ${RUNS} runs: ${REQUESTS} requests at ${RATE} req/s in bursts of 1..${BURST}, ~${INPUT} → ~${OUTPUT} tokens:`,
  );
  console.log(JSON.stringify(summary, null, 2));
  const met = (summary.lag_p50_ms as number) <= 2 && (summary.lag_p99_ms as number) <= 10;
  console.log(
    met ? 'goal met: send lag p50 ≤ 2 ms and p99 ≤ 10 ms' : 'goal MISSED: send lag p50 > 2 ms or p99 > 10 ms',
  );
} finally {
  engine.kill('SIGTERM');
}
