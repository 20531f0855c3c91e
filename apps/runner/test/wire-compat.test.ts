import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sendStreamingRequest, type EndpointConfig } from '../src/bench/client.ts';
import { executeBench } from '../src/bench/execute.ts';
import { telemetryUpload } from '../src/bench/upload.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { METRICS, STREAMS, type MetricsFixture, type StreamFixture } from './engine-dialects.ts';
import { benchArgs, runCli } from './helpers.ts';
import { listen } from './listen.ts';

/** Gap between replayed events: TTFT must be at least the first text event's index times this. */
const GAP_MS = 15;

type Transport = 'as sent' | 'CRLF line ends' | 'split every 7 bytes';

/**
 * A loopback server that replays one engine's recorded dialect: its stream for every generation
 * request (event by event, GAP_MS apart, or re-cut as a proxy might), its /metrics (prefix-cache counters grow
 * with each scrape, as a live engine's do), and /v1/models.
 */
async function replayServer(stream: StreamFixture | null, metrics: MetricsFixture | null, transport: Transport) {
  let scrapes = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
      }
      if (req.url === '/metrics') {
        if (!metrics) return res.writeHead(404).end();
        scrapes++;
        // vLLM's hit rate is the ratio of its counters' growth between scrapes: make them grow.
        const body = metrics.body.replace(
          /(prefix_cache_(?:hits|queries)_total(?:\{[^}]*\})?) ([\d.]+)/g,
          (_, name: string, v: string) => `${name} ${Number(v) * scrapes}`,
        );
        res.writeHead(200, { 'content-type': metrics.contentType });
        return res.end(body);
      }
      if (!stream) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const wire = stream.events.map((e) => (transport === 'CRLF line ends' ? e.replace(/\n/g, '\r\n') : e));
      if (transport === 'split every 7 bytes') {
        const all = wire.join('');
        for (let i = 0; i < all.length; i += 7) res.write(all.slice(i, i + 7));
        return res.end();
      }
      let i = 0;
      const next = () => {
        if (i >= wire.length) return res.end();
        res.write(wire[i++] as string);
        setTimeout(next, GAP_MS);
      };
      next();
    });
  });
  const { port, close } = await listen(server);
  onTestFinished(close);
  return `http://127.0.0.1:${port}`;
}

const endpoint = (baseUrl: string, type: 'chat' | 'completions'): EndpointConfig => ({
  baseUrl,
  type,
  model: 'm',
  ignoreEos: false,
  timeoutMs: 10_000,
});

describe('streams as each engine sends them', () => {
  for (const fixture of STREAMS)
    for (const transport of ['as sent', 'CRLF line ends', 'split every 7 bytes'] as const)
      it(`${fixture.engine}: ${fixture.name} (${transport})`, async () => {
        const url = await replayServer(fixture, null, transport);
        const agent = new http.Agent({ keepAlive: false });
        onTestFinished(() => agent.destroy());
        const o = await sendStreamingRequest(
          endpoint(url, fixture.endpoint),
          { prompt: 'hello', promptTokens: 1, outputTokens: 16 },
          agent,
        );
        const e = fixture.expect;
        expect({ ok: o.ok, errorKind: o.errorKind }).toEqual({ ok: e.ok, errorKind: e.errorKind });
        expect(o.text).toBe(e.answer);
        expect(o.reasoningText).toBe(e.reasoning);
        expect(o.itlMs).toHaveLength(e.textEvents - 1);
        expect(o.completionTokens).toBe(e.completionTokens);
        expect(o.promptTokens).toBe(e.promptTokens);
        expect(o.cachedTokens).toBe(e.cachedTokens);
        if (transport === 'split every 7 bytes') return;
        // Events leave GAP_MS apart: a first token counted too early (a role-only or empty delta)
        // would come in under its event's time.
        expect(o.ttftMs).toBeGreaterThanOrEqual(e.firstTextEvent * GAP_MS - 1);
        if (e.firstAnswerEvent === null) expect(o.ttfotMs).toBeNull();
        else {
          expect(o.ttfotMs).toBeGreaterThanOrEqual(e.firstAnswerEvent * GAP_MS - 1);
          expect(o.ttfotMs as number).toBeGreaterThanOrEqual(o.ttftMs);
          if (e.firstAnswerEvent > e.firstTextEvent) expect(o.ttfotMs as number).toBeGreaterThan(o.ttftMs);
        }
      });
});

