import type { EndpointType } from '../../bench/client.ts';
import { DATASET_KINDS, type DatasetKind, type DatasetSpec } from '../../bench/datasets.ts';
import { charEstimate, loadTokenCounter, TokenizerError, type TokenCounter } from '../../bench/tokens.ts';
import { UsageError, type OptionSpec } from '../options.ts';

/** What the prompts are, how long, and how their tokens are counted. */
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

export function resolveCounter(tokenizer: string | undefined, model: string): TokenCounter {
  try {
    return loadTokenCounter(tokenizer, model) ?? charEstimate;
  } catch (error) {
    if (error instanceof TokenizerError) throw new UsageError(error.message);
    throw error;
  }
}
