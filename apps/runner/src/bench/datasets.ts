import { DATASET_KINDS, type DatasetKind } from '@mako/contract/vocabulary';
import { z } from 'zod';
import { readDatasetFile } from './dataset-file.ts';
import { Rng } from './random.ts';
import type { TokenCounter } from './tokens.ts';
import type { BenchRequest, Turn } from './request.ts';
import { readTrace, traceRequests, TraceError } from './trace.ts';
import { WORDS } from './words.ts';

// The kinds are the contract's, so the dialog and the search form offer exactly what this runner generates.
export { DATASET_KINDS, type DatasetKind };

export type { BenchRequest, Turn } from './request.ts';

export interface DatasetSpec {
  kind: DatasetKind;
  path?: string;
  minPrompt: number;
  maxPrompt: number;
  minOutput: number;
  maxOutput: number;
  /** shared-prefix: number of distinct prefixes (groups). */
  numPrefixes: number;
  /** shared-prefix: tokens in each shared prefix; by default 90 % of the shortest prompt. */
  prefixLen?: number;
  /** sharegpt and custom: ask for this many output tokens instead of the reply's length. */
  fixedOutput?: number;
  /** multi-turn: user turns per synthetic conversation, or the most taken from a ShareGPT conversation. */
  turns?: number;
  seed: number;
}

export class DatasetError extends Error {}

/** Random words to about `tokens` tokens; with a real tokenizer the length is corrected until it matches. */
function randomText(rng: Rng, tokens: number, counter: TokenCounter): string {
  if (tokens <= 0) return '';
  const words: string[] = [];
  for (let i = 0; i < tokens; i++) words.push(WORDS[rng.int(0, WORDS.length - 1)] as string);
  if (!counter.exact) return words.join(' ');
  // A real tokenizer may split words: scale the word count by the measured ratio until it fits.
  for (let attempt = 0; attempt < 8; attempt++) {
    const have = counter.count(words.join(' '));
    if (have === tokens) break;
    const wanted = Math.max(1, Math.round((words.length * tokens) / have));
    const next = wanted === words.length ? words.length + (have > tokens ? -1 : 1) : wanted;
    if (next < 1) break;
    if (next < words.length) words.length = next;
    else while (words.length < next) words.push(WORDS[rng.int(0, WORDS.length - 1)] as string);
  }
  return words.join(' ');
}

function randomDataset(spec: DatasetSpec, count: number, counter: TokenCounter, rng: Rng): BenchRequest[] {
  const out: BenchRequest[] = [];
  for (let i = 0; i < count; i++) {
    const promptLen = rng.int(spec.minPrompt, spec.maxPrompt);
    const prompt = randomText(rng, promptLen, counter);
    out.push({
      prompt,
      promptTokens: counter.count(prompt, { special: false }),
      outputTokens: rng.int(spec.minOutput, spec.maxOutput),
    });
  }
  return out;
}

/**
 * Prompts in groups that share a long prefix (a system prompt, few-shot examples, a document),
 * followed by a unique question: the workload that prefix caching and radix attention speed up.
 */
function sharedPrefixDataset(spec: DatasetSpec, count: number, counter: TokenCounter, rng: Rng): BenchRequest[] {
  const prefixLen = spec.prefixLen ?? Math.floor(spec.minPrompt * 0.9);
  if (prefixLen > spec.minPrompt)
    throw new DatasetError(
      `--prefix-len ${prefixLen} is longer than the shortest prompt (--min-prompt ${spec.minPrompt})`,
    );
  const prefixes = Array.from({ length: spec.numPrefixes }, () => randomText(rng, prefixLen, counter));
  const out: BenchRequest[] = [];
  for (let i = 0; i < count; i++) {
    const system = prefixes[i % prefixes.length] as string;
    const prompt = randomText(rng, rng.int(spec.minPrompt, spec.maxPrompt) - prefixLen, counter);
    const promptTokens = counter.count(system) + counter.count(prompt);
    out.push({ system, prompt, promptTokens, outputTokens: rng.int(spec.minOutput, spec.maxOutput) });
  }
  return rng.shuffle(out);
}

const ShareGptFile = z.array(
  z.looseObject({
    conversations: z.array(z.looseObject({ from: z.string(), value: z.string() })).optional(),
  }),
);