describe('/metrics as each engine exposes it', () => {
  for (const fixture of METRICS)
    it(`${fixture.engine}: running, waiting, KV-cache use, preemptions and prefix-cache hits reach the telemetry`, async () => {
      const stream = STREAMS.find((s) => s.engine === fixture.engine && s.expect.ok) as StreamFixture;
      const url = await replayServer(stream, fixture, 'as sent');
      const outcome = await executeBench({
        endpoint: endpoint(url, stream.endpoint),
        dataset: { kind: 'random', minPrompt: 4, maxPrompt: 4, minOutput: 4, maxOutput: 4, numPrefixes: 1, seed: 1 },
        numRequests: 3,
        warmup: 0,
        load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 1, telemetryIntervalMs: 40 },
        maxSeq: 1e9,
        slo: null,
        counter: charEstimate,
      });
      expect(outcome.summary.metrics.completed).toBe(3);
      const upload = telemetryUpload(outcome.run.telemetry, outcome.run, [4, 4, 4]);
      const last = upload?.samples[upload.samples.length - 1];
      const read = Object.fromEntries(
        (['running', 'waiting', 'kv_cache_usage', 'preemptions', 'prefix_cache_hit_rate'] as const).map((k) => [
          k,
          last?.[k],
        ]),
      );
      const want = Object.fromEntries(
        (['running', 'waiting', 'kv_cache_usage', 'preemptions', 'prefix_cache_hit_rate'] as const).map((k) => [
          k,
          fixture.expect[k],
        ]),
      );
      expect(read).toEqual(want);
    });
});

describe('reasoning, prefix cache and their JSON output', () => {
  it('bench --output: ttfot_ms after the reasoning, reasoning and answer tokens, cached tokens and both hit rates', async () => {
    const stream = STREAMS[0] as StreamFixture;
    const metrics = METRICS.find((m) => m.engine === 'vllm') as MetricsFixture;
    const url = await replayServer(stream, metrics, 'as sent');
    const output = join(mkdtempSync(join(tmpdir(), 'mako-wire-')), 'out.json');
    const run = await runCli([
      ...benchArgs(url, { requests: 4, promptLen: 8, outputLen: 16 }),
      '--endpoint-type',
      'chat',
      '--telemetry-interval',
      '0.05',
      '--quiet',
      '--output',
      output,
    ]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(readFileSync(output, 'utf8')) as Record<string, unknown> & {
      metrics: { ttft_ms: { p50: number } };
      ttfot_ms: { p50: number };
    };
    // The answer is the fourth event, sent 3 × GAP_MS after the stream opens; never before the first token.
    expect(doc.ttfot_ms.p50).toBeGreaterThanOrEqual(3 * GAP_MS - 1);
    expect(doc.ttfot_ms.p50).toBeGreaterThanOrEqual(doc.metrics.ttft_ms.p50);
    expect(Object.keys(doc.ttfot_ms)).toEqual(Object.keys(doc.metrics.ttft_ms));
    // 11 completion tokens each, of which "The user asks for" is ceil(17 / 4) = 5 by characters/4.
    expect(doc).toMatchObject({ reasoning_tokens: 4 * 5, answer_tokens: 4 * 6, cached_prompt_tokens: 4 * 768 });
    expect(doc.prefix_cache_hit_rate).toBeCloseTo(768 / 812, 6);
    // The engine's counters say 25 %: both are kept, and the difference is pointed out.
    expect(doc.engine_prefix_cache_hit_rate).toBeCloseTo(0.25, 6);
    expect(run.stderr).toContain('differs from the engine');
    expect(run.stdout).toMatch(/Reasoning {4}first answer token \(TTFOT\) p50 [\d.]+ ms/);
    expect(run.stdout).toContain('94.6 % of prompt tokens cached (3,072)');
  });
});
