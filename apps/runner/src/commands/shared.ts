import { hostname } from 'node:os';
import { RUNTIMES, type HardwareConfig, type Runtime, type RuntimeOptions, type Slo } from '@mako/contract';
import { API_URL_MISSING, MakoApi } from '../api/client.ts';
import { RAMP_STRATEGIES, type RampStrategy, type RampUp } from '../bench/arrivals.ts';
import { ENDPOINT_TYPES, type EndpointConfig, type EndpointType } from '../bench/client.ts';
import { DATASET_KINDS, type DatasetKind, type DatasetSpec } from '../bench/datasets.ts';
import { EndpointError, detectRuntime, listModels } from '../bench/endpoint-info.ts';
import { charEstimate, loadTokenCounter, TokenizerError, type TokenCounter } from '../bench/tokens.ts';
import { UsageError, type OptionSpec } from '../cli/options.ts';
import { detectHardware, formatHardware, parseHardware, parseRuntimeOptions, parseSlo } from '../setting.ts';

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

export const datasetOptions = {
  dataset: {
    kind: 'string',
    group: 'Dataset',
    choices: DATASET_KINDS,
    default: 'random',
    help: 'random: random prompts within the length bounds; sharegpt: a ShareGPT JSON file; shared-prefix: groups of prompts sharing a long prefix; custom: JSON Lines {"prompt", "output_tokens"}; multi-turn: conversations sent turn by turn with their history to the chat endpoint (synthetic, or a ShareGPT file with --dataset-path); trace: a Mooncake-style trace replayed at its timestamps (JSON Lines {"timestamp" ms, "input_length", "output_length", "hash_ids"?}).',
  },
  'dataset-path': {
    kind: 'string',
    group: 'Dataset',
    value: 'FILE',
    help: 'The file for --dataset sharegpt, custom or trace (required), or multi-turn (a ShareGPT file; synthetic without it).',
  },
  'prompt-len': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 1,
    help: 'Prompt tokens (sets --min-prompt and --max-prompt; random default 1024).',
  },
  'output-len': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 1,
    help: 'Output tokens to ask for (sets --min-output and --max-output; random default 128; for sharegpt and custom it replaces the recorded length).',
  },
  'min-prompt': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 0,
    help: 'Shortest prompt in tokens (sharegpt: a filter, default 4).',
  },
  'max-prompt': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 1,
    help: 'Longest prompt in tokens (sharegpt: a filter, default 1024).',
  },
  'min-output': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 1,
    help: 'Shortest output in tokens (sharegpt: a filter, default 4).',
  },
  'max-output': { kind: 'int', group: 'Dataset', value: 'N', min: 1, help: 'Longest output in tokens.' },
  'max-seq-length': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 2,
    help: 'sharegpt: leave out pairs longer than this in total (default 2048).',
  },
  'num-prefixes': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 1,
    default: 8,
    help: 'shared-prefix: number of distinct shared prefixes.',
  },
  'prefix-len': {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 0,
    help: 'shared-prefix: tokens in each shared prefix (default 90 % of --min-prompt).',
  },
  turns: {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 1,
    max: 1000,
    help: 'multi-turn: user turns per synthetic conversation (default 3), or the most taken from each ShareGPT conversation.',
  },
  tokenizer: {
    kind: 'string',
    group: 'Dataset',
    value: 'PATH',
    help: "Directory or tokenizer.json used to count tokens when the endpoint reports no usage; by default the model's tokenizer from a local model directory or the Hugging Face cache (never downloaded); 'none' to use characters/4.",
  },
  seed: {
    kind: 'int',
    group: 'Dataset',
    value: 'N',
    min: 0,
    default: 0,
    help: 'Seed for prompts and arrival times: the same seed gives the same run.',
  },
} as const satisfies Record<string, OptionSpec>;

export const loadOptions = {
  'num-requests': { kind: 'int', group: 'Load', value: 'N', min: 1, default: 1000, help: 'Requests to measure.' },
  'request-rate': {
    kind: 'rate',
    group: 'Load',
    default: 'inf',
    help: "Mean arrival rate in requests/s, or 'inf' to send everything at once.",
  },
  burstiness: {
    kind: 'number',
    group: 'Load',
    value: 'B',
    min: 0.01,
    max: 100,
    default: 1,
    help: 'Shape of the gamma-distributed gaps between arrivals: 1 is Poisson, below 1 burstier, above 1 more regular; the mean rate stays --request-rate.',
  },
  'think-time': {
    kind: 'number',
    group: 'Load',
    value: 'SECONDS',
    min: 0,
    default: 1,
    help: "multi-turn: pause between an answer and the conversation's next turn. --num-requests, --request-rate and --max-concurrency count conversations.",
  },
  'time-scale': {
    kind: 'number',
    group: 'Load',
    value: 'X',
    min: 0.000001,
    max: 1_000_000,
    default: 1,
    help: '--dataset trace: multiply the timestamps by X (0.5 replays the trace twice as fast, 2 at half speed); --request-rate and --burstiness are not used with a trace.',
  },
  'max-concurrency': {
    kind: 'int',
    group: 'Load',
    value: 'N',
    min: 1,
    help: 'At most this many requests in flight; later arrivals wait for a free slot.',
  },
  warmup: {
    kind: 'int',
    group: 'Load',
    value: 'N',
    min: 0,
    default: 0,
    help: 'Warm-up requests sent (and discarded) before the measured ones.',
  },
} as const satisfies Record<string, OptionSpec>;

