import http from 'node:http';
import https from 'node:https';
import type { OptionSpec } from '../cli/options.ts';
import { normaliseBaseUrl } from './client.ts';

/**
 * The engines' own prefix-cache reset endpoints, tried in this order:
 * - vLLM: `POST /reset_prefix_cache`, registered only when the server runs with VLLM_SERVER_DEV_MODE=1
 *   (vllm-project/vllm, vllm/entrypoints/openai/api_server.py: the dev-mode router);
 * - SGLang: `POST /flush_cache` (sgl-project/sglang, python/sglang/srt/mem_cache/flush_cache.py posts to it),
 *   which refuses while requests are still running.
 * Any other engine answers 404 or 405 to both.
 */
export const RESET_PATHS = ['/reset_prefix_cache', '/flush_cache'] as const;

/** `--cache-reset` (on by default; `--no-cache-reset` turns it off), shared by bench, sweep and tune. */
export const cacheResetOption = {
  'cache-reset': {
    kind: 'boolean',
    group: 'Endpoint',
    default: true,
    help:
      "Empty the engine's prefix cache before every measured run (each --runs repeat, sweep level and tune trial) through " +
      "vLLM's POST /reset_prefix_cache (needs VLLM_SERVER_DEV_MODE=1) or SGLang's POST /flush_cache, so that no run is " +
      "served from the previous one's cache; --no-cache-reset keeps the cache.",
  },
} as const satisfies Record<string, OptionSpec>;

/** What happened to the prefix cache before a run; the JSON output records it as `prefix_cache_reset`. */
export type CacheResetResult =
  | { state: 'reset'; via: string }
  | { state: 'unsupported' }
  | { state: 'disabled' }
  | { state: 'failed'; message: string };

export interface CacheResetter {
  /** Resets the cache now; never throws (a failed reset is reported, the run goes on). */
  reset(): Promise<CacheResetResult>;
}

function post(url: string, apiKey: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const transport = url.startsWith('https:') ? https : http;
    const headers: Record<string, string> = { 'content-length': '0' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const req = transport.request(url, { method: 'POST', headers, timeout: 30_000, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * A resetter for one engine. It remembers which endpoint answered, and once both answered 404 or
 * 405 it says so once through `say` and stops asking: an engine without the endpoint is not an error.
 */
export function createCacheResetter(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  enabled: boolean;
  say: (line: string) => void;
}): CacheResetter {
  const origin = normaliseBaseUrl(options.baseUrl);
  let known: string | null = null;
  let unsupported = false;
  let saidDisabled = false;
  return {
    async reset() {
      if (!options.enabled) {
        if (!saidDisabled) options.say('prefix cache kept between runs (--no-cache-reset)');
        saidDisabled = true;
        return { state: 'disabled' };
      }
      if (unsupported) return { state: 'unsupported' };
      for (const path of known ? [known] : RESET_PATHS) {
        let answer;
        try {
          answer = await post(`${origin}${path}`, options.apiKey);
        } catch (error) {
          const message = `POST ${path} failed: ${(error as Error).message}`;
          options.say(`prefix cache not reset: ${message}`);
          return { state: 'failed', message };
        }
        if (answer.status === 404 || answer.status === 405) continue;
        if (answer.status >= 200 && answer.status < 300) {
          known = path;
          options.say(`prefix cache reset (POST ${path})`);
          return { state: 'reset', via: path };
        }
        const message = `POST ${path} answered HTTP ${answer.status}${answer.text ? `: ${answer.text.trim().slice(0, 200)}` : ''}`;
        options.say(`prefix cache not reset: ${message}`);
        return { state: 'failed', message };
      }
      unsupported = true;
      options.say(
        'the engine offers no prefix-cache reset (POST /reset_prefix_cache and /flush_cache answered 404/405; vLLM needs VLLM_SERVER_DEV_MODE=1): runs may reuse cached prefixes',
      );
      return { state: 'unsupported' };
    },
  };
}
