import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';

/** Counts tokens when the endpoint does not report usage. */
export interface TokenCounter {
  /** Shown in the report: where the counts came from. */
  readonly name: string;
  /** True for a real tokenizer, false for the characters/4 estimate. */
  readonly exact: boolean;
  count(text: string, options?: { special?: boolean }): number;
}

export const CHARS_PER_TOKEN = 4;

/** The fallback of last resort: about four characters per token for English text in BPE vocabularies. */
export const charEstimate: TokenCounter = {
  name: 'chars/4',
  exact: false,
  count: (text) => Math.ceil(text.length / CHARS_PER_TOKEN),
};

export class TokenizerError extends Error {}

function hubCacheDirs(): string[] {
  const env = process.env;
  const dirs = [env.HF_HUB_CACHE, env.HUGGINGFACE_HUB_CACHE];
  if (env.HF_HOME) dirs.push(join(env.HF_HOME, 'hub'));
  dirs.push(join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'huggingface', 'hub'));
  return dirs.filter((d): d is string => Boolean(d));
}

/** A model id's tokenizer.json in the local Hugging Face cache (the snapshot `main` points at first). */
function findInHubCache(model: string): string | null {
  if (!/^[\w.-]+\/[\w.-]+$/.test(model)) return null;
  for (const hub of hubCacheDirs()) {
    const repo = join(hub, `models--${model.replace('/', '--')}`);
    const snapshots = join(repo, 'snapshots');
    if (!existsSync(snapshots)) continue;
    const refMain = join(repo, 'refs', 'main');
    const preferred = existsSync(refMain) ? readFileSync(refMain, 'utf8').trim() : null;
    const candidates = readdirSync(snapshots).sort((a, b) => Number(b === preferred) - Number(a === preferred));
    for (const snapshot of candidates) {
      const file = join(snapshots, snapshot, 'tokenizer.json');
      if (existsSync(file)) return file;
    }
  }
  return null;
}

function resolveTokenizerFile(spec: string | undefined, model: string): string | null {
  if (spec !== undefined) {
    if (!existsSync(spec)) throw new TokenizerError(`--tokenizer: '${spec}' does not exist`);
    const file = statSync(spec).isDirectory() ? join(spec, 'tokenizer.json') : spec;
    if (!existsSync(file)) throw new TokenizerError(`--tokenizer: no tokenizer.json in '${spec}'`);
    return file;
  }
  // `vllm serve /models/llama` names a local directory; a hub id may be in the cache.
  const local = join(model, 'tokenizer.json');
  if (existsSync(local)) return local;
  return findInHubCache(model);
}

/**
 * The model's own tokenizer when one is on disk (given by --tokenizer, a local model directory, or
 * the Hugging Face cache); nothing is ever downloaded. `none` turns the lookup off. Null when there
 * is none: callers then rely on usage fields or the characters/4 estimate.
 */
export function loadTokenCounter(spec: string | undefined, model: string): TokenCounter | null {
  if (spec === 'none') return null;
  const file = resolveTokenizerFile(spec, model);
  if (!file) return null;
  let tokenizer: Tokenizer;
  try {
    const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const configFile = join(dirname(file), 'tokenizer_config.json');
    const config: unknown = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
    tokenizer = new Tokenizer(json as object, config as object);
  } catch (error) {
    throw new TokenizerError(`Cannot load the tokenizer ${file}: ${(error as Error).message}`);
  }
  return {
    name: `tokenizer ${file}`,
    exact: true,
    count: (text, options) => tokenizer.encode(text, { add_special_tokens: options?.special ?? false }).ids.length,
  };
}
