import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import {
  MAX_ARGV,
  MAX_MISMATCHES,
  MAX_REPORTED_FLAGS,
  MAX_REPORTED_FLAGS_CHARS,
  type ConfigValue,
  type DatasetFingerprint,
  type FlagMismatch,
  type Provenance,
  type ProvenanceEngine,
  type ProvenanceGpu,
  type ReportedFlags,
  type ReportedValue,
  type RuntimeOptions,
} from '@mako/contract';
import manifest from '../../package.json' with { type: 'json' };
import { normaliseBaseUrl } from './client.ts';
import type { DatasetSpec } from './datasets.ts';

/*
 * What the engine really ran with (issue 24 item 3): the engine and its version, the flags it
 * reports, the GPUs, the runner and the dataset. Each source gets a short timeout and a miss is
 * recorded as unknown (null): provenance never fails or delays a run by more than a few seconds.
 */

const TIMEOUT_MS = 3000;

/**
 * Words that make a name a secret's (api_key, --hf-token, HF_TOKEN, admin_password), matched as a
 * whole part of the name so that max_input_tokens or max_num_batched_tokens stay readable.
 */
const SECRET_WORD = '(?:token|key|apikey|secret|password|passwd|credentials?|auth)';
const SECRET_NAME = new RegExp(`(?:^|[-_])${SECRET_WORD}$`, 'i');
/** `--api-key abc` or `--hf-token=abc` inside one argument (a quoted engine command). */
const SECRET_FLAG_IN_TEXT = new RegExp(`(--?(?:[\\w]+[-_])*${SECRET_WORD})(=|\\s+)(?!-)\\S+`, 'gi');
/** `HF_TOKEN=abc` inside one argument. */
const SECRET_ENV_IN_TEXT = new RegExp(`\\b((?:[A-Z0-9]+_)*${SECRET_WORD.toUpperCase()})=\\S+`, 'g');

