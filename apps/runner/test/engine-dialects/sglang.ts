// SGLang's dialect: its streams, its /metrics and the answers its provenance is read from.
import { DONE, json, sse, type MetricsFixture, type ProvenanceFixture, type StreamFixture } from './shapes.ts';

/** The envelope of SGLang's stream chunks in this recording. */
const SGLANG_CHUNK = {
  id: 'a1',
  object: 'chat.completion.chunk',
  created: 2,
  model: 'm',
};

export const streams: StreamFixture[] = [
  {
    engine: 'sglang',
    name: 'chat: reasoning_content, length, usage chunk with cached tokens (--enable-cache-report)',
    source:
      'sgl-project/sglang python/sglang/srt/entrypoints/openai/serving_chat.py @ 0c078e6f42685e4918bd79a94a025261c7f38942 (delta.reasoning_content from the reasoning parser; matched_stop on each choice; the usage chunk last with choices [])',
    endpoint: 'chat',
    events: [
      sse({
        ...SGLANG_CHUNK,
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
        ...SGLANG_CHUNK,
        choices: [
          { index: 0, delta: { reasoning_content: 'Think' }, logprobs: null, finish_reason: null, matched_stop: null },
        ],
        usage: null,
      }),
      sse({
        ...SGLANG_CHUNK,
        choices: [{ index: 0, delta: { content: 'Answer' }, logprobs: null, finish_reason: null, matched_stop: null }],
        usage: null,
      }),
      sse({
        ...SGLANG_CHUNK,
        choices: [{ index: 0, delta: { content: '' }, logprobs: null, finish_reason: 'length', matched_stop: null }],
        usage: null,
      }),
      sse({
        ...SGLANG_CHUNK,
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
];

export const metrics: MetricsFixture[] = [
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
];

export const provenance: ProvenanceFixture = {
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
};
