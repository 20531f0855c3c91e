/**
 * Streams and /metrics answers as real engines send them, written here to each engine's format as
 * its own source defines it (the source is named beside each fixture: repository, path, commit).
 * Each stream is the list of SSE events exactly as they go on the wire, so the replay server can
 * send them one by one; the expectations say what the runner must read from them.
 */

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

const sse = (payload: unknown, sep = ' ') => `data:${sep}${JSON.stringify(payload)}\n\n`;
const DONE = 'data: [DONE]\n\n';

const VLLM_PROTOCOL =
  'vllm-project/vllm vllm/entrypoints/openai/engine/protocol.py @ d7e52523a55cfd60207c99d9f3b7ed527d2115b7 (DeltaMessage: `reasoning` with the deprecated `reasoning_content` copied from it; UsageInfo.prompt_tokens_details.cached_tokens; ErrorResponse{error: ErrorInfo})';

/** A vLLM chat chunk: vLLM serialises the choice with logprobs and finish_reason null until the end. */
const vllmChunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-5f0c',
  object: 'chat.completion.chunk',
  created: 1764230000,
  model: 'Qwen/Qwen3-8B',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
});

export const STREAMS: StreamFixture[] = [
  {
    engine: 'vllm',
    name: 'chat: role-only opening, reasoning then answer, several tokens per chunk, length, usage with cached tokens',
    source: `${VLLM_PROTOCOL}; the usage chunk has choices [] and comes last (vllm/entrypoints/openai/chat_completion/serving.py @ 5e918640d7b65820db5beaa98c2a99925bff7c17)`,
    endpoint: 'chat',
    events: [
      sse(vllmChunk({ role: 'assistant', content: '' })),
      sse(vllmChunk({ reasoning: 'The user', reasoning_content: 'The user' })),
      sse(vllmChunk({ reasoning: ' asks for', reasoning_content: ' asks for' })),
      sse(vllmChunk({ content: 'Paris is' })),
      // Speculative decoding: three tokens accepted in one step arrive as one chunk.
      sse(vllmChunk({ content: ' the capital of' })),
      sse(vllmChunk({ content: ' France' }, 'length')),
      sse({
        id: 'chatcmpl-5f0c',
        object: 'chat.completion.chunk',
        created: 1764230000,
        model: 'Qwen/Qwen3-8B',
        choices: [],
        usage: {
          prompt_tokens: 812,
          total_tokens: 823,
          completion_tokens: 11,
          prompt_tokens_details: { cached_tokens: 768 },
        },
      }),
      DONE,
    ],
    expect: {
      ok: true,
      answer: 'Paris is the capital of France',
      reasoning: 'The user asks for',
      textEvents: 5,
      firstTextEvent: 1,
      firstAnswerEvent: 3,
      completionTokens: 11,
      promptTokens: 812,
      cachedTokens: 768,
    },
  },
  {
    engine: 'vllm',
    name: 'completions: an error event mid-stream',
    source:
      'vllm-project/vllm vllm/entrypoints/openai/engine/serving.py @ 619e4b31da7791a6ea4f6724fe45b54556b5a8fa (create_streaming_error_response: data: {"error": {message, type, param, code}}, then [DONE])',
    endpoint: 'completions',
    events: [
      sse({
        id: 'cmpl-1',
        object: 'text_completion',
        created: 1,
        model: 'm',
        choices: [{ index: 0, text: 'Once', logprobs: null, finish_reason: null }],
      }),
      sse({ error: { message: 'Internal server error', type: 'InternalServerError', param: null, code: 500 } }),
      DONE,
    ],
    expect: {
      ok: false,
      errorKind: 'server_error',
      answer: 'Once',
      reasoning: '',
      textEvents: 1,
      firstTextEvent: 0,
      firstAnswerEvent: 0,
      completionTokens: null,
      promptTokens: null,
      cachedTokens: null,
    },
  },
  {
    engine: 'sglang',
    name: 'chat: reasoning_content, length, usage chunk with cached tokens (--enable-cache-report)',
    source:
      'sgl-project/sglang python/sglang/srt/entrypoints/openai/serving_chat.py @ 0c078e6f42685e4918bd79a94a025261c7f38942 (delta.reasoning_content from the reasoning parser; matched_stop on each choice; the usage chunk last with choices [])',
    endpoint: 'chat',
    events: [
      sse({
        id: 'a1',
        object: 'chat.completion.chunk',
        created: 2,
        model: 'm',
        choices: [
          {
            index: 0,
            delta: { role: 'assistant', content: '' },
            logprobs: null,
            finish_reason: null,
            matched_stop: null,
          },
        ],
        usage: null,
      }),
      sse({
        id: 'a1',
        object: 'chat.completion.chunk',
        created: 2,
        model: 'm',
        choices: [
          { index: 0, delta: { reasoning_content: 'Think' }, logprobs: null, finish_reason: null, matched_stop: null },
        ],
        usage: null,
      }),
      sse({
        id: 'a1',
        object: 'chat.completion.chunk',
        created: 2,
        model: 'm',
        choices: [{ index: 0, delta: { content: 'Answer' }, logprobs: null, finish_reason: null, matched_stop: null }],
        usage: null,
      }),
      sse({
        id: 'a1',
        object: 'chat.completion.chunk',
        created: 2,
        model: 'm',
        choices: [{ index: 0, delta: { content: '' }, logprobs: null, finish_reason: 'length', matched_stop: null }],
        usage: null,
      }),
      sse({
        id: 'a1',
        object: 'chat.completion.chunk',
        created: 2,
        model: 'm',
        choices: [],
        usage: {
          prompt_tokens: 100,
          total_tokens: 103,
          completion_tokens: 3,
          prompt_tokens_details: { cached_tokens: 64 },
        },
      }),
      DONE,
    ],
    expect: {
      ok: true,
      answer: 'Answer',
      reasoning: 'Think',
      textEvents: 2,
      firstTextEvent: 1,
      firstAnswerEvent: 2,
      completionTokens: 3,
      promptTokens: 100,
      cachedTokens: 64,
    },
  },
  {
    engine: 'trtllm-serve',
    name: 'chat: role-only opening, empty deltas, finish chunk, usage chunk',
    source:
      'NVIDIA/TensorRT-LLM tensorrt_llm/serve/openai_protocol.py @ 54cf7be08a3582024dfa6791e8bb8b2034bfad67 (ChatCompletionStreamResponse, DeltaMessage with reasoning_content, UsageInfo) and tensorrt_llm/serve/postprocess_handlers.py @ 7b437aaa73bf5a44b1102aee5c631074da763b8f (first chunk role only; usage chunk with choices [] when include_usage)',
    endpoint: 'chat',
    events: [
      sse({
        id: 'chatcmpl-9',
        object: 'chat.completion.chunk',
        created: 3,
        model: 'm',
        choices: [
          {
            index: 0,
            delta: { role: 'assistant', content: '' },
            logprobs: null,
            finish_reason: null,
            stop_reason: null,
          },
        ],
      }),
      sse({
        id: 'chatcmpl-9',
        object: 'chat.completion.chunk',
        created: 3,
        model: 'm',
        choices: [{ index: 0, delta: { content: '' }, logprobs: null, finish_reason: null, stop_reason: null }],
      }),
      sse({
        id: 'chatcmpl-9',
        object: 'chat.completion.chunk',
        created: 3,
        model: 'm',
        choices: [{ index: 0, delta: { content: 'Hi' }, logprobs: null, finish_reason: null, stop_reason: null }],
      }),
      sse({
        id: 'chatcmpl-9',
        object: 'chat.completion.chunk',
        created: 3,
        model: 'm',
        choices: [{ index: 0, delta: { content: ' there' }, logprobs: null, finish_reason: 'stop', stop_reason: null }],
      }),
      sse({
        id: 'chatcmpl-9',
        object: 'chat.completion.chunk',
        created: 3,
        model: 'm',
        choices: [],
        usage: { prompt_tokens: 9, total_tokens: 11, completion_tokens: 2 },
      }),
      DONE,
    ],
    expect: {
      ok: true,
      answer: 'Hi there',
      reasoning: '',
      textEvents: 2,
      firstTextEvent: 2,
      firstAnswerEvent: 2,
      completionTokens: 2,
      promptTokens: 9,
      cachedTokens: null,
    },
  },
  {
    engine: 'llama-server',
    name: 'chat: content null opening, reasoning_content, usage and timings on the finish chunk (no separate usage chunk)',
    source:
      'ggml-org/llama.cpp tools/server/server-task.cpp @ 17f5f8a80d8ac9c18c23ecb2321640daeec77096 (to_json_oaicompat_chat_stream: the last chunk carries finish_reason, usage with prompt_tokens_details.cached_tokens from n_prompt_tokens_cache, and timings; reasoning as delta.reasoning_content)',
    endpoint: 'chat',
    events: [
      sse({
        choices: [{ finish_reason: null, index: 0, delta: { role: 'assistant', content: null } }],
        created: 4,
        id: 'chatcmpl-x',
        model: 'gpt-oss',
        system_fingerprint: 'b6097-9515c613',
        object: 'chat.completion.chunk',
      }),
      sse({
        choices: [{ finish_reason: null, index: 0, delta: { reasoning_content: 'Hmm' } }],
        created: 4,
        id: 'chatcmpl-x',
        model: 'gpt-oss',
        system_fingerprint: 'b6097-9515c613',
        object: 'chat.completion.chunk',
      }),
      sse({
        choices: [{ finish_reason: null, index: 0, delta: { content: 'Hello' } }],
        created: 4,
        id: 'chatcmpl-x',
        model: 'gpt-oss',
        system_fingerprint: 'b6097-9515c613',
        object: 'chat.completion.chunk',
      }),
      sse({
        choices: [{ finish_reason: 'length', index: 0, delta: {} }],
        created: 4,
        id: 'chatcmpl-x',
        model: 'gpt-oss',
        system_fingerprint: 'b6097-9515c613',
        object: 'chat.completion.chunk',
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
  {
    engine: 'tgi',
    name: 'Messages API: data: without a space, role on every delta, keep-alive comments, length, usage chunk with an empty id',
    source:
      'huggingface/text-generation-inference @ db931fcf42da018a3657580c64bf2720f167f9ab: router/src/server.rs (axum Sse with KeepAlive::default, which sends ":" comment lines; data:[DONE] last), router/src/chat.rs (usage chunk with id "" and choices []), router/src/lib.rs (TextMessage delta {role, content}); docs/source/basic_tutorials/visual_language_models.md shows data:{…} without a space',
    endpoint: 'chat',
    events: [
      sse(
        {
          object: 'chat.completion.chunk',
          id: '',
          created: 5,
          model: 'tgi',
          system_fingerprint: '3.3.6-native',
          choices: [{ index: 0, delta: { role: 'assistant', content: 'Deep' }, logprobs: null, finish_reason: null }],
          usage: null,
        },
        '',
      ),
      ':\n\n',
      sse(
        {
          object: 'chat.completion.chunk',
          id: '',
          created: 5,
          model: 'tgi',
          system_fingerprint: '3.3.6-native',
          choices: [
            { index: 0, delta: { role: 'assistant', content: ' learning' }, logprobs: null, finish_reason: 'length' },
          ],
          usage: null,
        },
        '',
      ),
      sse(
        {
          object: 'chat.completion.chunk',
          id: '',
          created: 5,
          model: 'tgi',
          system_fingerprint: '3.3.6-native',
          choices: [],
          usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
        },
        '',
      ),
      'data:[DONE]\n\n',
    ],
    expect: {
      ok: true,
      answer: 'Deep learning',
      reasoning: '',
      textEvents: 2,
      firstTextEvent: 0,
      firstAnswerEvent: 0,
      completionTokens: 2,
      promptTokens: 7,
      cachedTokens: null,
    },
  },
  {
    engine: 'tgi',
    name: 'Messages API: an error event mid-stream',
    source:
      'huggingface/text-generation-inference router/src/infer/mod.rs @ db931fcf42da018a3657580c64bf2720f167f9ab (into_openai_event: {"error": {message, http_status_code: 422}}), router/src/server.rs (data:[DONE] after it)',
    endpoint: 'chat',
    events: [
      sse(
        {
          object: 'chat.completion.chunk',
          id: '',
          created: 5,
          model: 'tgi',
          system_fingerprint: '3.3.6-native',
          choices: [{ index: 0, delta: { role: 'assistant', content: 'The' }, logprobs: null, finish_reason: null }],
          usage: null,
        },
        '',
      ),
      sse(
        {
          error: {
            message: 'Request failed during generation: Server error: CUDA out of memory',
            http_status_code: 422,
          },
        },
        '',
      ),
      'data:[DONE]\n\n',
    ],
    expect: {
      ok: false,
      errorKind: 'server_error',
      answer: 'The',
      reasoning: '',
      textEvents: 1,
      firstTextEvent: 0,
      firstAnswerEvent: 0,
      completionTokens: null,
      promptTokens: null,
      cachedTokens: null,
    },
  },
  {
    engine: 'ollama',
    name: 'chat: role with the first text, reasoning field, empty finish delta, length, usage chunk',
    source:
      'ollama/ollama @ fb30760996871fa9460115c753afd2c60d4ab0f7: openai/openai.go (Delta{role, content, reasoning}; role only on the first chunk; FinishChunk with an empty delta), middleware/openai.go (data: prefix, usage chunk with choices [] only when stream_options.include_usage, data: [DONE])',
    endpoint: 'chat',
    events: [
      sse({
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 6,
        model: 'qwen3',
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: { role: 'assistant', content: '', reasoning: 'Let me' }, finish_reason: null }],
      }),
      sse({
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 6,
        model: 'qwen3',
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: { content: 'Yes' }, finish_reason: null }],
      }),
      sse({
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 6,
        model: 'qwen3',
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: {}, finish_reason: 'length' }],
      }),
      sse({
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 6,
        model: 'qwen3',
        system_fingerprint: 'fp_ollama',
        choices: [],
        usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 },
      }),
      DONE,
    ],
    expect: {
      ok: true,
      answer: 'Yes',
      reasoning: 'Let me',
      textEvents: 2,
      firstTextEvent: 0,
      firstAnswerEvent: 1,
      completionTokens: 4,
      promptTokens: 20,
      cachedTokens: null,
    },
  },
  {
    engine: 'ollama',
    name: 'chat: no usage at all (stream_options not honoured)',
    source:
      'ollama/ollama middleware/openai.go @ fb30760996871fa9460115c753afd2c60d4ab0f7 (without include_usage no usage chunk is written: the stream a server or proxy that drops stream_options sends)',
    endpoint: 'chat',
    events: [
      sse({
        id: 'chatcmpl-43',
        object: 'chat.completion.chunk',
        created: 6,
        model: 'qwen3',
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: { role: 'assistant', content: 'one two' }, finish_reason: null }],
      }),
      sse({
        id: 'chatcmpl-43',
        object: 'chat.completion.chunk',
        created: 6,
        model: 'qwen3',
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      }),
      DONE,
    ],
    expect: {
      ok: true,
      answer: 'one two',
      reasoning: '',
      textEvents: 1,
      firstTextEvent: 0,
      firstAnswerEvent: 0,
      completionTokens: null,
      promptTokens: null,
      cachedTokens: null,
    },
  },
];

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