/** The body of GET `path` (JSON or text), or null on any failure: a missing source is unknown. */
async function get(base: string, path: string, apiKey: string | undefined, as: 'json' | 'text'): Promise<unknown> {
  try {
    const res = await fetch(`${base}${path}`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return null;
    return as === 'json' ? ((await res.json()) as unknown) : await res.text();
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 128) : null);

/** A reported value as the contract keeps it: scalars as they are, lists and objects as short JSON, null dropped. */
function reportedValue(value: unknown): ReportedValue | undefined {
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  if (typeof value === 'string') return value.length <= 256 ? value : undefined;
  if (value === null || value === undefined) return undefined;
  const json = JSON.stringify(value);
  return json.length <= 256 ? json : undefined;
}

/** Prometheus label text as vLLM's Python `str()` wrote it: "True" → true, "16" → 16, "None" dropped. */
function labelValue(raw: string): ReportedValue | undefined {
  if (raw === 'None' || raw === '') return undefined;
  if (raw === 'True' || raw === 'False') return raw === 'True';
  const n = Number(raw);
  return Number.isFinite(n) && /^-?[\d.e+-]+$/i.test(raw) ? n : raw;
}

/**
 * vLLM's `vllm:cache_config_info` gauge: its labels are the engine's CacheConfig fields (block_size,
 * gpu_memory_utilization, cache_dtype, enable_prefix_caching, num_gpu_blocks, ...). The engine and
 * model labels say where, not how, and are left out.
 */
export function cacheConfigLabels(metrics: string): Record<string, ReportedValue> | null {
  const line = metrics.split('\n').find((l) => l.startsWith('vllm:cache_config_info{'));
  if (!line) return null;
  const labels: Record<string, ReportedValue> = {};
  for (const m of line.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    const [, name, raw] = m as unknown as [string, string, string];
    if (name === 'engine' || name === 'model_name') continue;
    const value = labelValue(raw.replace(/\\(.)/g, '$1'));
    if (value !== undefined) labels[name] = value;
  }
  return labels;
}

/** Scalar fields of an engine's JSON answer as flags, never a secret's value (SGLang's answer carries api_key). */
function scalarFields(body: Record<string, unknown>, skip: readonly string[]): Record<string, ReportedValue> {
  const flags: Record<string, ReportedValue> = {};
  for (const [name, raw] of Object.entries(body)) {
    if (skip.includes(name) || SECRET_NAME.test(name) || !/^[a-z][a-z0-9_]*$/.test(name) || name.length > 64) continue;
    const value = reportedValue(raw);
    if (value !== undefined) flags[name] = value;
  }
  return flags;
}

/** The flags within the contract's bounds: by name, as many as fit. */
function bounded(flags: Record<string, ReportedValue>): ReportedFlags {
  const kept: ReportedFlags = {};
  let chars = 2;
  for (const name of Object.keys(flags).sort()) {
    if (Object.keys(kept).length >= MAX_REPORTED_FLAGS) break;
    const value = flags[name] as ReportedValue;
    const size = JSON.stringify(name).length + JSON.stringify(value).length + 2;
    if (chars + size > MAX_REPORTED_FLAGS_CHARS) continue;
    kept[name] = value;
    chars += size;
  }
  return kept;
}

interface EngineAnswers {
  version: unknown;
  serverInfo: unknown;
  tgiInfo: unknown;
  llamaProps: unknown;
  ollamaVersion: unknown;
  metrics: unknown;
  models: unknown;
}

/** Who answered, and what it reports: each engine's own endpoints, in the order they identify it best. */
export function readEngine(
  answers: EngineAnswers,
  model: string,
): { engine: ProvenanceEngine; flags: ReportedFlags; sources: string[] } {
  const flags: Record<string, ReportedValue> = {};
  const sources: string[] = [];
  let engine: ProvenanceEngine = { name: null, version: null, source: null };
  const { version, serverInfo, tgiInfo, llamaProps, ollamaVersion, metrics, models } = answers;
  const cache = typeof metrics === 'string' ? cacheConfigLabels(metrics) : null;
  const modelCards = isRecord(models) && Array.isArray(models.data) ? models.data.filter(isRecord) : [];
  const card = modelCards.find((m) => m.id === model) ?? modelCards[0];
  const owner = text(card?.owned_by)?.toLowerCase() ?? null;

  if (isRecord(serverInfo) && 'model_path' in serverInfo) {
    // SGLang: every server argument, the scheduler's limits and the version in one answer.
    engine = { name: 'sglang', version: text(serverInfo.version), source: 'GET /get_server_info' };
    Object.assign(flags, scalarFields(serverInfo, ['version', 'internal_states']));
    sources.push('GET /get_server_info');
  } else if (cache || owner === 'vllm') {
    engine = { name: 'vllm', version: isRecord(version) ? text(version.version) : null, source: 'GET /version' };
    if (cache) {
      Object.assign(flags, cache);
      sources.push('vllm:cache_config_info');
    }
  } else if (isRecord(tgiInfo) && 'model_id' in tgiInfo) {
    engine = { name: 'tgi', version: text(tgiInfo.version), source: 'GET /info' };
    Object.assign(flags, scalarFields(tgiInfo, ['version', 'model_id', 'model_sha', 'sha', 'docker_label', 'router']));
    sources.push('GET /info');
  } else if (isRecord(llamaProps) && ('default_generation_settings' in llamaProps || 'total_slots' in llamaProps)) {
    engine = { name: 'llama.cpp', version: text(llamaProps.build_info), source: 'GET /props' };
    const settings = isRecord(llamaProps.default_generation_settings) ? llamaProps.default_generation_settings : {};
    const nCtx = reportedValue(settings.n_ctx);
    const slots = reportedValue(llamaProps.total_slots);
    if (nCtx !== undefined) flags.n_ctx = nCtx;
    if (slots !== undefined) flags.total_slots = slots;
    sources.push('GET /props');
  } else if (isRecord(ollamaVersion) && text(ollamaVersion.version)) {
    engine = { name: 'ollama', version: text(ollamaVersion.version), source: 'GET /api/version' };
  } else if (isRecord(version) && text(version.version)) {
    // trtllm-serve answers /version too; its model cards say who owns the model.
    const name = owner && /tensorrt|trtllm/.test(owner) ? 'tensorrt-llm' : owner;
    engine = { name, version: text(version.version), source: 'GET /version' };
  } else if (owner) engine = { name: owner, version: null, source: 'GET /v1/models' };

  const maxModelLen = reportedValue(card?.max_model_len);
  if (maxModelLen !== undefined && flags.max_model_len === undefined) {
    flags.max_model_len = maxModelLen;
    sources.push('GET /v1/models');
  }
  return { engine, flags: bounded(flags), sources };
}

/** The names an engine reports a listed flag under, where they differ (vLLM's CacheConfig says cache_dtype). */
const REPORTED_AS: Record<string, readonly string[]> = {
  kv_cache_dtype: ['cache_dtype'],
  tensor_parallel_size: ['tp_size'],
  pipeline_parallel_size: ['pp_size'],
  data_parallel_size: ['dp_size'],
};

/** Values compared as the engines print them: "True" is true, "0.90" is 0.9, names ignore case. */
function sameValue(asked: ConfigValue, reported: ReportedValue): boolean {
  const norm = (v: ConfigValue): string | number | boolean => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    if (t === 'true' || t === 'false') return t === 'true';
    const n = Number(t);
    return t !== '' && Number.isFinite(n) ? n : t;
  };
  const a = norm(asked);
  const r = norm(reported);
  if (typeof a === 'number' && typeof r === 'number') return Math.abs(a - r) <= 1e-9 * Math.max(1, Math.abs(a));
  return a === r;
}