export const rampOptions = {
  'ramp-up-strategy': {
    kind: 'string',
    group: 'Load',
    choices: RAMP_STRATEGIES,
    help: 'Ramp the load up instead of starting at full load: with --ramp-up-start-rps/--ramp-up-end-rps the request rate (as vllm bench serve), with --ramp-up-duration the concurrency cap. linear: equal steps; exponential: equal ratios.',
  },
  'ramp-up-start-rps': {
    kind: 'number',
    group: 'Load',
    value: 'R',
    min: 0.001,
    help: "Rate ramp: the first request's rate in req/s; the rate moves to --ramp-up-end-rps over the run's requests (replaces --request-rate).",
  },
  'ramp-up-end-rps': {
    kind: 'number',
    group: 'Load',
    value: 'R',
    min: 0.001,
    help: "Rate ramp: the last request's rate in req/s.",
  },
  'ramp-up-duration': {
    kind: 'number',
    group: 'Load',
    value: 'SECONDS',
    min: 0.001,
    help: 'Concurrency ramp: the cap grows from 1 to --max-concurrency over this many seconds, then stays there.',
  },
} as const satisfies Record<string, OptionSpec>;

/** The ramp-up flags as one ramp, or null; mixed or incomplete combinations are usage errors. */
export function resolveRampUp(o: {
  'ramp-up-strategy'?: RampStrategy | undefined;
  'ramp-up-start-rps'?: number | undefined;
  'ramp-up-end-rps'?: number | undefined;
  'ramp-up-duration'?: number | undefined;
  'max-concurrency'?: number | undefined;
  dataset: DatasetKind;
}): RampUp | null {
  const strategy = o['ramp-up-strategy'];
  const start = o['ramp-up-start-rps'];
  const end = o['ramp-up-end-rps'];
  const duration = o['ramp-up-duration'];
  const rateRamp = start !== undefined || end !== undefined;
  if (!strategy) {
    if (rateRamp || duration !== undefined)
      throw new UsageError('--ramp-up-start-rps, --ramp-up-end-rps and --ramp-up-duration need --ramp-up-strategy');
    return null;
  }
  if (o.dataset === 'trace')
    throw new UsageError('--ramp-up-strategy does not apply to --dataset trace: the trace sets the arrival times');
  if (rateRamp && duration !== undefined)
    throw new UsageError(
      'Ramp either the rate (--ramp-up-start-rps and --ramp-up-end-rps) or the concurrency (--ramp-up-duration), not both',
    );
  if (rateRamp) {
    if (start === undefined || end === undefined)
      throw new UsageError('A rate ramp needs both --ramp-up-start-rps and --ramp-up-end-rps');
    return { strategy, startRps: start, endRps: end };
  }
  if (duration === undefined)
    throw new UsageError(
      '--ramp-up-strategy needs --ramp-up-start-rps and --ramp-up-end-rps (rate) or --ramp-up-duration (concurrency)',
    );
  if (o['max-concurrency'] === undefined)
    throw new UsageError('--ramp-up-duration ramps the concurrency cap: give it with --max-concurrency N');
  return { strategy, durationS: duration };
}

export const resultOptions = {
  slo: {
    kind: 'string',
    group: 'Results',
    value: 'SLO',
    help: 'Goodput targets in ms, e.g. ttft_ms=200,tpot_ms=50,e2el_ms=8000: requests/s that met every one (vLLM --goodput).',
  },
  output: { kind: 'string', group: 'Results', value: 'FILE', help: 'Write the results as JSON to FILE.' },
  'save-requests': {
    kind: 'boolean',
    group: 'Results',
    help: 'Include every request (lengths, latencies, errors) in the --output file.',
  },
  quiet: { kind: 'boolean', group: 'Results', help: 'No progress on stderr.' },
} as const satisfies Record<string, OptionSpec>;

