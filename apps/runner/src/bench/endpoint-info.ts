import type { Runtime } from '@mako/contract';
import { normaliseBaseUrl } from './client.ts';

async function getJson(url: string, apiKey: string | undefined, timeoutMs = 5000): Promise<unknown> {
  const res = await fetch(url, {
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

export class EndpointError extends Error {}

export interface ServedModels {
  ids: string[];
  ownedBy: string | null;
}

/** GET /v1/models. Throws EndpointError when the server cannot be reached at all. */
export async function listModels(baseUrl: string, apiKey?: string): Promise<ServedModels | null> {
  const base = normaliseBaseUrl(baseUrl);
  try {
    const body = (await getJson(`${base}/v1/models`, apiKey)) as { data?: { id?: unknown; owned_by?: unknown }[] };
    const data = Array.isArray(body.data) ? body.data : [];
    return {
      ids: data.map((m) => m.id).filter((id): id is string => typeof id === 'string'),
      ownedBy: typeof data[0]?.owned_by === 'string' ? data[0].owned_by : null,
    };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
      throw new EndpointError(`Cannot reach the serving endpoint at ${base} (${code})`);
    return null;
  }
}

const OWNERS: Record<string, Runtime> = {
  vllm: 'vllm',
  sglang: 'sglang',
  tensorrt_llm: 'tensorrt-llm',
  'tensorrt-llm': 'tensorrt-llm',
  trtllm: 'tensorrt-llm',
};

/** The serving engine and its version, as far as the endpoint tells: vLLM's /version, SGLang's /get_server_info. */
export async function detectRuntime(
  baseUrl: string,
  models: ServedModels | null,
  apiKey?: string,
): Promise<{ runtime?: Runtime; version?: string }> {
  const base = normaliseBaseUrl(baseUrl);
  const owner = models?.ownedBy ? OWNERS[models.ownedBy.toLowerCase()] : undefined;
  const tryVersion = async (path: string): Promise<string | undefined> => {
    try {
      const body = (await getJson(`${base}${path}`, apiKey, 3000)) as { version?: unknown };
      return typeof body.version === 'string' ? body.version : undefined;
    } catch {
      return undefined;
    }
  };
  if (owner === 'sglang') return { runtime: owner, ...optional(await tryVersion('/get_server_info')) };
  const version = await tryVersion('/version');
  return { ...(owner ? { runtime: owner } : {}), ...optional(version) };
}

function optional(version: string | undefined): { version?: string } {
  return version ? { version } : {};
}
