// Ollama's dialect: its streams, its /metrics and the answers its provenance is read from.
import { DONE, json, sse, type MetricsFixture, type ProvenanceFixture, type StreamFixture } from './shapes.ts';

/** The envelope of Ollama's stream chunks in this recording. */
const OLLAMA_CHUNK = {
  id: 'chatcmpl-42',
  object: 'chat.completion.chunk',
  created: 6,
  model: 'qwen3',
  system_fingerprint: 'fp_ollama',
};

export const streams: StreamFixture[] = [
  {
    engine: 'ollama',
    name: 'chat: role with the first text, reasoning field, empty finish delta, length, usage chunk',
    source:
      'ollama/ollama @ fb30760996871fa9460115c753afd2c60d4ab0f7: openai/openai.go (Delta{role, content, reasoning}; role only on the first chunk; FinishChunk with an empty delta), middleware/openai.go (data: prefix, usage chunk with choices [] only when stream_options.include_usage, data: [DONE])',
    endpoint: 'chat',
    events: [
      sse({
        ...OLLAMA_CHUNK,
        choices: [{ index: 0, delta: { role: 'assistant', content: '', reasoning: 'Let me' }, finish_reason: null }],
      }),
      sse({
        ...OLLAMA_CHUNK,
        choices: [{ index: 0, delta: { content: 'Yes' }, finish_reason: null }],
      }),
      sse({
        ...OLLAMA_CHUNK,
        choices: [{ index: 0, delta: {}, finish_reason: 'length' }],
      }),
      sse({
        ...OLLAMA_CHUNK,
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
        // Another request: the same envelope under its own id (the key keeps its place on the wire).
        ...OLLAMA_CHUNK,
        id: 'chatcmpl-43',
        choices: [{ index: 0, delta: { role: 'assistant', content: 'one two' }, finish_reason: null }],
      }),
      sse({
        ...OLLAMA_CHUNK,
        id: 'chatcmpl-43',
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

/** No /metrics fixture is recorded for this engine. */
export const metrics: MetricsFixture[] = [];

export const provenance: ProvenanceFixture = {
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
};
