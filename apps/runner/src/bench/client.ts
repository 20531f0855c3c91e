import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { BenchRequest } from './datasets.ts';

export const ENDPOINT_TYPES = ['completions', 'chat'] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

export interface EndpointConfig {
  /** Server origin, e.g. http://127.0.0.1:8000 (a trailing /v1 is accepted). */
  baseUrl: string;
  type: EndpointType;
  model: string;
  /** Sent as a bearer token to the serving endpoint; never printed. */
  apiKey?: string;
  /** Ask the engine to ignore end-of-sequence so every request produces exactly max_tokens. */
  ignoreEos: boolean;
  timeoutMs: number;
}

/** Why a request failed; the report counts each kind. */
export type ErrorKind =
  | `http_${number}`
  | 'connection_refused'
  | 'connection_reset'
  | 'timeout'
  | 'stream_incomplete'
  | 'invalid_response'
  | 'server_error'
  | 'empty_response'
  | 'cancelled';

export interface RequestOutcome {
  ok: boolean;
  errorKind?: ErrorKind;
  errorMessage?: string;
  /** performance.now() when the request was handed to the socket layer. */
  startMs: number;
  /** Time to the first chunk that carried generated text. */
  ttftMs: number;
  /** Time to the last chunk that carried generated text (as vLLM measures end-to-end latency). */
  latencyMs: number;
  /** Gaps between consecutive text-carrying chunks. */
  itlMs: number[];
  /** Time to the first chunk that carried answer text, after any reasoning; null when none did. */
  ttfotMs: number | null;
  /** From the final usage chunk, when the endpoint sent one. */
  promptTokens: number | null;
  completionTokens: number | null;
  /** usage.prompt_tokens_details.cached_tokens: prompt tokens the engine found in its prefix cache. */
  cachedTokens: number | null;
  /** The answer (chat: delta.content; completions: text). */
  text: string;
  /** The reasoning streamed before the answer (delta.reasoning, or delta.reasoning_content). */
  reasoningText: string;
  /** Client overhead: from the call until the request was flushed to the socket. */
  writeMs: number;
  /** Client overhead: time spent splitting and parsing the SSE stream of this response. */
  parseMs: number;
  /** Server-sent events parsed. */
  events: number;
}

/** A request that left at `startMs` and has not answered yet: not ok, nothing received. */
export function pendingOutcome(startMs: number): RequestOutcome {
  return {
    ok: false,
    startMs,
    ttftMs: 0,
    ttfotMs: null,
    latencyMs: 0,
    itlMs: [],
    promptTokens: null,
    completionTokens: null,
    cachedTokens: null,
    text: '',
    reasoningText: '',
    writeMs: 0,
    parseMs: 0,
    events: 0,
  };
}

export function normaliseBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '');
}

export function requestBody(config: EndpointConfig, request: BenchRequest): Record<string, unknown> {
  const common: Record<string, unknown> = {
    model: config.model,
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0,
  };
  if (config.ignoreEos) common.ignore_eos = true;
  if (config.type === 'completions') {
    const prompt = request.system ? `${request.system} ${request.prompt}` : request.prompt;
    return { ...common, prompt, max_tokens: request.outputTokens };
  }
  const messages = [
    ...(request.system ? [{ role: 'system', content: request.system }] : []),
    ...(request.history ?? []),
    { role: 'user', content: request.prompt },
  ];
  return { ...common, messages, max_completion_tokens: request.outputTokens };
}

function connectionErrorKind(error: NodeJS.ErrnoException): ErrorKind {
  if (error.code === 'ECONNREFUSED') return 'connection_refused';
  if (error.code === 'ETIMEDOUT') return 'timeout';
  return 'connection_reset';
}

interface StreamState {
  outcome: RequestOutcome;
  lastTextAt: number;
  done: boolean;
  failure: { kind: ErrorKind; message: string } | null;
}

type Json = Record<string, unknown>;

/** The reasoning and the answer text an event carries. */
function eventText(type: EndpointType, event: Json): { reasoning: string; answer: string } {
  const choice = (event.choices as Json[] | undefined)?.[0];
  if (!choice) return { reasoning: '', answer: '' };
  if (type === 'completions') return { reasoning: '', answer: typeof choice.text === 'string' ? choice.text : '' };
  const delta = choice.delta as Json | undefined;
  if (!delta) return { reasoning: '', answer: '' };
  // vLLM sends `reasoning` and, deprecated, the same text again as `reasoning_content`; SGLang,
  // llama-server and trtllm-serve send only `reasoning_content`, Ollama only `reasoning`. One of them.
  const reasoning =
    typeof delta.reasoning === 'string' && delta.reasoning
      ? delta.reasoning
      : typeof delta.reasoning_content === 'string'
        ? delta.reasoning_content
        : '';
  return { reasoning, answer: typeof delta.content === 'string' ? delta.content : '' };
}

/** An error event's message: vLLM, SGLang, TGI and Ollama nest it ({error: {message}}); TGI's older API has a string. */
function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as Json).message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

