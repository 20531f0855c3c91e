/**
 * Benchmark (not a test): how late the first burst of a replayed trace reaches the server. The
 * trace is one request at 0 ms, a burst of BURST requests at 26 ms, then one request every 100 ms
 * for a second (the shape that showed the first burst 29–35 ms late while later requests were
 * within 0.4 ms). The server is a small streaming endpoint in a separate process that stamps each
 * request's arrival on the shared wall clock (performance.timeOrigin + performance.now()); lateness
 * = arrival − (the run's start + the request's timestamp). Each run is a fresh client, as each
 * `mako-runner bench` is.
 *
 *   pnpm --filter @mako/runner exec tsx bench/first-burst.ts      (RUNS=7 BURST=10 to change it)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runBenchmark } from '../src/bench/run.ts';
import { buildRequests } from '../src/bench/datasets.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { freePort } from '../src/engine/engine.ts';
import { TSX_IMPORT } from '../test/helpers.ts';
import { median } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 7);
const BURST = Number(process.env.BURST ?? 10);
const wallNow = () => performance.timeOrigin + performance.now();

/** The server side: every generation request's arrival time, kept until GET /arrivals takes them. */
function serve(port: number): void {
  let arrivals: number[] = [];
  http
    .createServer((req, res) => {
      if (req.url === '/arrivals') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(arrivals));
        arrivals = [];
        return;
      }
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
      }
      if (req.method === 'POST') arrivals.push(wallNow());
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, text: 'hello' }] })}\n\n`);
        res.end('data: [DONE]\n\n');
      });
    })
    .listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
}

/** The client side: one fresh process per run, as each `mako-runner bench` is; prints the lateness. */
async function client(url: string): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), 'mako-first-burst-')), 'trace.jsonl');
  writeFileSync(
    path,
    TIMESTAMPS.map((t) => JSON.stringify({ timestamp: t, input_length: 600, output_length: 4 })).join('\n'),
  );
  const requests = buildRequests(
    { kind: 'trace', path, minPrompt: 0, maxPrompt: 1e9, minOutput: 1, maxOutput: 1e9, numPrefixes: 1, seed: 1 },
    TIMESTAMPS.length,
    charEstimate,
    1e9,
  );
  const result = await runBenchmark({
    endpoint: { baseUrl: url, type: 'completions', model: 'm', ignoreEos: false, timeoutMs: 10_000 },
    requests,
    warmup: [],
    load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 1, timeScale: 1 },
  });
  const arrivals = ((await (await fetch(`${url}/arrivals`)).json()) as number[]).sort((a, b) => a - b);
  const start = performance.timeOrigin + result.t0Ms;
  const sent = result.outcomes.map((o, i) => o.startMs - (result.t0Ms + (TIMESTAMPS[i] as number)));
  process.stdout.write(
    JSON.stringify({ arrived: arrivals.map((at, i) => at - (start + (TIMESTAMPS[i] as number))), sent }),
  );
}

const TIMESTAMPS = [
  0,
  ...Array.from({ length: BURST }, () => 26),
  ...Array.from({ length: 10 }, (_, k) => 126 + 100 * k),
];
const self = fileURLToPath(import.meta.url);
const tsx = (...args: string[]) =>
  spawn(process.execPath, ['--import', TSX_IMPORT, self, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });

if (process.argv[2] === 'serve') serve(Number(process.argv[3]));
else if (process.argv[2] === 'client') await client(process.argv[3] as string);
else {
  const port = await freePort();
  const server = tsx('serve', String(port));
  await new Promise<void>((resolve) => server.stdout.once('data', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const burstLate: number[] = [];
  const laterLate: number[] = [];
  const sentLate: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const child = tsx('client', url);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    await new Promise((resolve) => child.once('close', resolve));
    const { arrived: late, sent } = JSON.parse(out) as { arrived: number[]; sent: number[] };
    const burst = late.slice(1, 1 + BURST);
    sentLate.push(median(sent.slice(1, 1 + BURST)));
    const later = late.slice(1 + BURST);
    burstLate.push(median(burst));
    laterLate.push(median(later));
    console.log(
      `run ${run}: burst at 26 ms late by median ${median(burst).toFixed(2)} ms (max ${Math.max(...burst).toFixed(2)}; left the client ${(sentLate[sentLate.length - 1] as number).toFixed(2)} ms late), later requests ${median(later).toFixed(2)} ms`,
    );
  }
  console.log(
    `\nmedian over ${RUNS} runs: burst of ${BURST} at 26 ms arrives ${median(burstLate).toFixed(2)} ms late (leaves the client ${median(sentLate).toFixed(2)} ms late); later requests ${median(laterLate).toFixed(2)} ms late`,
  );
  server.kill('SIGTERM');
}
