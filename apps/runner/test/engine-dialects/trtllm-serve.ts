// TensorRT-LLM (trtllm-serve)'s dialect: its streams, its /metrics and the answers its provenance is read from.
import { DONE, json, sse, type MetricsFixture, type ProvenanceFixture, type StreamFixture } from './shapes.ts';

/** The envelope of trtllm-serve's stream chunks in this recording. */
const TRTLLM_CHUNK = {
  id: 'chatcmpl-9',
  object: 'chat.completion.chunk',
  created: 3,
  model: 'm',
};

export const streams: StreamFixture[] = [
  {
    engine: 'trtllm-serve',
    name: 'chat: role-only opening, empty deltas, finish chunk, usage chunk',
    source:
      'NVIDIA/TensorRT-LLM tensorrt_llm/serve/openai_protocol.py @ 54cf7be08a3582024dfa6791e8bb8b2034bfad67 (ChatCompletionStreamResponse, DeltaMessage with reasoning_content, UsageInfo) and tensorrt_llm/serve/postprocess_handlers.py @ 7b437aaa73bf5a44b1102aee5c631074da763b8f (first chunk role only; usage chunk with choices [] when include_usage)',
    endpoint: 'chat',
    events: [
      sse({
        ...TRTLLM_CHUNK,
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
        ...TRTLLM_CHUNK,
        choices: [{ index: 0, delta: { content: '' }, logprobs: null, finish_reason: null, stop_reason: null }],
      }),
      sse({
        ...TRTLLM_CHUNK,
        choices: [{ index: 0, delta: { content: 'Hi' }, logprobs: null, finish_reason: null, stop_reason: null }],
      }),
      sse({
        ...TRTLLM_CHUNK,
        choices: [{ index: 0, delta: { content: ' there' }, logprobs: null, finish_reason: 'stop', stop_reason: null }],
      }),
      sse({
        ...TRTLLM_CHUNK,
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
];

export const metrics: MetricsFixture[] = [
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
];

export const provenance: ProvenanceFixture = {
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
};
