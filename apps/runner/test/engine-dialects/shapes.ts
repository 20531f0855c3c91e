// What a recorded engine dialect holds (one file per engine beside this one; ../engine-dialects.ts
// gathers them), and the wire helpers the dialects share.

export type Engine = 'vllm' | 'sglang' | 'trtllm-serve' | 'llama-server' | 'tgi' | 'ollama';

export interface StreamFixture {
  engine: Engine;
  name: string;
  /** Where the format comes from. */
  source: string;
  endpoint: 'chat' | 'completions';
  /** The bytes of each event as sent (a keep-alive comment is an event of its own). */
  events: string[];
  expect: {
    ok: boolean;
    errorKind?: string;
    /** The answer text (after the reasoning). */
    answer: string;
    reasoning: string;
    /** Events that carry generated text (reasoning or answer); the first one is the first token. */
    textEvents: number;
    /** Index in `events` of the first event with text: TTFT is measured there. */
    firstTextEvent: number;
    /** Index of the first event with answer text (after the reasoning); null without one. */
    firstAnswerEvent: number | null;
    completionTokens: number | null;
    promptTokens: number | null;
    cachedTokens: number | null;
  };
}

export interface MetricsFixture {
  engine: Engine;
  source: string;
  path: string;
  contentType: string;
  body: string;
  /** What the engine-neutral telemetry sample must read (undefined: the engine does not report it). */
  expect: {
    running?: number;
    waiting?: number;
    kv_cache_usage?: number;
    preemptions?: number;
    prefix_cache_hit_rate?: number;
  };
}

export interface ProvenanceFixture {
  engine: Engine;
  /** Where each answer's format comes from. */
  source: string;
  /** The answers of the endpoints this engine serves (path → body); any other path is a 404. */
  routes: Record<string, { contentType: string; body: string }>;
  /** The model the run asks for. */
  model: string;
  expect: {
    name: string | null;
    version: string | null;
    /** Flags the provenance must carry with these values (others may be there too). */
    flags: Record<string, string | number | boolean>;
    /** Names that must never be kept (secrets the engine echoes back). */
    absent: string[];
    sources: string[];
  };
}

/** One server-sent event as it goes on the wire; TGI omits the space after `data:`. */
export const sse = (payload: unknown, sep = ' ') => `data:${sep}${JSON.stringify(payload)}\n\n`;
export const DONE = 'data: [DONE]\n\n';

/** A JSON answer of an engine's info endpoint. */
export const json = (body: unknown) => ({ contentType: 'application/json', body: JSON.stringify(body) });
/** A Prometheus text answer of /metrics. */
export const prometheus = (lines: string[]) => ({
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  body: `${lines.join('\n')}\n`,
});

/** What the runner must read from a stream that fails with a server error right after its first text. */
export const failedAfterFirstText = (answer: string): StreamFixture['expect'] => ({
  ok: false,
  errorKind: 'server_error',
  answer,
  reasoning: '',
  textEvents: 1,
  firstTextEvent: 0,
  firstAnswerEvent: 0,
  completionTokens: null,
  promptTokens: null,
  cachedTokens: null,
});
