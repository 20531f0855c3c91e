// Text Generation Inference's dialect: its streams, its /metrics and the answers its provenance is read from.
import {
  failedAfterFirstText,
  json,
  sse,
  type MetricsFixture,
  type ProvenanceFixture,
  type StreamFixture,
} from './shapes.ts';

/** The envelope of TGI's stream chunks in this recording (an empty id, as TGI sends it). */
const TGI_CHUNK = {
  object: 'chat.completion.chunk',
  id: '',
  created: 5,
  model: 'tgi',
  system_fingerprint: '3.3.6-native',
};

export const streams: StreamFixture[] = [
  {
    engine: 'tgi',
    name: 'Messages API: data: without a space, role on every delta, keep-alive comments, length, usage chunk with an empty id',
    source:
      'huggingface/text-generation-inference @ db931fcf42da018a3657580c64bf2720f167f9ab: router/src/server.rs (axum Sse with KeepAlive::default, which sends ":" comment lines; data:[DONE] last), router/src/chat.rs (usage chunk with id "" and choices []), router/src/lib.rs (TextMessage delta {role, content}); docs/source/basic_tutorials/visual_language_models.md shows data:{…} without a space',
    endpoint: 'chat',
    events: [
      sse(
        {
          ...TGI_CHUNK,
          choices: [{ index: 0, delta: { role: 'assistant', content: 'Deep' }, logprobs: null, finish_reason: null }],
          usage: null,
        },
        '',
      ),
      ':\n\n',
      sse(
        {
          ...TGI_CHUNK,
          choices: [
            { index: 0, delta: { role: 'assistant', content: ' learning' }, logprobs: null, finish_reason: 'length' },
          ],
          usage: null,
        },
        '',
      ),
      sse(
        {
          ...TGI_CHUNK,
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
          ...TGI_CHUNK,
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
    expect: failedAfterFirstText('The'),
  },
];

export const metrics: MetricsFixture[] = [
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

export const provenance: ProvenanceFixture = {
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
};
