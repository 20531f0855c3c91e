// llama.cpp (llama-server)'s dialect: its streams, its /metrics and the answers its provenance is read from.
import { DONE, json, sse, type MetricsFixture, type ProvenanceFixture, type StreamFixture } from './shapes.ts';

/** The envelope of llama-server's stream chunks in this recording (it writes choices first). */
const LLAMA_CHUNK = {
  created: 4,
  id: 'chatcmpl-x',
  model: 'gpt-oss',
  system_fingerprint: 'b6097-9515c613',
  object: 'chat.completion.chunk',
};

export const streams: StreamFixture[] = [
  {
    engine: 'llama-server',
    name: 'chat: content null opening, reasoning_content, usage and timings on the finish chunk (no separate usage chunk)',
    source:
      'ggml-org/llama.cpp tools/server/server-task.cpp @ 17f5f8a80d8ac9c18c23ecb2321640daeec77096 (to_json_oaicompat_chat_stream: the last chunk carries finish_reason, usage with prompt_tokens_details.cached_tokens from n_prompt_tokens_cache, and timings; reasoning as delta.reasoning_content)',
    endpoint: 'chat',
    events: [
      sse({
        choices: [{ finish_reason: null, index: 0, delta: { role: 'assistant', content: null } }],
        ...LLAMA_CHUNK,
      }),
      sse({
        choices: [{ finish_reason: null, index: 0, delta: { reasoning_content: 'Hmm' } }],
        ...LLAMA_CHUNK,
      }),
      sse({
        choices: [{ finish_reason: null, index: 0, delta: { content: 'Hello' } }],
        ...LLAMA_CHUNK,
      }),
      sse({
        choices: [{ finish_reason: 'length', index: 0, delta: {} }],
        ...LLAMA_CHUNK,
        usage: {
          completion_tokens: 2,
          prompt_tokens: 1085,
          total_tokens: 1087,
          prompt_tokens_details: { cached_tokens: 1024 },
        },
        timings: { prompt_n: 61, prompt_ms: 20.3, predicted_n: 2, predicted_ms: 7.6 },
      }),
      DONE,
    ],
    expect: {
      ok: true,
      answer: 'Hello',
      reasoning: 'Hmm',
      textEvents: 2,
      firstTextEvent: 1,
      firstAnswerEvent: 2,
      completionTokens: 2,
      promptTokens: 1085,
      cachedTokens: 1024,
    },
  },
];

export const metrics: MetricsFixture[] = [
  {
    engine: 'llama-server',
    source:
      'ggml-org/llama.cpp tools/server/server-context.cpp @ fb4026604c67c682f552337ec9b91eced0abd35a (the /metrics handler, with --metrics: llamacpp:requests_processing and llamacpp:requests_deferred gauges, llamacpp:kv_cache_usage_ratio in builds that report it; no preemption or prefix-cache counters)',
    path: '/metrics',
    contentType: 'text/plain; version=0.0.4',
    body: [
      '# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed.',
      '# TYPE llamacpp:prompt_tokens_total counter',
      'llamacpp:prompt_tokens_total 5120',
      '# HELP llamacpp:kv_cache_usage_ratio KV-cache usage. 1 means 100 percent usage.',
      '# TYPE llamacpp:kv_cache_usage_ratio gauge',
      'llamacpp:kv_cache_usage_ratio 0.125',
      '# HELP llamacpp:requests_processing Number of requests processing.',
      '# TYPE llamacpp:requests_processing gauge',
      'llamacpp:requests_processing 4',
      '# HELP llamacpp:requests_deferred Number of requests deferred.',
      '# TYPE llamacpp:requests_deferred gauge',
      'llamacpp:requests_deferred 6',
      '',
    ].join('\n'),
    expect: { running: 4, waiting: 6, kv_cache_usage: 0.125 },
  },
];

export const provenance: ProvenanceFixture = {
  engine: 'llama-server',
  source:
    'ggml-org/llama.cpp tools/server/README.md @ 25d5b0c53f9a146f3d7a99a18610d9d623b5041e (GET /props: default_generation_settings with n_ctx, total_slots, model_path, chat_template, build_info "b<number>-<commit>")',
  model: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
  routes: {
    '/props': json({
      default_generation_settings: { n_ctx: 4096, params: { temperature: 0.8, top_k: 40 } },
      total_slots: 4,
      model_path: '/models/qwen2.5-0.5b-instruct-q4_k_m.gguf',
      chat_template: '{{ messages }}',
      build_info: 'b6432-4f63cd70',
    }),
    '/v1/models': json({
      object: 'list',
      data: [{ id: 'qwen2.5-0.5b-instruct-q4_k_m.gguf', object: 'model', created: 1, owned_by: 'llamacpp' }],
    }),
  },
  expect: {
    name: 'llama.cpp',
    version: 'b6432-4f63cd70',
    flags: { n_ctx: 4096, total_slots: 4 },
    absent: ['chat_template'],
    sources: ['GET /props'],
  },
};