/** The flags asked for that the engine reports with another value; a flag it does not report cannot be checked. */
export function flagMismatches(asked: RuntimeOptions, reported: ReportedFlags): FlagMismatch[] {
  const mismatches: FlagMismatch[] = [];
  for (const [flag, value] of Object.entries(asked)) {
    const name = [flag, ...(REPORTED_AS[flag] ?? [])].find((n) => reported[n] !== undefined);
    if (name === undefined) continue;
    const got = reported[name] as ReportedValue;
    if (!sameValue(value, got)) mismatches.push({ flag, asked: value, reported: got });
  }
  return mismatches.slice(0, MAX_MISMATCHES);
}

/** The command line with every secret replaced: values of --token/--api-key-like flags, NAME_TOKEN=..., a URL's password and mako_ tokens. */
export function redactArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  let hideNext = false;
  for (const arg of argv) {
    if (hideNext && !arg.startsWith('--')) {
      out.push('***');
      hideNext = false;
      continue;
    }
    hideNext = false;
    const flag = /^--?([\w-]+)(=.*)?$/.exec(arg);
    if (flag && SECRET_NAME.test(flag[1] as string)) {
      if (flag[2] === undefined) hideNext = true;
      out.push(flag[2] === undefined ? arg : `--${flag[1]}=***`);
      continue;
    }
    // Inside a quoted engine command: `--api-key abc`, `HF_TOKEN=abc`, a bearer header or a bare token.
    out.push(
      arg
        .replace(SECRET_FLAG_IN_TEXT, '$1$2***')
        .replace(SECRET_ENV_IN_TEXT, '$1=***')
        .replace(/(Bearer\s+)\S+/gi, '$1***')
        // A URL's user:password@ (a --base-url behind basic auth).
        .replace(/(\w+:\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1***@')
        .replace(/\b(mako|hf|sk)_[A-Za-z0-9_-]{8,}/g, '***')
        .slice(0, 512),
    );
  }
  return out.slice(0, MAX_ARGV);
}

type Exec = (file: string, args: string[]) => Promise<string | null>;

const execQuiet: Exec = (file, args) =>
  new Promise((resolve) => {
    execFile(file, args, { timeout: TIMEOUT_MS, encoding: 'utf8' }, (error, stdout) => resolve(error ? null : stdout));
  });

/** The GPUs from nvidia-smi (name, driver, memory of the first, and how many); null without nvidia-smi. */
export async function gpuProvenance(exec: Exec = execQuiet): Promise<ProvenanceGpu | null> {
  const out = await exec('nvidia-smi', ['--query-gpu=name,driver_version,memory.total', '--format=csv,noheader']);
  const rows = (out ?? '')
    .split('\n')
    .map((l) => l.split(',').map((c) => c.trim()))
    .filter((cells) => cells.length >= 3 && cells[0]);
  const [first] = rows;
  if (!first) return null;
  const memory = Number.parseInt(first[2] as string, 10);
  const driver = first[1] && !/^\[?N\/A\]?$/i.test(first[1]) ? first[1].slice(0, 64) : null;
  return {
    name: (first[0] as string).slice(0, 128),
    driver,
    memory_mib: Number.isFinite(memory) ? memory : null,
    count: Math.min(rows.length, 1024),
  };
}

/** sha256 of a file, streamed (a trace can be large); null when it cannot be read. */
function fileSha256(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', () => resolve(null));
  });
}

