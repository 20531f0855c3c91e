import { RUNTIMES, type HardwareConfig, type Runtime, type RuntimeOptions } from '@mako/contract';
import { detectRuntime } from '../../bench/endpoint-info.ts';
import { detectHardware, formatHardware, parseHardware, parseRuntimeOptions } from '../../setting.ts';
import { UsageError, type OptionSpec } from '../options.ts';

/** Whether to post, and the setting a posted benchmark records besides its metrics. */
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
