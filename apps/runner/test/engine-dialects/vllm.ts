// vLLM's dialect: its streams, its /metrics and the answers its provenance is read from.
import {
  DONE,
  failedAfterFirstText,
  json,
  prometheus,
  sse,
  type MetricsFixture,
  type ProvenanceFixture,
  type StreamFixture,
} from './shapes.ts';

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

export const streams: StreamFixture[] = [
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
    expect: failedAfterFirstText('Once'),
  },
];

export const metrics: MetricsFixture[] = [
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
];

export const provenance: ProvenanceFixture = {
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
};
