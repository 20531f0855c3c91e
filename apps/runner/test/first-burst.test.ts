import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRequests } from '../src/bench/datasets.ts';
import { connectionsForFirstSecond, runBenchmark } from '../src/bench/run.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { listen } from './listen.ts';

/** A streaming endpoint that logs, in order, each new connection and each request with its connection. */
async function loggingServer() {
  const events: string[] = [];
  let connections = 0;
  const ids = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    events.push(`${req.method} ${req.url} on ${ids.get(req.socket)}`);
    req.resume();
    req.on('end', () => {
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'm' }] }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, text: 'hi' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (socket) => {
    ids.set(socket, ++connections);
    events.push(`connect ${connections}`);
  });
  const { port, close } = await listen(server);
  onTestFinished(close);
  return { url: `http://127.0.0.1:${port}`, events, connections: () => connections };
}

describe('the first burst of a schedule', () => {
  it('counts the connections to open: requests due in the first second, within the concurrency cap', () => {
    expect(connectionsForFirstSecond([0, 26, 26, 26, 999, 1000, 1500], null)).toBe(5);
    expect(connectionsForFirstSecond([0, 26, 26, 26, 999], 2)).toBe(2);
    expect(connectionsForFirstSecond([], null)).toBe(0);
  });

  it('finds its connections open before the clock starts, and nothing but GET /v1/models is sent ahead', async () => {
    const server = await loggingServer();
    const timestamps = [0, 26, 26, 26, 26, 26, 1500];
    const path = join(mkdtempSync(join(tmpdir(), 'mako-burst-')), 'trace.jsonl');
    writeFileSync(
      path,
      timestamps.map((t) => JSON.stringify({ timestamp: t, input_length: 40, output_length: 2 })).join('\n'),
    );
    const requests = buildRequests(
      { kind: 'trace', path, minPrompt: 0, maxPrompt: 1e9, minOutput: 1, maxOutput: 1e9, numPrefixes: 1, seed: 1 },
      timestamps.length,
      charEstimate,
      1e9,
    );
    const result = await runBenchmark({
      endpoint: { baseUrl: server.url, type: 'completions', model: 'm', ignoreEos: false, timeoutMs: 5000 },
      requests,
      warmup: [],
      load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 1, timeScale: 1 },
    });
    expect(result.outcomes.every((o) => o.ok)).toBe(true);
    const firstPost = server.events.findIndex((e) => e.startsWith('POST'));
    const before = server.events.slice(0, firstPost);
    // Six requests are due in the first second: six connections, each primed with one GET.
    expect(before.filter((e) => e.startsWith('connect'))).toHaveLength(6);
    expect(before.filter((e) => e.startsWith('GET /v1/models'))).toHaveLength(6);
    expect(server.events.filter((e) => e.startsWith('POST'))).toHaveLength(timestamps.length);
    // The burst reuses them: no connection is opened while the first second's requests are due.
    const posts = server.events.filter((e) => e.startsWith('POST')).slice(0, 6);
    expect(posts.every((e) => Number(e.split(' on ')[1]) <= 6)).toBe(true);
  });
});
