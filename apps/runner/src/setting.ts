import { execFile } from 'node:child_process';
import { HardwareConfig, RuntimeOptions, type ConfigValue, type Slo } from '@mako/contract';
import { UsageError } from './cli/options.ts';

/** `8x H100`, `8xH100`, `8 x A100-80GB`, or a bare name for one accelerator. */
export function parseHardware(text: string, flag = '--hardware'): HardwareConfig {
  const m = /^\s*(?:(\d+)\s*[x×]\s*)?(\S.*?)\s*$/i.exec(text);
  const parsed = m ? HardwareConfig.safeParse({ count: m[1] ? Number(m[1]) : 1, name: m[2] }) : null;
  if (!parsed?.success)
    throw new UsageError(`Invalid value '${text}' for ${flag}: expected COUNTx NAME, e.g. "8x H100"`);
  return parsed.data;
}

export function formatHardware(h: HardwareConfig): string {
  return `${h.count}x ${h.name}`;
}

const KNOWN_ACCELERATORS =
  /\b(GB200|GB300|B200|B100|H200|H100|H800|H20|GH200|A100|A800|A10G|A10|A30|A40|L40S|L40|L4|T4|V100|RTX\s?\d{4}\w*|MI\d{3}X?|MI\d{3}[A-Z]?)\b/i;

/** `NVIDIA H100 80GB HBM3` → `H100`, `NVIDIA A100-SXM4-80GB` → `A100-80GB`, `AMD Instinct MI300X` → `MI300X`. */
export function normaliseAcceleratorName(raw: string): string {
  const name = raw.trim();
  const m = KNOWN_ACCELERATORS.exec(name);
  if (!m) return name.replace(/^(NVIDIA|AMD)\s+(Instinct\s+)?/i, '').trim() || name;
  const family = (m[1] as string).toUpperCase().replace(/\s+/, ' ');
  // A100s come in 40 and 80 GB; the memory matters for what fits, so it is part of the name.
  if (family === 'A100') {
    const mem = /(\d{2})\s?GB/i.exec(name);
    return mem ? `A100-${mem[1]}GB` : 'A100';
  }
  return family;
}

type Exec = (file: string, args: string[]) => Promise<string>;

const run: Exec = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 10_000, encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });

function visibleCount(found: number, env: NodeJS.ProcessEnv): number {
  for (const key of ['CUDA_VISIBLE_DEVICES', 'HIP_VISIBLE_DEVICES', 'ROCR_VISIBLE_DEVICES']) {
    const value = env[key];
    if (value === undefined || value.trim() === '' || value === 'all') continue;
    return Math.min(found, value.split(',').filter((v) => v.trim() !== '').length);
  }
  return found;
}

/**
 * The accelerators this machine has, from nvidia-smi or rocm-smi, limited to those the
 * *_VISIBLE_DEVICES variables expose. Null when neither tool answers (no GPU, or a container
 * without the driver tools): the caller then asks for --hardware.
 */
export async function detectHardware(
  env: NodeJS.ProcessEnv = process.env,
  exec: Exec = run,
): Promise<(HardwareConfig & { source: string }) | null> {
  const found = (names: string[], source: string) => ({
    count: visibleCount(names.length, env),
    name: normaliseAcceleratorName(names[0] as string),
    source,
  });
  try {
    const names = (await exec('nvidia-smi', ['--query-gpu=name', '--format=csv,noheader']))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (names.length > 0) return found(names, 'nvidia-smi');
  } catch {
    // No NVIDIA driver tools; try AMD.
  }
  try {
    const report = JSON.parse(await exec('rocm-smi', ['--showproductname', '--json'])) as Record<
      string,
      Record<string, string>
    >;
    const names = Object.entries(report)
      .filter(([card]) => card.startsWith('card'))
      .map(
        ([, fields]) =>
          fields['Card Series'] ?? fields['Card series'] ?? fields['Card SKU'] ?? fields['Card model'] ?? '',
      )
      .filter(Boolean);
    if (names.length > 0) return found(names, 'rocm-smi');
  } catch {
    // Neither tool is here.
  }
  return null;
}

const SLO_KEYS: Record<string, keyof Slo> = {
  ttft: 'ttft_ms',
  ttft_ms: 'ttft_ms',
  tpot: 'tpot_ms',
  tpot_ms: 'tpot_ms',
  e2el: 'e2el_ms',
  e2el_ms: 'e2el_ms',
};

/** `ttft_ms=200,tpot_ms=50,e2el_ms=5000`; vLLM's `ttft:200 tpot:50` spelling works too. */
export function parseSlo(text: string, flag = '--slo'): Slo {
  const slo: Slo = {};
  for (const term of text.split(/[,\s]+/).filter(Boolean)) {
    const m = /^([a-z0-9_]+)\s*[=:]\s*([0-9.eE+-]+)$/.exec(term);
    const key = m ? SLO_KEYS[m[1] as string] : undefined;
    const value = m ? Number(m[2]) : NaN;
    if (!key)
      throw new UsageError(
        `Invalid term '${term}' in ${flag}: expected ttft_ms=N, tpot_ms=N or e2el_ms=N (milliseconds)`,
      );
    if (!Number.isFinite(value) || value <= 0)
      throw new UsageError(`Invalid value in ${flag} term '${term}': expected a positive number of milliseconds`);
    slo[key] = value;
  }
  if (Object.keys(slo).length === 0) throw new UsageError(`${flag} is empty: expected e.g. ttft_ms=200,tpot_ms=50`);
  return slo;
}

function coerce(value: string): ConfigValue {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value)) return Number(value);
  return value;
}

/** Engine flags as `name=value` terms (`max_num_seqs=256`, `--max-num-seqs=256`) or one JSON object. */
export function parseRuntimeOptions(terms: readonly string[], flag = '--runtime-option'): RuntimeOptions {
  const options: Record<string, ConfigValue> = {};
  for (const term of terms) {
    if (term.trim().startsWith('{')) {
      let json: unknown;
      try {
        json = JSON.parse(term);
      } catch {
        throw new UsageError(`Invalid JSON in ${flag}: ${term.slice(0, 80)}`);
      }
      Object.assign(options, json);
      continue;
    }
    const m = /^(?:--)?([A-Za-z][\w-]*)=(.*)$/.exec(term);
    if (!m) throw new UsageError(`Invalid value '${term}' for ${flag}: expected NAME=VALUE, e.g. max_num_seqs=256`);
    options[(m[1] as string).replaceAll('-', '_').toLowerCase()] = coerce(m[2] as string);
  }
  const parsed = RuntimeOptions.safeParse(options);
  if (!parsed.success)
    throw new UsageError(
      `Invalid ${flag}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