export const apiOptions = {
  'api-url': {
    kind: 'url',
    group: 'MakoOptimize',
    value: 'URL',
    env: 'MAKO_API_URL',
    help: "The MakoOptimize API, e.g. https://mako.example.com/api/v1 (no default: the server's usual port 8000 is also vLLM's). Checked with GET /users/me before any load is sent.",
  },
  token: {
    kind: 'string',
    group: 'MakoOptimize',
    value: 'TOKEN',
    env: 'MAKO_TOKEN',
    secret: true,
    help: 'API token from the Tokens page, sent as a bearer token; never printed. Prefer the environment variable: flags show up in ps.',
  },
} as const satisfies Record<string, OptionSpec>;

export const settingOptions = {
  post: {
    kind: 'boolean',
    group: 'MakoOptimize',
    help: 'Upload the results to /api/v1/benchmarks (needs a token). Nothing is uploaded without this flag, even with MAKO_TOKEN set.',
  },
  'post-failed': {
    kind: 'boolean',
    group: 'MakoOptimize',
    help: 'With --post: upload a run even when more than 5 % of its requests failed (such a run still exits 1). Without it, a failing run is not posted.',
  },
  hardware: {
    kind: 'string',
    group: 'MakoOptimize',
    value: '"Nx NAME"',
    help: 'Accelerators serving the model, e.g. "8x H100"; by default detected with nvidia-smi or rocm-smi.',
  },
  runtime: {
    kind: 'string',
    group: 'MakoOptimize',
    choices: RUNTIMES,
    help: "Serving engine; by default detected from the endpoint's /v1/models owner.",
  },
  'runtime-version': {
    kind: 'string',
    group: 'MakoOptimize',
    value: 'VERSION',
    help: "Engine version; by default the endpoint's /version (vLLM) or /get_server_info (SGLang).",
  },
  'runtime-option': {
    kind: 'string',
    group: 'MakoOptimize',
    value: 'NAME=VALUE',
    multiple: true,
    help: 'An engine flag the server runs with, e.g. max_num_seqs=256, or a JSON object of them.',
  },
  'gpu-cost-per-hour': {
    kind: 'number',
    group: 'MakoOptimize',
    value: 'USD',
    min: 0,
    help: 'Price of one accelerator-hour; gives the cost per million output tokens.',
  },
  publish: {
    kind: 'boolean',
    group: 'MakoOptimize',
    help: 'Make the posted benchmark visible to everyone in the search.',
  },
  notes: { kind: 'string', group: 'MakoOptimize', value: 'TEXT', help: 'Free text stored with the benchmark.' },
} as const satisfies Record<string, OptionSpec>;

interface DatasetFlags {
  dataset: DatasetKind;
  'dataset-path'?: string | undefined;
  'prompt-len'?: number | undefined;
  'output-len'?: number | undefined;
  'min-prompt'?: number | undefined;
  'max-prompt'?: number | undefined;
  'min-output'?: number | undefined;
  'max-output'?: number | undefined;
  'max-seq-length'?: number | undefined;
  'num-prefixes': number;
  'prefix-len'?: number | undefined;
  turns?: number | undefined;
  seed: number;
}

/** Multi-turn conversations need roles, so only the chat endpoint can carry them. */
export function checkEndpointForDataset(dataset: DatasetKind, type: EndpointType): void {
  if (dataset === 'multi-turn' && type !== 'chat')
    throw new UsageError('--dataset multi-turn sends conversations: it needs --endpoint-type chat');
}

