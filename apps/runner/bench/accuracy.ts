/**
 * Benchmark (not a test): how close the runner's TTFT, TPOT and time to first answer token (TTFOT)
 * come to a loopback server's known latencies. The emulator runs as a separate process: 80 ms to
 * the first token, then one every 10 ms; the first 20 tokens are reasoning, so the first answer
 * token is due at 80 + 20 × 10 = 280 ms. RUNS fresh runs of 40 chat requests, 4 at a time.
 *
 *   pnpm --filter @mako/runner exec tsx bench/accuracy.ts      (RUNS=5 to change it)
 */
import { executeBench } from '../src/bench/execute.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { EMULATED_MODEL, median, startEmulatorProcess } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const TTFT = 80;
const ITL = 10;
const REASONING = 20;

const { url, process: engine } = await startEmulatorProcess([
  '--ttft-ms',
  String(TTFT),
  '--itl-ms',
  String(ITL),
  '--reasoning-tokens',
  String(REASONING),
]);
try {
  const rows: { ttft: number; tpot: number; ttfot: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { summary, details } = await executeBench({
      endpoint: { baseUrl: url, type: 'chat', model: EMULATED_MODEL, ignoreEos: false, timeoutMs: 30_000 },
      dataset: {
        kind: 'random',
        minPrompt: 32,
        maxPrompt: 32,
        minOutput: 64,
        maxOutput: 64,
        numPrefixes: 1,
        seed: run,
      },
      numRequests: 40,
      warmup: 4,
      load: { rate: 'inf', burstiness: 1, maxConcurrency: 4, seed: run },
      maxSeq: 1e9,
      slo: null,
      counter: charEstimate,
    });
    const row = {
      ttft: summary.metrics.ttft_ms.p50,
      tpot: summary.metrics.tpot_ms.p50,
      ttfot: details.ttfot_ms?.p50 ?? NaN,
    };
    rows.push(row);
    console.log(
      `run ${run}: TTFT p50 ${row.ttft.toFixed(1)} ms (true ${TTFT}), TPOT p50 ${row.tpot.toFixed(2)} ms (true ${ITL}), TTFOT p50 ${row.ttfot.toFixed(1)} ms (true ${TTFT + REASONING * ITL})`,
    );
  }
  console.log(
    `\nmedian of ${RUNS} runs: TTFT ${median(rows.map((r) => r.ttft)).toFixed(1)} ms (true ${TTFT}), TPOT ${median(rows.map((r) => r.tpot)).toFixed(2)} ms (true ${ITL}), TTFOT ${median(rows.map((r) => r.ttfot)).toFixed(1)} ms (true ${TTFT + REASONING * ITL})`,
  );
} finally {
  engine.kill('SIGTERM');
}