export const METRICS: MetricsFixture[] = [
  {
    engine: 'vllm',
    source:
      'vllm-project/vllm vllm/v1/metrics/loggers.py @ a6f0308cfe806b7731ad4979c9bea6e470c35efd (PrometheusStatLogger: vllm:num_requests_running/waiting, vllm:kv_cache_usage_perc, vllm:num_preemptions_total, vllm:prefix_cache_queries_total/hits_total, labelled engine and model_name)',
    path: '/metrics',
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    body: [
      '# HELP vllm:num_requests_running Number of requests in model execution batches.',
      '# TYPE vllm:num_requests_running gauge',
      'vllm:num_requests_running{engine="0",model_name="Qwen/Qwen3-8B"} 12.0',
      '# HELP vllm:num_requests_waiting Number of requests waiting to be processed.',
      '# TYPE vllm:num_requests_waiting gauge',
      'vllm:num_requests_waiting{engine="0",model_name="Qwen/Qwen3-8B"} 3.0',
      '# TYPE vllm:kv_cache_usage_perc gauge',
      'vllm:kv_cache_usage_perc{engine="0",model_name="Qwen/Qwen3-8B"} 0.42',
      '# TYPE vllm:num_preemptions_total counter',
      'vllm:num_preemptions_total{engine="0",model_name="Qwen/Qwen3-8B"} 5.0',
      '# TYPE vllm:prefix_cache_queries_total counter',
      'vllm:prefix_cache_queries_total{engine="0",model_name="Qwen/Qwen3-8B"} 1000.0',
      '# TYPE vllm:prefix_cache_hits_total counter',
      'vllm:prefix_cache_hits_total{engine="0",model_name="Qwen/Qwen3-8B"} 250.0',
      '',
    ].join('\n'),
    expect: { running: 12, waiting: 3, kv_cache_usage: 0.42, preemptions: 5, prefix_cache_hit_rate: 0.25 },
  },
  {
    engine: 'sglang',
    source:
      'sgl-project/sglang python/sglang/srt/metrics/collector.py @ 93d04878cfb9b08645fae7b11bd340ee33b34acf (sglang:num_running_reqs, sglang:num_queue_reqs, sglang:token_usage, sglang:cache_hit_rate, sglang:num_retracted_reqs gauges)',
    path: '/metrics',
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    body: [
      '# HELP sglang:num_running_reqs The number of running requests.',
      '# TYPE sglang:num_running_reqs gauge',
      'sglang:num_running_reqs{model_name="m",engine_type="unified",tp_rank="0",pp_rank="0"} 7.0',
      'sglang:num_queue_reqs{model_name="m",engine_type="unified",tp_rank="0",pp_rank="0"} 2.0',
      'sglang:token_usage{model_name="m",engine_type="unified",tp_rank="0",pp_rank="0"} 0.31',
      'sglang:cache_hit_rate{model_name="m",engine_type="unified",tp_rank="0",pp_rank="0"} 0.6',
      'sglang:num_retracted_reqs{model_name="m",engine_type="unified",tp_rank="0",pp_rank="0"} 1.0',
      '',
    ].join('\n'),
    expect: { running: 7, waiting: 2, kv_cache_usage: 0.31, preemptions: 1, prefix_cache_hit_rate: 0.6 },
  },
  {
    engine: 'trtllm-serve',
    source:
      "NVIDIA/TensorRT-LLM tensorrt_llm/serve/openai_server.py @ e7f7345e31e574b5d0918b756b871882c7346b3c (GET /metrics answers the executor's iteration stats as a JSON list: numActiveRequests, numQueuedRequests, kvCacheStats{maxNumBlocks, usedNumBlocks, cacheHitRate}, inflightBatchingStats{numPausedRequests})",
    path: '/metrics',
    contentType: 'application/json',
    body: JSON.stringify([
      {
        iter: 41,
        numActiveRequests: 9,
        numQueuedRequests: 1,
        kvCacheStats: {
          maxNumBlocks: 1000,
          freeNumBlocks: 700,
          usedNumBlocks: 300,
          tokensPerBlock: 32,
          cacheHitRate: 0.5,
        },
        inflightBatchingStats: { numPausedRequests: 0 },
      },
      {
        iter: 42,
        numActiveRequests: 8,
        numQueuedRequests: 4,
        kvCacheStats: {
          maxNumBlocks: 1000,
          freeNumBlocks: 400,
          usedNumBlocks: 600,
          tokensPerBlock: 32,
          cacheHitRate: 0.75,
        },
        inflightBatchingStats: { numPausedRequests: 2 },
      },
    ]),
    expect: { running: 8, waiting: 4, kv_cache_usage: 0.6, preemptions: 2, prefix_cache_hit_rate: 0.75 },
  },
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
  {
    engine: 'tgi',
    source:
      'huggingface/text-generation-inference docs/source/reference/metrics.md @ db931fcf42da018a3657580c64bf2720f167f9ab (tgi_batch_current_size and tgi_queue_size gauges; no KV-cache, preemption or prefix-cache metric)',
    path: '/metrics',
    contentType: 'text/plain; charset=utf-8',
    body: [
      '# TYPE tgi_batch_current_size gauge',
      'tgi_batch_current_size 5',
      '# TYPE tgi_queue_size gauge',
      'tgi_queue_size 11',
      '',
    ].join('\n'),
    expect: { running: 5, waiting: 11 },
  },
];

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

