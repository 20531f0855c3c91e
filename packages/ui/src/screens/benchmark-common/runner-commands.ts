import type { Workload } from '@mako/contract';

/*
 * The mako-runner commands the screens offer to copy (apps/runner's flags): a benchmark of a local
 * endpoint, and the loop of a tuning session.
 */

export interface BenchCommandOptions {
  model?: string;
  /** "8x H100"; a bare name ("H100") is sent as one accelerator. Left out, the runner detects it. */
  hardware?: string;
  runtime?: string;
  runtimeVersion?: string;
  workload?: Workload;
}

const quote = (word: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`);

/** Example input files for the datasets that read one (apps/runner README). */
const DATASET_FILES: Record<string, string> = {
  sharegpt: 'ShareGPT_V3_unfiltered_cleaned_split.json',
  custom: 'prompts.jsonl',
};

function workloadFlags(workload: Workload): string[] {
  const flags = [`--dataset ${quote(workload.dataset)}`];
  const file = DATASET_FILES[workload.dataset];
  if (file) flags.push(`--dataset-path ${file}`);
  flags.push(`--num-requests ${workload.num_requests}`, `--request-rate ${workload.request_rate}`);
  if (workload.burstiness !== undefined && workload.burstiness !== 1) flags.push(`--burstiness ${workload.burstiness}`);
  if (workload.max_concurrency) flags.push(`--max-concurrency ${workload.max_concurrency}`);
  if (workload.min_prompt === workload.max_prompt) flags.push(`--prompt-len ${workload.min_prompt}`);
  else flags.push(`--min-prompt ${workload.min_prompt}`, `--max-prompt ${workload.max_prompt}`);
  if (workload.min_output === workload.max_output) flags.push(`--output-len ${workload.min_output}`);
  else flags.push(`--min-output ${workload.min_output}`, `--max-output ${workload.max_output}`);
  if (workload.dataset === 'sharegpt') flags.push(`--max-seq-length ${workload.max_seq_length}`);
  return flags;
}

/**
 * `mako-runner bench … --post` with the flags of apps/runner: benchmarks the local endpoint and
 * uploads the result with its setting. Given a setting's workload, it repeats that workload.
 */
export function benchRunnerCommand({
  model,
  hardware,
  runtime,
  runtimeVersion,
  workload,
}: BenchCommandOptions = {}): string {
  const flags: string[] = ['--base-url http://127.0.0.1:8000'];
  if (model) flags.push(`--model ${quote(model)}`);
  if (runtime) flags.push(`--runtime ${runtime}`);
  if (runtimeVersion) flags.push(`--runtime-version ${quote(runtimeVersion)}`);
  flags.push(
    ...(workload
      ? workloadFlags(workload)
      : ['--request-rate 10', '--num-requests 500', '--prompt-len 1024', '--output-len 256']),
  );
  if (hardware) flags.push(`--hardware ${quote(/^\d+x /.test(hardware) ? hardware : `1x ${hardware}`)}`);
  flags.push('--post');
  return `MAKO_TOKEN=mako_… mako-runner bench ${flags.join(' ')}`;
}

/** The runner loop for one session, as apps/runner's `tune` takes it (token from the environment). */
export function tuneRunnerCommand(sessionId = '<session id>'): string {
  return `MAKO_TOKEN=mako_… mako-runner tune --session ${sessionId}`;
}
