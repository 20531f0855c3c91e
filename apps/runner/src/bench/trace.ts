import { z } from 'zod';
import { readDatasetFile } from './dataset-file.ts';
import type { BenchRequest } from './request.ts';
import { Rng } from './random.ts';
import type { TokenCounter } from './tokens.ts';
import { WORDS } from './words.ts';

/** Tokens per hash id in a Mooncake trace: equal ids at the same position mean an equal 512-token block. */
export const TRACE_BLOCK_TOKENS = 512;

export interface TraceEntry {
  /** 1-based line in the file, for messages. */
  line: number;
  /** When the request is due, in ms after the first one. */
  timestampMs: number;
  inputLength: number;
  outputLength: number;
  hashIds: readonly number[];
}

export class TraceError extends Error {}

const TraceLine = z.looseObject({
  timestamp: z.number().finite().min(0),
  input_length: z.number().int().min(1),
  output_length: z.number().int().min(1),
  hash_ids: z.array(z.number().int().min(0)).optional(),
});

/**
 * Reads a Mooncake-style trace: JSON Lines of {timestamp (ms), input_length, output_length,
 * hash_ids?}. Lines are replayed in timestamp order (a stable sort keeps the file's order within
 * a millisecond); the first request is due at time 0, so a trace cut from the middle of a day
 * starts at once. Blank lines are skipped; anything else that is not such an object is an error
 * naming its line.
 */
export function readTrace(path: string, limit = Infinity): TraceEntry[] {
  const text = readDatasetFile(path, TraceError);
  const entries: TraceEntry[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && entries.length < limit; i++) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new TraceError(`--dataset-path ${path} line ${i + 1} is not valid JSON: ${line.slice(0, 80)}`);
    }
    const row = TraceLine.safeParse(value);
    if (!row.success) {
      const issue = row.error.issues[0];
      const field = issue?.path.join('.') || 'the line';
      throw new TraceError(
        `--dataset-path ${path} line ${i + 1}: ${field}: ${issue?.message ?? 'invalid'} (expected {"timestamp": ms ≥ 0, "input_length": integer ≥ 1, "output_length": integer ≥ 1, "hash_ids"?: [integer ≥ 0, …]})`,
      );
    }
    entries.push({
      line: i + 1,
      timestampMs: row.data.timestamp,
      inputLength: row.data.input_length,
      outputLength: row.data.output_length,
      hashIds: row.data.hash_ids ?? [],
    });
  }
  if (entries.length === 0) throw new TraceError(`--dataset-path ${path} has no requests`);
  entries.sort((a, b) => a.timestampMs - b.timestampMs);
  const first = (entries[0] as TraceEntry).timestampMs;
  if (first > 0) for (const e of entries) e.timestampMs -= first;
  return entries;
}

/** A 32-bit seed for one block: the run's seed with the block's hash id (or a request's unique slot). */
function blockSeed(seed: number, a: number, b: number): number {
  let h = (seed ^ 0x5bd1e995) >>> 0;
  for (const x of [a, b]) {
    h = Math.imul(h ^ (x >>> 0), 0x9e3779b1) >>> 0;
    h = Math.imul(h ^ Math.floor(x / 2 ** 32), 0x85ebca6b) >>> 0;
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/**
 * `tokens` words of one block. A block is a fixed word sequence per seed, so a shorter (last)
 * block is a prefix of the full block with the same id, and the prompt's cacheable prefix is the
 * same wherever the ids agree. With a real tokenizer the block is trimmed or extended to its exact
 * length.
 */
function blockText(seed: number, tokens: number, counter: TokenCounter): string {
  const rng = new Rng(seed);
  const words: string[] = [];
  for (let i = 0; i < tokens; i++) words.push(WORDS[rng.int(0, WORDS.length - 1)] as string);
  if (!counter.exact) return words.join(' ');
  for (let attempt = 0; attempt < 8; attempt++) {
    const have = counter.count(` ${words.join(' ')}`, { special: false });
    if (have === tokens) break;
    if (have > tokens) words.length = Math.max(1, words.length - Math.max(1, have - tokens));
    else for (let k = have; k < tokens; k++) words.push(WORDS[rng.int(0, WORDS.length - 1)] as string);
  }
  return words.join(' ');
}

/**
 * One request per trace line, due at its timestamp: a prompt of input_length tokens built from
 * 512-token blocks, where block k is the text of hash_ids[k] (the same id gives the same text,
 * so shared prefixes really share) and blocks beyond the listed ids are unique to the request;
 * max_tokens is output_length. The seed changes every block's text, so warm-up requests (another
 * seed) never pre-fill the prefix cache of the measured ones.
 */
export function traceRequests(entries: readonly TraceEntry[], seed: number, counter: TokenCounter): BenchRequest[] {
  const cache = new Map<string, string>();
  return entries.map((entry, index) => {
    const blocks = Math.ceil(entry.inputLength / TRACE_BLOCK_TOKENS);
    const parts: string[] = [];
    for (let k = 0; k < blocks; k++) {
      const tokens = Math.min(TRACE_BLOCK_TOKENS, entry.inputLength - k * TRACE_BLOCK_TOKENS);
      const id = entry.hashIds[k];
      const s = id === undefined ? blockSeed(seed + 1, index, k) : blockSeed(seed, id, 0);
      const key = id === undefined ? '' : `${id}:${tokens}`;
      let text = key ? cache.get(key) : undefined;
      if (text === undefined) {
        text = blockText(s, tokens, counter);
        if (key) cache.set(key, text);
      }
      parts.push(text);
    }
    const prompt = parts.join(' ');
    return {
      prompt,
      promptTokens: counter.exact ? counter.count(prompt, { special: false }) : entry.inputLength,
      outputTokens: entry.outputLength,
      atMs: entry.timestampMs,
    };
  });
}
