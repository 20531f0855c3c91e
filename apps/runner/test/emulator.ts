/**
 * A real HTTP server that behaves like an OpenAI-compatible serving engine (vLLM's API surface):
 * streaming /v1/completions and /v1/chat/completions with usage in a final chunk when asked,
 * /v1/models, /health and /version, with controllable latency, concurrency limit and failures.
 * The emulator's "tokenizer" is whitespace: one word is one token, and it generates words from the
 * runner's own vocabulary, so characters/4 and the usage fields agree exactly.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { WORDS } from '../src/bench/words.ts';
import { listen } from './listen.ts';

export interface EmulatorOptions {
  model?: string;
  /** Time from when a request gets a slot to its first token. */
  ttftMs?: number;
  /** Time between generated tokens. */
  itlMs?: number;
  /** Tokens per streamed chunk (as with speculative decoding); chunks are tokensPerChunk·itlMs apart. */
  tokensPerChunk?: number;
  /** Chat: the first N tokens are reasoning (delta.reasoning, as vLLM sends it), the answer follows. */
  reasoningTokens?: number;
  /** Requests decoded at once; the rest wait in a queue (the engine's max_num_seqs). */
  maxConcurrency?: number;
  /** Honour stream_options.include_usage (default true). */
  usage?: boolean;
  /** Every n-th generation request answers HTTP 500. */
  failEvery?: number;
  /** Every n-th generation request loses its connection after half its tokens. */
  dropEvery?: number;
  ownedBy?: string;
  version?: string;
  /** Serve vLLM-style Prometheus /metrics (default true). */
  metrics?: boolean;
  /**
   * The prefix-cache reset it offers: vLLM's POST /reset_prefix_cache (the default, as in
   * VLLM_SERVER_DEV_MODE), SGLang's POST /flush_cache, or none (both answer 404).
   */
  cacheReset?: 'vllm' | 'sglang' | 'none';
  host?: string;
  port?: number;
}

export interface EmulatorStats {
  /** Generation requests received. */
  requests: number;
  /** performance.now() at each generation request's arrival. */
  arrivals: number[];
  /** Most requests decoding at once. */
  maxActive: number;
  /** Request bodies, for checking what the client sent. */
  bodies: Record<string, unknown>[];
  /** Each prefix-cache reset: its path and how many generation requests had arrived before it. */
  cacheResets: { path: string; afterRequests: number }[];
}

export interface Emulator {
  url: string;
  port: number;
  stats: EmulatorStats;
  close(): Promise<void>;
}