const json = (body: unknown) => ({ contentType: 'application/json', body: JSON.stringify(body) });
const prometheus = (lines: string[]) => ({
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  body: `${lines.join('\n')}\n`,
});

export const PROVENANCE: ProvenanceFixture[] = [
  {
    engine: 'vllm',
    source:
      'vllm-project/vllm vllm/v1/metrics/loggers.py @ 005a810bc40faa25b8870fbc8559c3462581eee3 (log_engine_initialized → log_metrics_info("cache_config"): an Info-style gauge vllm:cache_config_info set to 1, one label per CacheConfig field written with str(), so True/False/None as Python prints them); GET /version answers {"version"}; GET /v1/models cards carry max_model_len (vllm/entrypoints/openai/protocol.py ModelCard)',
    model: 'Qwen/Qwen3-8B',
    routes: {
      '/version': json({ version: '0.11.0' }),
      '/v1/models': json({
        object: 'list',
        data: [
          {
            id: 'Qwen/Qwen3-8B',
            object: 'model',
            created: 1764230000,
            owned_by: 'vllm',
            root: 'Qwen/Qwen3-8B',
            parent: null,
            max_model_len: 8192,
            permission: [],
          },
        ],
      }),
      '/metrics': prometheus([
        '# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig',
        '# TYPE vllm:cache_config_info gauge',
        'vllm:cache_config_info{block_size="16",cache_dtype="fp8",calculate_kv_scales="False",cpu_offload_gb="0",enable_prefix_caching="True",engine="0",gpu_memory_utilization="0.9",is_attention_free="False",num_cpu_blocks="None",num_gpu_blocks="27531",num_gpu_blocks_override="None",prefix_caching_hash_algo="sha256",sliding_window="None",swap_space="4"} 1.0',
        '# TYPE vllm:num_requests_running gauge',
        'vllm:num_requests_running{engine="0",model_name="Qwen/Qwen3-8B"} 0.0',
      ]),
    },
    expect: {
      name: 'vllm',
      version: '0.11.0',
      flags: {
        block_size: 16,
        cache_dtype: 'fp8',
        enable_prefix_caching: true,
        gpu_memory_utilization: 0.9,
        num_gpu_blocks: 27531,
        swap_space: 4,
        max_model_len: 8192,
      },
      absent: ['engine', 'num_cpu_blocks', 'sliding_window'],
      sources: ['vllm:cache_config_info', 'GET /v1/models'],
    },
  },
  {
    engine: 'sglang',
    source:
      'sgl-project/sglang python/sglang/srt/entrypoints/http_server.py @ 0025436eab0556737d615b36a4dd3e1e26e82f3d (get_server_info: dataclasses.asdict(server_args) merged with scheduler_info, internal_states per DP rank and "version"; server_args include api_key, which must never be kept); ModelCard.max_model_len in python/sglang/srt/entrypoints/openai/protocol.py',
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    routes: {
      '/get_server_info': json({
        model_path: 'meta-llama/Llama-3.1-8B-Instruct',
        tokenizer_path: 'meta-llama/Llama-3.1-8B-Instruct',
        host: '0.0.0.0',
        port: 30000,
        api_key: 'sk-do-not-store',
        admin_api_key: null,
        mem_fraction_static: 0.85,
        max_running_requests: 256,
        chunked_prefill_size: 8192,
        max_prefill_tokens: 16384,
        schedule_policy: 'fcfs',
        schedule_conservativeness: 1.0,
        tp_size: 2,
        dp_size: 1,
        kv_cache_dtype: 'auto',
        disable_radix_cache: false,
        attention_backend: 'flashinfer',
        cuda_graph_bs: [1, 2, 4, 8, 16],
        json_model_override_args: '{}',
        max_total_num_tokens: 421_336,
        max_req_input_len: 131_066,
        internal_states: [{ attention_backend: 'flashinfer', last_gen_throughput: 0.0 }],
        version: '0.5.4',
      }),
      '/v1/models': json({
        object: 'list',
        data: [
          {
            id: 'meta-llama/Llama-3.1-8B-Instruct',
            object: 'model',
            created: 1764230000,
            owned_by: 'sglang',
            root: 'meta-llama/Llama-3.1-8B-Instruct',
            max_model_len: 131072,
          },
        ],
      }),
    },
    expect: {
      name: 'sglang',
      version: '0.5.4',
      flags: {
        mem_fraction_static: 0.85,
        max_running_requests: 256,
        chunked_prefill_size: 8192,
        schedule_policy: 'fcfs',
        tp_size: 2,
        disable_radix_cache: false,
        cuda_graph_bs: '[1,2,4,8,16]',
        max_total_num_tokens: 421_336,
        max_model_len: 131072,
      },
      absent: ['api_key', 'admin_api_key', 'internal_states', 'version'],
      sources: ['GET /get_server_info', 'GET /v1/models'],
    },
  },
  {
    engine: 'trtllm-serve',
    source:
      'NVIDIA/TensorRT-LLM tensorrt_llm/serve/openai_server.py @ e7f7345e31e574b5d0918b756b871882c7346b3c (GET /version answers {"version": tensorrt_llm.__version__}; /v1/models cards owned_by "tensorrt_llm"; docs/source/commands/trtllm-serve.rst lists /version among the endpoints). It reports no flags in effect.',
    model: 'TinyLlama/TinyLlama-1.1B-Chat-v1.0',
    routes: {
      '/version': json({ version: '1.1.0rc2' }),
      '/v1/models': json({
        object: 'list',
        data: [{ id: 'TinyLlama/TinyLlama-1.1B-Chat-v1.0', object: 'model', created: 1, owned_by: 'tensorrt_llm' }],
      }),
    },
    expect: { name: 'tensorrt-llm', version: '1.1.0rc2', flags: {}, absent: [], sources: [] },
  },
  {
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
  },
  {
    engine: 'tgi',
    source:
      'huggingface/text-generation-inference router/src/lib.rs @ cdc005bcb0624b4202d8c05db184f85438cbb851 (GET /info answers struct Info: model_id, model_sha, model_pipeline_tag, max_concurrent_requests, max_best_of, max_stop_sequences, max_input_tokens, max_total_tokens, validation_workers, max_client_batch_size, router, version, sha, docker_label)',
    model: 'tgi',
    routes: {
      '/info': json({
        model_id: 'mistralai/Mistral-7B-Instruct-v0.3',
        model_sha: 'e0bc86c23ce5aae1db576c8cca6f06f1f73af2db',
        model_pipeline_tag: 'text-generation',
        max_concurrent_requests: 128,
        max_best_of: 2,
        max_stop_sequences: 4,
        max_input_tokens: 4095,
        max_total_tokens: 4096,
        validation_workers: 2,
        max_client_batch_size: 4,
        router: 'text-generation-router',
        version: '3.3.4',
        sha: 'f0d96d2b4e6e7c1e1c6d6a1b2c3d4e5f60718293',
        docker_label: 'sha-f0d96d2',
      }),
    },
    expect: {
      name: 'tgi',
      version: '3.3.4',
      flags: { max_concurrent_requests: 128, max_input_tokens: 4095, max_total_tokens: 4096 },
      absent: ['model_id', 'sha', 'docker_label', 'router'],
      sources: ['GET /info'],
    },
  },
  {
    engine: 'ollama',
    source:
      'ollama/ollama docs/api.md @ 9fbfa74219fa74d030c816cc99d3bee0d1c1923d (GET /api/version answers {"version"}; no endpoint reports the server flags in effect)',
    model: 'llama3.2',
    routes: {
      '/api/version': json({ version: '0.12.3' }),
      '/v1/models': json({
        object: 'list',
        data: [{ id: 'llama3.2', object: 'model', created: 1, owned_by: 'library' }],
      }),
    },
    expect: { name: 'ollama', version: '0.12.3', flags: {}, absent: [], sources: [] },
  },
];