function readJson(path: string): unknown {
  const text = readDatasetFile(path, DatasetError);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DatasetError(`--dataset-path ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * A ShareGPT export: the first turn of each conversation is the prompt and the reply's length is
 * the output length. As in `vllm bench serve`, pairs outside the prompt bounds or longer than
 * --max-seq-length in total are left out, and the sample is drawn with the seed.
 */
function shareGptDataset(
  spec: DatasetSpec,
  count: number,
  counter: TokenCounter,
  rng: Rng,
  maxSeq: number,
): BenchRequest[] {
  if (!spec.path) throw new DatasetError('--dataset sharegpt needs --dataset-path FILE (a ShareGPT JSON file)');
  const parsed = ShareGptFile.safeParse(readJson(spec.path));
  if (!parsed.success)
    throw new DatasetError(
      `--dataset-path ${spec.path} is not a ShareGPT file: expected an array of {conversations: [{from, value}]}`,
    );
  const pool: BenchRequest[] = [];
  for (const entry of parsed.data) {
    const turns = entry.conversations ?? [];
    if (turns.length < 2) continue;
    const prompt = (turns[0] as { value: string }).value;
    const reply = (turns[1] as { value: string }).value;
    const promptTokens = counter.count(prompt);
    const outputTokens = spec.fixedOutput ?? counter.count(reply);
    if (promptTokens < spec.minPrompt || promptTokens > spec.maxPrompt) continue;
    if (outputTokens < spec.minOutput || outputTokens > spec.maxOutput) continue;
    if (promptTokens + outputTokens > maxSeq) continue;
    pool.push({ prompt, promptTokens, outputTokens });
  }
  return sample(pool, count, rng, spec.path);
}

/**
 * Conversations of several user turns. Synthetic (no path): --turns turns each, prompts and
 * outputs within the length bounds. From a ShareGPT file: each conversation's user turns (up to
 * --turns), each asking for its recorded reply's length; conversations with one turn are left out.
 * The assistant's turns in the history are the endpoint's own answers, sent as the run goes.
 */
function multiTurnDataset(spec: DatasetSpec, count: number, counter: TokenCounter, rng: Rng): BenchRequest[] {
  const most = spec.turns ?? 3;
  const conversations: Turn[][] = [];
  if (!spec.path) {
    if (spec.minPrompt < 1) throw new DatasetError('--min-prompt must be at least 1');
    for (let i = 0; i < count; i++)
      conversations.push(
        Array.from({ length: most }, () => {
          const prompt = randomText(rng, rng.int(spec.minPrompt, spec.maxPrompt), counter);
          return {
            prompt,
            promptTokens: counter.count(prompt, { special: false }),
            outputTokens: rng.int(spec.minOutput, spec.maxOutput),
          };
        }),
      );
  } else {
    const parsed = ShareGptFile.safeParse(readJson(spec.path));
    if (!parsed.success)
      throw new DatasetError(
        `--dataset-path ${spec.path} is not a ShareGPT file: expected an array of {conversations: [{from, value}]}`,
      );
    const pool: Turn[][] = [];
    for (const entry of parsed.data) {
      const turns: Turn[] = [];
      const messages = entry.conversations ?? [];
      for (let k = 0; k + 1 < messages.length && turns.length < most; k++) {
        const [user, reply] = [messages[k], messages[k + 1]] as { from: string; value: string }[];
        if (!/^(human|user)$/.test(user!.from) || !/^(gpt|assistant|chatgpt|bard|bing)$/.test(reply!.from)) continue;
        turns.push({
          prompt: user!.value,
          promptTokens: counter.count(user!.value),
          outputTokens: Math.max(1, spec.fixedOutput ?? Math.min(spec.maxOutput, counter.count(reply!.value))),
        });
        k++;
      }
      if (turns.length >= 2) pool.push(turns);
    }
    if (pool.length === 0)
      throw new DatasetError(`--dataset-path ${spec.path} has no conversation with two user turns`);
    while (conversations.length < count)
      conversations.push(...rng.shuffle([...pool]).slice(0, count - conversations.length));
  }
  return conversations.map((turns) => ({ ...(turns[0] as Turn), turns }));
}

const CustomLine = z.object({ prompt: z.string().min(1), output_tokens: z.number().int().min(1).optional() });

/** JSON Lines of {"prompt": "...", "output_tokens": 128}; output_tokens falls back to --max-output. */
function customDataset(spec: DatasetSpec, count: number, counter: TokenCounter, rng: Rng): BenchRequest[] {
  if (!spec.path)
    throw new DatasetError('--dataset custom needs --dataset-path FILE (JSON Lines with a "prompt" field)');
  const text = readDatasetFile(spec.path, DatasetError);
  const pool: BenchRequest[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new DatasetError(`--dataset-path ${spec.path} line ${index + 1} is not valid JSON`);
    }
    const row = CustomLine.safeParse(value);
    if (!row.success)
      throw new DatasetError(
        `--dataset-path ${spec.path} line ${index + 1}: expected {"prompt": string, "output_tokens"?: integer}`,
      );
    pool.push({
      prompt: row.data.prompt,
      promptTokens: counter.count(row.data.prompt),
      outputTokens: spec.fixedOutput ?? row.data.output_tokens ?? spec.maxOutput,
    });
  });
  return sample(pool, count, rng, spec.path);
}

/** Draws `count` entries; a pool smaller than that is reused in shuffled rounds. */
function sample(pool: BenchRequest[], count: number, rng: Rng, path: string): BenchRequest[] {
  if (pool.length === 0)
    throw new DatasetError(`--dataset-path ${path} has no usable entries within the prompt and output bounds`);
  const out: BenchRequest[] = [];
  while (out.length < count) out.push(...rng.shuffle([...pool]).slice(0, count - out.length));
  return out;
}

/** Builds `count` requests; the same spec and seed always give the same requests. */
export function buildRequests(
  spec: DatasetSpec,
  count: number,
  counter: TokenCounter,
  maxSeq = Number.MAX_SAFE_INTEGER,
): BenchRequest[] {
  if (spec.minPrompt > spec.maxPrompt)
    throw new DatasetError(`--min-prompt ${spec.minPrompt} exceeds --max-prompt ${spec.maxPrompt}`);
  if (spec.minOutput > spec.maxOutput)
    throw new DatasetError(`--min-output ${spec.minOutput} exceeds --max-output ${spec.maxOutput}`);
  if (spec.minOutput < 1) throw new DatasetError('--min-output must be at least 1');
  const rng = new Rng(spec.seed);
  switch (spec.kind) {
    case 'random':
      if (spec.minPrompt < 1) throw new DatasetError('--min-prompt must be at least 1');
      return randomDataset(spec, count, counter, rng);
    case 'shared-prefix':
      if (spec.numPrefixes < 1) throw new DatasetError('--num-prefixes must be at least 1');
      return sharedPrefixDataset(spec, count, counter, rng);
    case 'sharegpt':
      return shareGptDataset(spec, count, counter, rng, maxSeq);
    case 'custom':
      return customDataset(spec, count, counter, rng);
    case 'multi-turn':
      return multiTurnDataset(spec, count, counter, rng);
    case 'trace':
      if (!spec.path) throw new DatasetError('--dataset trace needs --dataset-path FILE (Mooncake-style JSON Lines)');
      try {
        return traceRequests(readTrace(spec.path, count), spec.seed, counter);
      } catch (error) {
        if (error instanceof TraceError) throw new DatasetError(error.message);
        throw error;
      }
  }
}

/** The workload bounds to record with a benchmark, taken from the requests actually sent. */
export function describeRequests(requests: readonly BenchRequest[]) {
  let minPrompt = Infinity;
  let maxPrompt = 0;
  let minOutput = Infinity;
  let maxOutput = 0;
  let maxSeq = 0;
  for (const r of requests) {
    minPrompt = Math.min(minPrompt, r.promptTokens);
    maxPrompt = Math.max(maxPrompt, r.promptTokens);
    minOutput = Math.min(minOutput, r.outputTokens);
    maxOutput = Math.max(maxOutput, r.outputTokens);
    maxSeq = Math.max(maxSeq, r.promptTokens + r.outputTokens);
  }
  if (requests.length === 0)
    return { min_prompt: 0, max_prompt: 0, min_output: 0, max_output: 0, max_seq_length: 1, output_len: 1 };
  return {
    min_prompt: minPrompt,
    max_prompt: maxPrompt,
    min_output: minOutput,
    max_output: maxOutput,
    max_seq_length: Math.max(1, maxSeq),
    output_len: Math.max(1, maxOutput),
  };
}