function handleEvent(type: EndpointType, data: string, at: number, state: StreamState): void {
  if (data === '[DONE]') {
    state.done = true;
    return;
  }
  let event: Json;
  try {
    event = JSON.parse(data) as Json;
  } catch {
    state.failure = { kind: 'invalid_response', message: `Unparseable stream event: ${data.slice(0, 200)}` };
    return;
  }
  if (event.error) {
    state.failure = { kind: 'server_error', message: errorMessage(event.error).slice(0, 500) };
    return;
  }
  const { reasoning, answer } = eventText(type, event);
  const o = state.outcome;
  if (reasoning || answer) {
    if (o.text === '' && o.reasoningText === '') o.ttftMs = at - o.startMs;
    else o.itlMs.push(at - state.lastTextAt);
    state.lastTextAt = at;
    if (answer && o.ttfotMs === null) o.ttfotMs = at - o.startMs;
    o.text += answer;
    o.reasoningText += reasoning;
  }
  const usage = event.usage as Json | null | undefined;
  if (usage && typeof usage.completion_tokens === 'number') {
    o.completionTokens = usage.completion_tokens;
    if (typeof usage.prompt_tokens === 'number') o.promptTokens = usage.prompt_tokens;
    const cached = (usage.prompt_tokens_details as Json | null | undefined)?.cached_tokens;
    if (typeof cached === 'number') o.cachedTokens = cached;
  }
}

/** A line outside any `data:` field that is a JSON error (Ollama writes a failure that way once streaming). */
function bareError(line: string): string | null {
  if (!line.startsWith('{')) return null;
  try {
    const body = JSON.parse(line) as Json;
    return body.error ? errorMessage(body.error) : null;
  } catch {
    return null;
  }
}

/**
 * Sends one streaming request and times it. node:http rather than fetch: it lets us see when the
 * request reaches the socket, and its plain string chunks cost less per token than web streams.
 * Never rejects: every failure becomes an outcome with an error kind.
 */
export function sendStreamingRequest(
  config: EndpointConfig,
  request: BenchRequest,
  agent: http.Agent,
  signal?: AbortSignal,
): Promise<RequestOutcome> {
  const base = normaliseBaseUrl(config.baseUrl);
  const url = new URL(`${base}/v1/${config.type === 'chat' ? 'chat/completions' : 'completions'}`);
  const body = JSON.stringify(requestBody(config, request));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'content-length': Buffer.byteLength(body),
  };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  const called = performance.now();
  const outcome = pendingOutcome(called);
  const state: StreamState = { outcome, lastTextAt: called, done: false, failure: null };

  return new Promise((resolve) => {
    let settled = false;
    const finish = (failure: { kind: ErrorKind; message: string } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const f = failure ?? state.failure;
      if (f) {
        outcome.errorKind = f.kind;
        outcome.errorMessage = f.message;
      } else if (!outcome.text && !outcome.reasoningText && !outcome.completionTokens) {
        outcome.errorKind = 'empty_response';
        outcome.errorMessage = 'The stream ended without any generated text';
      } else {
        outcome.ok = true;
        outcome.latencyMs = state.lastTextAt - outcome.startMs;
      }
      resolve(outcome);
    };

    if (signal?.aborted) {
      outcome.errorKind = 'cancelled';
      outcome.errorMessage = 'Cancelled';
      return resolve(outcome);
    }
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, { method: 'POST', headers, agent });
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: connectionErrorKind(error), message: error.message }),
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout', message: `No complete answer within ${config.timeoutMs} ms` });
      req.destroy();
    }, config.timeoutMs);
    const onAbort = () => {
      finish({ kind: 'cancelled', message: 'Cancelled' });
      req.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    req.on('finish', () => {
      outcome.writeMs = performance.now() - called;
    });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (chunk: string) => {
          if (text.length < 2000) text += chunk;
        });
        res.on('end', () =>
          finish({
            kind: `http_${res.statusCode ?? 0}`,
            message: text.trim().slice(0, 500) || `HTTP ${res.statusCode}`,
          }),
        );
        res.on('error', (error) => finish({ kind: `http_${res.statusCode ?? 0}`, message: error.message }));
        return;
      }
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          let line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.endsWith('\r')) line = line.slice(0, -1);
          if (!line.startsWith('data:')) {
            // Comments (":" keep-alives), event: and id: fields and blank lines carry nothing to time.
            const error = bareError(line);
            if (error !== null) state.failure = { kind: 'server_error', message: error.slice(0, 500) };
            else continue;
          } else {
            outcome.events++;
            handleEvent(config.type, line.slice(line.charCodeAt(5) === 32 ? 6 : 5), at, state);
          }
          if (state.failure) {
            finish(null);
            req.destroy();
            return;
          }
        }
        outcome.parseMs += performance.now() - at;
      });
      res.on('end', () => {
        if (!state.done && !state.failure)
          return finish({ kind: 'stream_incomplete', message: 'The stream ended before data: [DONE]' });
        finish(null);
      });
      res.on('aborted', () => finish({ kind: 'connection_reset', message: 'The connection closed mid-stream' }));
      res.on('error', (error) => finish({ kind: 'connection_reset', message: error.message }));
    });
    req.end(body);
  });
}