function countWords(value: unknown): number {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean).length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countWords(v), 0);
  if (value && typeof value === 'object' && 'content' in value)
    return countWords((value as { content: unknown }).content);
  return 0;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const model = options.model ?? 'mako/emulated-model';
  const ttftMs = options.ttftMs ?? 20;
  const itlMs = options.itlMs ?? 5;
  const perChunk = Math.max(1, options.tokensPerChunk ?? 1);
  const reasoningTokens = options.reasoningTokens ?? 0;
  const limit = options.maxConcurrency ?? Infinity;
  const stats: EmulatorStats = { requests: 0, arrivals: [], maxActive: 0, bodies: [], cacheResets: [] };
  const resetPath = { vllm: '/reset_prefix_cache', sglang: '/flush_cache', none: null }[options.cacheReset ?? 'vllm'];
  let active = 0;
  const queue: (() => void)[] = [];
  const acquire = () =>
    new Promise<void>((resolve) => {
      if (active < limit) {
        active++;
        stats.maxActive = Math.max(stats.maxActive, active);
        resolve();
      } else queue.push(resolve);
    });
  const release = () => {
    const next = queue.shift();
    if (next) {
      stats.maxActive = Math.max(stats.maxActive, active);
      next();
    } else active--;
  };

  async function generate(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    chat: boolean,
    body: Record<string, unknown>,
  ) {
    const n = ++stats.requests;
    stats.arrivals.push(performance.now());
    stats.bodies.push(body);
    if (body.model !== model)
      return sendJson(res, 404, {
        error: { message: `The model \`${String(body.model)}\` does not exist.`, type: 'NotFoundError', code: 404 },
      });
    if (options.failEvery && n % options.failEvery === 0)
      return sendJson(res, 500, {
        error: { message: 'Emulated internal error', type: 'InternalServerError', code: 500 },
      });
    const maxTokens = Number((chat ? (body.max_completion_tokens ?? body.max_tokens) : body.max_tokens) ?? 16);
    const promptTokens = chat ? countWords(body.messages) : countWords(body.prompt);
    const wantUsage =
      options.usage !== false &&
      (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    const drop = options.dropEvery !== undefined && n % options.dropEvery === 0;
    const id = `cmpl-${n}`;
    const created = Math.floor(Date.now() / 1000);

    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    await acquire();
    if (closed) return release();
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const event = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (text: string, finish: string | null, reasoning = false) =>
      chat
        ? {
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [
              {
                index: 0,
                delta: reasoning ? { reasoning: text } : { content: text },
                logprobs: null,
                finish_reason: finish,
              },
            ],
          }
        : {
            id,
            object: 'text_completion',
            created,
            model,
            choices: [{ index: 0, text, logprobs: null, finish_reason: finish }],
          };
    // Chat streams open with a role-only delta before any token, as OpenAI and vLLM do: not a token.
    if (chat)
      event({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
      });

    const start = performance.now();
    let emitted = 0;
    const tick = () => {
      if (closed) return release();
      if (drop && emitted >= maxTokens / 2) {
        release();
        res.socket?.destroy();
        return;
      }
      const inReasoning = chat && emitted < reasoningTokens;
      // A chunk never mixes reasoning and answer: it ends where the reasoning does.
      const take = Math.min(perChunk, maxTokens - emitted, inReasoning ? reasoningTokens - emitted : Infinity);
      let text = '';
      for (let i = 0; i < take; i++)
        text += `${emitted + i === 0 ? '' : ' '}${WORDS[(n + emitted + i) % WORDS.length]}`;
      emitted += take;
      event(chunk(text, emitted >= maxTokens ? 'length' : null, inReasoning));
      if (emitted < maxTokens) {
        // Absolute schedule: the next token is due at ttft + (its index)·itl, whatever timers did before.
        const due = start + ttftMs + emitted * itlMs;
        setTimeout(tick, Math.max(0, due - performance.now()));
        return;
      }
      if (wantUsage)
        event({
          id,
          object: chat ? 'chat.completion.chunk' : 'text_completion',
          created,
          model,
          choices: [],
          usage: { prompt_tokens: promptTokens, completion_tokens: emitted, total_tokens: promptTokens + emitted },
        });
      res.end('data: [DONE]\n\n');
      release();
    };
    setTimeout(tick, ttftMs);
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/health') return res.writeHead(200).end();
    // Arrival times on the wall clock (sub-millisecond), so another process can measure the rate it sent.
    if (req.method === 'GET' && path === '/stats') {
      const epoch = (t: number | undefined) => (t === undefined ? null : performance.timeOrigin + t);
      return sendJson(res, 200, {
        requests: stats.requests,
        first_arrival_ms: epoch(stats.arrivals[0]),
        last_arrival_ms: epoch(stats.arrivals[stats.arrivals.length - 1]),
        max_active: stats.maxActive,
      });
    }
    if (req.method === 'POST' && path === '/stats/reset') {
      stats.requests = 0;
      stats.arrivals.length = 0;
      stats.bodies.length = 0;
      stats.maxActive = active;
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === resetPath) {
      stats.cacheResets.push({ path, afterRequests: stats.requests });
      return res.writeHead(200).end();
    }
    if (req.method === 'GET' && path === '/metrics' && options.metrics !== false) {
      const text = [
        '# HELP vllm:num_requests_running Number of requests in model execution batches.',
        '# TYPE vllm:num_requests_running gauge',
        `vllm:num_requests_running{engine="0",model_name="${model}"} ${active}`,
        `vllm:num_requests_waiting{engine="0",model_name="${model}"} ${queue.length}`,
        `vllm:kv_cache_usage_perc{engine="0",model_name="${model}"} ${Math.min(1, active / 64)}`,
        `vllm:num_preemptions_total{engine="0",model_name="${model}"} 0`,
        `vllm:prefix_cache_queries_total{engine="0",model_name="${model}"} ${stats.requests * 16}`,
        `vllm:prefix_cache_hits_total{engine="0",model_name="${model}"} ${stats.requests * 4}`,
        'python_gc_objects_collected_total{generation="0"} 123',
        '',
      ].join('\n');
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      return res.end(text);
    }
    if (req.method === 'GET' && path === '/version')
      return sendJson(res, 200, { version: options.version ?? '0.11.0' });
    if (req.method === 'GET' && path === '/v1/models')
      return sendJson(res, 200, {
        object: 'list',
        data: [{ id: model, object: 'model', created: 0, owned_by: options.ownedBy ?? 'vllm', max_model_len: 32768 }],
      });
    if (req.method === 'POST' && (path === '/v1/completions' || path === '/v1/chat/completions')) {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { error: { message: 'Invalid JSON', type: 'BadRequestError', code: 400 } });
        }
        void generate(req, res, path === '/v1/chat/completions', body);
      });
      return;
    }
    sendJson(res, 404, { detail: 'Not Found' });
  });
  server.keepAliveTimeout = 60_000;

  return listen(server, options).then(({ port, close }) => ({ url: `http://127.0.0.1:${port}`, port, stats, close }));
}
