import { ENDPOINT_TYPES, type EndpointConfig, type EndpointType } from '../../bench/client.ts';
import { EndpointError, listModels } from '../../bench/endpoint-info.ts';
import { UsageError, type OptionSpec } from '../options.ts';

/** The serving endpoint under test: where it is, how to ask it, and how long to wait. */
export const endpointOptions = {
  'base-url': {
    kind: 'url',
    group: 'Endpoint',
    value: 'URL',
    default: 'http://127.0.0.1:8000',
    env: 'OPENAI_BASE_URL',
    help: 'OpenAI-compatible server to load (a trailing /v1 is fine); the default is the port vLLM and trtllm-serve listen on (SGLang: 30000, llama-server: 8080, Ollama: 11434).',
  },
  'endpoint-type': {
    kind: 'string',
    group: 'Endpoint',
    choices: ENDPOINT_TYPES,
    default: 'completions',
    help: 'completions sends /v1/completions, chat sends /v1/chat/completions; both stream.',
  },
  model: {
    kind: 'string',
    group: 'Endpoint',
    value: 'NAME',
    help: 'Model to request; by default the first one GET /v1/models lists.',
  },
  'api-key': {
    kind: 'string',
    group: 'Endpoint',
    value: 'KEY',
    env: 'OPENAI_API_KEY',
    secret: true,
    help: "Bearer key for the serving endpoint (not MakoOptimize's token).",
  },
  'request-timeout': {
    kind: 'number',
    group: 'Endpoint',
    value: 'SECONDS',
    min: 0.001,
    default: 600,
    help: 'A request without a complete answer by then counts as a timeout error.',
  },
  'ignore-eos': {
    kind: 'boolean',
    group: 'Endpoint',
    help: 'Send ignore_eos so that every request generates exactly its output length (vLLM, SGLang).',
  },
} as const satisfies Record<string, OptionSpec>;

/** Finds the model to request when none was given, and checks a given one against /v1/models. */
export async function resolveEndpoint(o: {
  'base-url': string;
  'endpoint-type': EndpointType;
  model?: string | undefined;
  'api-key'?: string | undefined;
  'request-timeout': number;
  'ignore-eos': boolean;
}): Promise<{ endpoint: EndpointConfig; ownedBy: string | null; warnings: string[] }> {
  const warnings: string[] = [];
  let models;
  try {
    models = await listModels(o['base-url'], o['api-key']);
  } catch (error) {
    if (error instanceof EndpointError)
      throw new UsageError(`${error.message}. Is the server running? Check --base-url.`);
    throw error;
  }
  let model = o.model;
  if (!model) {
    model = models?.ids[0];
    if (!model)
      throw new UsageError(`Could not list the models of ${o['base-url']} (GET /v1/models); pass --model NAME`);
  } else if (models && models.ids.length > 0 && !models.ids.includes(model)) {
    throw new UsageError(`--model '${model}' is not served by ${o['base-url']}; it serves: ${models.ids.join(', ')}`);
  } else if (!models) warnings.push(`GET /v1/models did not answer; using --model ${model} unchecked`);
  return {
    endpoint: {
      baseUrl: o['base-url'],
      type: o['endpoint-type'],
      model,
      ignoreEos: o['ignore-eos'],
      timeoutMs: o['request-timeout'] * 1000,
      ...(o['api-key'] ? { apiKey: o['api-key'] } : {}),
    },
    ownedBy: models?.ownedBy ?? null,
    warnings,
  };
}