/** The dataset flags with each dataset's defaults (vLLM's for random and ShareGPT). */
export function resolveDataset(o: DatasetFlags): { spec: DatasetSpec; maxSeq: number } {
  const fileBased =
    o.dataset === 'sharegpt' ||
    o.dataset === 'custom' ||
    o.dataset === 'trace' ||
    Boolean(o['dataset-path'] && o.dataset === 'multi-turn');
  const defaults = fileBased
    ? { minPrompt: 4, maxPrompt: 1024, minOutput: 4, maxOutput: 1_000_000 }
    : { minPrompt: 1024, maxPrompt: 1024, minOutput: 128, maxOutput: 128 };
  const pick = (exact: number | undefined, specific: number | undefined, fallback: number) =>
    specific ?? exact ?? fallback;
  const spec: DatasetSpec = {
    kind: o.dataset,
    minPrompt: pick(o['prompt-len'], o['min-prompt'], defaults.minPrompt),
    maxPrompt: pick(o['prompt-len'], o['max-prompt'], defaults.maxPrompt),
    minOutput: fileBased
      ? (o['min-output'] ?? defaults.minOutput)
      : pick(o['output-len'], o['min-output'], defaults.minOutput),
    maxOutput: fileBased
      ? (o['max-output'] ?? defaults.maxOutput)
      : pick(o['output-len'], o['max-output'], defaults.maxOutput),
    numPrefixes: o['num-prefixes'],
    seed: o.seed,
    ...(o['dataset-path'] ? { path: o['dataset-path'] } : {}),
    ...(o['prefix-len'] !== undefined ? { prefixLen: o['prefix-len'] } : {}),
    ...(fileBased && o['output-len'] !== undefined ? { fixedOutput: o['output-len'] } : {}),
  };
  if (o.dataset === 'trace') {
    const lengthFlag = (
      ['prompt-len', 'output-len', 'min-prompt', 'max-prompt', 'min-output', 'max-output', 'max-seq-length'] as const
    ).find((flag) => o[flag] !== undefined);
    if (lengthFlag)
      throw new UsageError(
        `--${lengthFlag} does not apply to --dataset trace: every line gives its own input_length and output_length`,
      );
  }
  if (o.turns !== undefined && o.dataset !== 'multi-turn')
    throw new UsageError(`--turns is only used with --dataset multi-turn (got --dataset ${o.dataset})`);
  if (o.dataset === 'multi-turn' && o.turns !== undefined) spec.turns = o.turns;
  if (fileBased && !spec.path) throw new UsageError(`--dataset ${o.dataset} needs --dataset-path FILE`);
  if (!fileBased && o['dataset-path'] && o.dataset !== 'multi-turn')
    throw new UsageError(
      `--dataset-path is only used with --dataset sharegpt, custom or trace (got --dataset ${o.dataset})`,
    );
  if (spec.minPrompt > spec.maxPrompt)
    throw new UsageError(`--min-prompt ${spec.minPrompt} exceeds --max-prompt ${spec.maxPrompt}`);
  if (spec.minOutput > spec.maxOutput)
    throw new UsageError(`--min-output ${spec.minOutput} exceeds --max-output ${spec.maxOutput}`);
  return { spec, maxSeq: o['max-seq-length'] ?? (fileBased ? 2048 : Number.MAX_SAFE_INTEGER) };
}

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

export function resolveCounter(tokenizer: string | undefined, model: string): TokenCounter {
  try {
    return loadTokenCounter(tokenizer, model) ?? charEstimate;
  } catch (error) {
    if (error instanceof TokenizerError) throw new UsageError(error.message);
    throw error;
  }
}

export function resolveSlo(text: string | undefined): Slo | null {
  return text === undefined ? null : parseSlo(text);
}

export function makeApi(o: { 'api-url'?: string | undefined; token?: string | undefined }): MakoApi {
  if (!o['api-url']) throw new UsageError(API_URL_MISSING);
  return new MakoApi({ baseUrl: o['api-url'], token: o.token });
}

/** A name that tells the user's runners apart in the session's lease list. */
export function defaultRunnerName(): string {
  return `${hostname()}-${process.pid}`;
}

export interface ResolvedSetting {
  hardware: HardwareConfig;
  runtime: Runtime;
  version: string;
  runtimeOptions: RuntimeOptions;
}

/** What a posted benchmark records besides its metrics: detected where possible, flags win. */
export async function resolveSetting(
  o: {
    hardware?: string | undefined;
    runtime?: Runtime | undefined;
    'runtime-version'?: string | undefined;
    'runtime-option': string[];
    'base-url': string;
    'api-key'?: string | undefined;
  },
  ownedBy: string | null,
): Promise<ResolvedSetting> {
  const runtimeOptions = parseRuntimeOptions(o['runtime-option']);
  let hardware: HardwareConfig;
  if (o.hardware) hardware = parseHardware(o.hardware);
  else {
    const found = await detectHardware();
    if (!found)
      throw new UsageError(
        'No accelerator found with nvidia-smi or rocm-smi: pass --hardware "Nx NAME", e.g. --hardware "8x H100"',
      );
    hardware = { count: found.count, name: found.name };
  }
  const detected =
    o.runtime && o['runtime-version']
      ? {}
      : await detectRuntime(o['base-url'], ownedBy === null ? null : { ids: [], ownedBy }, o['api-key']);
  const runtime = o.runtime ?? detected.runtime;
  if (!runtime)
    throw new UsageError(`Cannot tell which engine serves ${o['base-url']}: pass --runtime ${RUNTIMES.join('|')}`);
  const version = o['runtime-version'] ?? detected.version;
  if (!version)
    throw new UsageError(
      `Cannot tell the ${runtime} version of ${o['base-url']}: pass --runtime-version, e.g. --runtime-version 0.11.0`,
    );
  return { hardware, runtime, version, runtimeOptions };
}

export function describeSetting(s: ResolvedSetting): string {
  return `${formatHardware(s.hardware)} · ${s.runtime} ${s.version}`;
}