export async function datasetFingerprint(spec: DatasetSpec): Promise<DatasetFingerprint> {
  return {
    kind: spec.kind,
    seed: spec.seed,
    file: spec.path ? basename(spec.path).slice(0, 256) || null : null,
    sha256: spec.path ? await fileSha256(spec.path) : null,
  };
}

export interface ProvenanceInput {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** The runner's command line, the command's name first. */
  argv: readonly string[];
  dataset: DatasetSpec;
  /** The flags the run asked the engine for (the configuration, or --runtime-option). */
  asked: RuntimeOptions;
  exec?: Exec;
}

/** Everything at once, each source on its own short timeout. */
export async function collectProvenance(input: ProvenanceInput): Promise<Provenance> {
  const base = normaliseBaseUrl(input.baseUrl);
  const json = (path: string) => get(base, path, input.apiKey, 'json');
  const [version, serverInfo, tgiInfo, llamaProps, ollamaVersion, metrics, models, gpu, dataset] = await Promise.all([
    json('/version'),
    json('/get_server_info'),
    json('/info'),
    json('/props'),
    json('/api/version'),
    get(base, '/metrics', input.apiKey, 'text'),
    json('/v1/models'),
    gpuProvenance(input.exec),
    datasetFingerprint(input.dataset),
  ]);
  const { engine, flags, sources } = readEngine(
    { version, serverInfo, tgiInfo, llamaProps, ollamaVersion, metrics, models },
    input.model,
  );
  return {
    engine,
    flags,
    flag_sources: sources,
    gpu,
    runner: { version: manifest.version, argv: redactArgv(input.argv) },
    dataset,
    mismatches: flagMismatches(input.asked, flags),
  };
}

const show = (v: ReportedValue) => (typeof v === 'string' ? v : String(v));

/** One warning per flag the engine did not take as asked. */
export function mismatchWarnings(p: Provenance): string[] {
  return p.mismatches.map(
    (m) =>
      `the engine reports ${m.flag} = ${show(m.reported)}, the run asked for ${show(m.asked)}: the measurement is of what the engine ran`,
  );
}

/** The text report's one line: the rest is in the JSON output and the posted benchmark. */
export function describeProvenance(p: Provenance): string {
  const engine = p.engine.name ? `${p.engine.name} ${p.engine.version ?? '(version unknown)'}` : 'engine unknown';
  const flags = Object.keys(p.flags).length;
  const gpu = p.gpu
    ? `${p.gpu.count}x ${p.gpu.name}${p.gpu.driver ? `, driver ${p.gpu.driver}` : ''}`
    : 'GPU unknown (no nvidia-smi)';
  const data = p.dataset
    ? `dataset ${p.dataset.kind}${p.dataset.sha256 ? ` sha256 ${p.dataset.sha256.slice(0, 12)}` : ''}`
    : '';
  const mismatch = p.mismatches.length ? ` · ${p.mismatches.length} flag(s) differ from what was asked` : '';
  return `Provenance: ${engine} · ${flags ? `${flags} flags reported (${p.flag_sources.join(', ')})` : 'no flags reported'} · ${gpu}${data ? ` · ${data}` : ''}${mismatch}`;
}
