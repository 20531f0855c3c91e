/**
 * Anonymous search (GET /benchmarks/all, the first page of the demo catalogue, ~180 KB) at 100
 * concurrent keep-alive connections against the real server process, without Accept-Encoding and
 * with a browser's `br, gzip`: req/s and latency percentiles of each. Loopback only, bounded by
 * time and by count. Goal: compressed at >= 70 % of the uncompressed throughput.
 *
 *   pnpm --filter @mako/api bench:compressed-search [seconds] [connections]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { percentile, startServer } from './harness.ts';

const SECONDS = Math.min(Number(process.argv[2] ?? 8), 60);
const CONNECTIONS = Math.min(Number(process.argv[3] ?? 100), 200);
const MAX_REQUESTS = 500_000;
const PATH = '/api/v1/benchmarks/all';

/** Keeps `CONNECTIONS` requests in flight for `seconds`; each answer is read whole (not decoded). */
async function load(url: string, headers: Record<string, string>, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      http
        .get(`${url}${PATH}`, { agent, headers }, (response) => {
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - sent);
            else errors++;
            resolve();
          });
        })
        .on('error', () => {
          errors++;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline && latencies.length + errors < MAX_REQUESTS) await once();
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    reqPerS: Math.round(latencies.length / elapsedS),
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p99Ms: Math.round(percentile(latencies, 0.99)),
    kbPerAnswer: Math.round(bytes / 1024 / Math.max(1, latencies.length + errors)),
    errors,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-bench-compressed-'));
const server = await startServer(dataDir, { SEED_DEMO: 'true' });
try {
  // Warm-ups first: the response cache and the JIT.
  await load(server.url, {}, 1);
  const plain = await load(server.url, {}, SECONDS);
  await load(server.url, { 'accept-encoding': 'br, gzip' }, 1);
  const compressed = await load(server.url, { 'accept-encoding': 'br, gzip' }, SECONDS);
  console.table({ 'no Accept-Encoding': plain, 'Accept-Encoding: br, gzip': compressed });
  console.info(`compressed / uncompressed throughput: ${((100 * compressed.reqPerS) / plain.reqPerS).toFixed(0)} %`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
