import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeBench } from '../src/bench/execute.ts';
import { freePort } from '../src/engine/engine.ts';
import { loadTokenCounter } from '../src/bench/tokens.ts';
import { emulatorBenchPlan, emulatorForTest, letterTokenizerDir } from './helpers.ts';

describe('errors are counted and categorised', () => {
  it('HTTP 500s', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, failEvery: 3 });
    const { summary } = await executeBench(emulatorBenchPlan(emulator.url));
    expect(summary.errors).toEqual({ http_500: 4 });
    expect(summary.metrics.completed).toBe(8);
    expect(summary.metrics.failed).toBe(4);
  });

  it('connections dropped mid-stream', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, dropEvery: 4 });
    const { summary } = await executeBench(emulatorBenchPlan(emulator.url));
    expect(summary.metrics.failed).toBe(3);
    expect(Object.keys(summary.errors)).toEqual(['connection_reset']);
    expect(summary.metrics.completed).toBe(9);
  });

  it('a server that is not listening', async () => {
    const port = await freePort();
    const { summary } = await executeBench(emulatorBenchPlan(`http://127.0.0.1:${port}`, { numRequests: 3 }));
    expect(summary.errors).toEqual({ connection_refused: 3 });
  });

  it('requests slower than the timeout', async () => {
    const emulator = await emulatorForTest({ ttftMs: 500, itlMs: 1 });
    const p = emulatorBenchPlan(emulator.url, { numRequests: 2 });
    const { summary } = await executeBench({ ...p, endpoint: { ...p.endpoint, timeoutMs: 100 } });
    expect(summary.errors).toEqual({ timeout: 2 });
  });

  it('a stream that ends without [DONE], and an error event inside the stream', async () => {
    let n = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, text: 'the' }] })}\n\n`);
        if (n++ % 2 === 0) res.end();
        else res.end(`data: ${JSON.stringify({ error: { message: 'KV cache exhausted', code: 500 } })}\n\n`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const { summary } = await executeBench(
      emulatorBenchPlan(`http://127.0.0.1:${port}`, {
        numRequests: 4,
        load: { rate: 'inf', burstiness: 1, maxConcurrency: 1, seed: 1 },
      }),
    );
    server.close();
    expect(summary.errors).toEqual({ stream_incomplete: 2, server_error: 2 });
  });

  it('aborts with the first error when every warm-up request fails (wrong model)', async () => {
    const emulator = await emulatorForTest({});
    const p = emulatorBenchPlan(emulator.url, { warmup: 2 });
    await expect(executeBench({ ...p, endpoint: { ...p.endpoint, model: 'nope' } })).rejects.toThrow(
      /http_404.*does not exist/,
    );
  });
});

// Real timers: retried once, as a loaded CI machine can stall a run (a broken schedule fails twice).
describe('load shape', { retry: 1 }, () => {
  it('never has more than --max-concurrency requests in flight', async () => {
    const emulator = await emulatorForTest({ ttftMs: 10, itlMs: 2 });
    await executeBench(
      emulatorBenchPlan(emulator.url, {
        numRequests: 20,
        load: { rate: 'inf', burstiness: 1, maxConcurrency: 3, seed: 1 },
      }),
    );
    expect(emulator.stats.maxActive).toBe(3);
  });

  it('sends requests at the scheduled arrival times', async () => {
    const emulator = await emulatorForTest({ ttftMs: 1, itlMs: 1 });
    const { run } = await executeBench(
      emulatorBenchPlan(emulator.url, {
        numRequests: 100,
        load: { rate: 100, burstiness: 1, maxConcurrency: null, seed: 9 },
      }),
    );
    // The schedule ends at exactly 1 s; the server's arrival clock must agree (100 ms of room for a loaded machine).
    const arrivals = emulator.stats.arrivals;
    const span = (arrivals[arrivals.length - 1] as number) - run.outcomes[0]!.startMs;
    expect(run.overhead.achieved_rate).toBeGreaterThan(85);
    expect(run.overhead.achieved_rate).toBeLessThan(101);
    expect(span).toBeLessThan(1100);
    expect(run.overhead.schedule_lag_ms.p50).toBeLessThan(20);
  });
});

describe('token counts', () => {
  it('come from the usage chunk when the endpoint streams usage', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const out = await executeBench(emulatorBenchPlan(emulator.url));
    expect(out.summary.tokenSources).toEqual({ usage: 12 });
    expect(out.inputSource).toBe('usage');
    expect(out.warnings).toEqual([]);
  });

  it('fall back to characters/4 with a warning when there is neither usage nor tokenizer', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, usage: false });
    const out = await executeBench(emulatorBenchPlan(emulator.url));
    expect(out.summary.tokenSources).toEqual({ 'chars/4': 12 });
    expect(out.summary.metrics.total_output_tokens).toBe(120);
    expect(out.warnings.join()).toMatch(/characters\/4.*--tokenizer/);
  });

  it('use a tokenizer found on disk when the endpoint reports no usage', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, usage: false });
    const counter = loadTokenCounter(letterTokenizerDir(), 'mako/emulated-model');
    expect(counter?.exact).toBe(true);
    const out = await executeBench(
      emulatorBenchPlan(emulator.url, {
        counter: counter!,
        dataset: {
          kind: 'random',
          minPrompt: 30,
          maxPrompt: 30,
          minOutput: 10,
          maxOutput: 10,
          numPrefixes: 1,
          seed: 5,
        },
      }),
    );
    // Ten three-letter words are 30 letter tokens by this tokenizer (10 by characters/4).
    expect(out.summary.tokenSources).toEqual({ tokenizer: 12 });
    expect(out.summary.metrics.total_output_tokens).toBe(12 * 30);
    expect(out.inputSource).toBe('tokenizer');
    expect(out.requests.every((r) => r.promptTokens === 30)).toBe(true);
    expect(out.warnings).toEqual([]);
  });

  it('finds the tokenizer of a model id in the Hugging Face cache, offline', () => {
    const hub = mkdtempSync(join(tmpdir(), 'mako-hub-'));
    const snapshot = join(hub, 'models--acme--tiny', 'snapshots', 'abc123');
    const source = letterTokenizerDir();
    mkdirSync(snapshot, { recursive: true });
    copyFileSync(join(source, 'tokenizer.json'), join(snapshot, 'tokenizer.json'));
    const previous = process.env.HF_HUB_CACHE;
    process.env.HF_HUB_CACHE = hub;
    try {
      expect(loadTokenCounter(undefined, 'acme/tiny')?.count('the cat')).toBe(6);
      expect(loadTokenCounter(undefined, 'acme/other')).toBeNull();
      expect(loadTokenCounter('none', 'acme/tiny')).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.HF_HUB_CACHE;
      else process.env.HF_HUB_CACHE = previous;
    }
  });
});
