import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT, UsageError, parseOptions, renderHelp, type CommandSpec, type OptionSpec } from '../cli/options.ts';
import { verifyApiAccess } from '../api/client.ts';
import { cacheResetOption } from '../bench/cache-reset.ts';
import { EngineTemplateError } from '../engine/engine.ts';
import { runTuneLoop } from '../tune/loop.ts';
import { SessionWorkloadError } from '../tune/session-plan.ts';
import type { Context } from './context.ts';
import { apiOptions, makeApi } from '../cli/flags/api.ts';
import { datasetOptions, resolveCounter } from '../cli/flags/dataset.ts';
import { endpointOptions } from '../cli/flags/endpoint.ts';
import { loadOptions } from '../cli/flags/load.ts';
import { resolveSlo, resultOptions } from '../cli/flags/results.ts';

const tuneOnly = {
  session: { kind: 'string', group: 'Session', value: 'ID', help: 'The tuning session to work on (required).' },
  name: {
    kind: 'string',
    group: 'Session',
    value: 'NAME',
    help: "This runner's name in the session's leases (default: HOSTNAME-PID).",
  },
  'max-trials': {
    kind: 'int',
    group: 'Session',
    value: 'N',
    min: 1,
    help: 'Stop after evaluating N configurations even if the session goes on.',
  },
  'engine-cmd': {
    kind: 'string',
    group: 'Engine',
    value: 'TEMPLATE',
    env: 'MAKO_ENGINE_CMD',
    help: "Command that starts the engine, with {model}, {flags} and optionally {port} and {host}; e.g. 'docker run --gpus all -p {port}:8000 vllm/vllm-openai --model {model} {flags}'. Default: the session runtime's template, e.g. 'vllm serve {model} {flags}'. Without {port}, --host and --port are appended to the flags.",
  },
  host: {
    kind: 'string',
    group: 'Engine',
    value: 'HOST',
    default: '127.0.0.1',
    help: 'Address the engine listens on and the benchmark talks to.',
  },
  port: {
    kind: 'int',
    group: 'Engine',
    value: 'PORT',
    min: 1,
    max: 65535,
    help: 'Engine port (default: a free port per trial).',
  },
  'health-timeout': {
    kind: 'number',
    group: 'Engine',
    value: 'SECONDS',
    min: 0.1,
    default: 1200,
    help: 'How long a starting engine may take to answer GET /health before the trial is a timeout.',
  },
  'health-interval': {
    kind: 'number',
    group: 'Engine',
    value: 'SECONDS',
    min: 0.05,
    default: 1,
    help: 'Pause between health checks.',
  },
  'stop-timeout': {
    kind: 'number',
    group: 'Engine',
    value: 'SECONDS',
    min: 0,
    default: 30,
    help: "Grace period after SIGTERM before the engine's process group gets SIGKILL.",
  },
  'log-dir': {
    kind: 'string',
    group: 'Engine',
    value: 'DIR',
    help: 'Where engine logs (trial-N.log) and trial results (trial-N.json) go (default: a mako-runner-SESSION folder in the temp directory).',
  },
  'gpu-cost-per-hour': {
    kind: 'number',
    group: 'Session',
    value: 'USD',
    min: 0,
    help: 'Price of one accelerator-hour; gives each trial a cost per million output tokens.',
  },
  'retry-initial': {
    kind: 'number',
    group: 'Session',
    value: 'SECONDS',
    min: 0.01,
    default: 2,
    help: "First wait after a 409 ('Need to wait for pending evaluations'); doubles up to --retry-max.",
  },
  'retry-max': {
    kind: 'number',
    group: 'Session',
    value: 'SECONDS',
    min: 0.01,
    default: 60,
    help: 'Longest wait between next-configs attempts.',
  },
} as const satisfies Record<string, OptionSpec>;

export const tuneCommand = {
  name: 'tune',
  summary: 'Work on a tuning session: launch, benchmark and report each proposed configuration',
  description:
    "Loops on the session's next-configs: leases a configuration, starts the engine with it through a command template, waits " +
    "until GET /health answers, benchmarks it with the session's workload, posts the metrics (or the failure: oom, crash, " +
    "timeout or invalid, read from the engine's logs and exit status), stops the engine and its whole process group, and " +
    "asks again. A 409 ('Need to wait for pending evaluations') is retried with backoff; a 410 ('Tuning search is complete') " +
    'prints the best configuration and its launch command and exits 0. Ctrl-C stops the engine before exiting.',
  examples: [
    'MAKO_TOKEN=mako_… mako-runner tune --session 3f9c…',
    "mako-runner tune --session 3f9c… --engine-cmd 'CUDA_VISIBLE_DEVICES=0,1 vllm serve {model} {flags} --port {port}' --health-timeout 900",
  ],
  options: {
    ...tuneOnly,
    'api-url': apiOptions['api-url'],
    token: apiOptions.token,
    'endpoint-type': endpointOptions['endpoint-type'],
    'request-timeout': endpointOptions['request-timeout'],
    ...cacheResetOption,
    'dataset-path': {
      ...datasetOptions['dataset-path'],
      help: 'The file for a session whose dataset is sharegpt, custom or trace.',
    },
    'time-scale': {
      ...loadOptions['time-scale'],
      help: "A trace session: multiply the trace's timestamps by X (0.5 replays it twice as fast); the session's request rate is not used with a trace.",
    },
    tokenizer: datasetOptions.tokenizer,
    warmup: {
      ...loadOptions.warmup,
      default: 4,
      help: "Warm-up requests per trial, not measured: a fresh engine's first requests pay one-time costs.",
    },
    slo: {
      ...resultOptions.slo,
      help: "Per-request SLO for goodput, e.g. ttft_ms=200,tpot_ms=50; by default taken from the session's latency constraints when it optimises goodput.",
    },
  },
} as const satisfies CommandSpec;

/** A name that tells the user's runners apart in the session's lease list. */
function defaultRunnerName(): string {
  return `${hostname()}-${process.pid}`;
}

export async function runTuneCommand(argv: readonly string[], ctx: Context): Promise<number> {
  const o = parseOptions(tuneCommand, argv, ctx.env);
  if (o.help) {
    ctx.stdout.write(`${renderHelp(tuneCommand)}\n`);
    return EXIT.ok;
  }
  if (!o.session) throw new UsageError("--session ID is required: the id of a tuning session (see the session's page)");
  if (!o.token)
    throw new UsageError('tune needs an API token: set MAKO_TOKEN (or pass --token) with a token from the Tokens page');
  if (o['retry-initial'] > o['retry-max'])
    throw new UsageError(`--retry-initial ${o['retry-initial']} exceeds --retry-max ${o['retry-max']}`);
  if (o['engine-cmd'] !== undefined && !o['engine-cmd'].includes('{flags}'))
    throw new UsageError(
      `--engine-cmd must contain {flags}, where the configuration's engine flags go (got: ${o['engine-cmd']})`,
    );
  const slo = resolveSlo(o.slo);
  const api = makeApi(o);
  await verifyApiAccess(api);
  try {
    return await runTuneLoop({
      api,
      sessionId: o.session,
      runnerName: o.name ?? defaultRunnerName(),
      engineTemplate: o['engine-cmd'],
      host: o.host,
      port: o.port,
      healthTimeoutMs: o['health-timeout'] * 1000,
      healthPollMs: o['health-interval'] * 1000,
      stopGraceMs: o['stop-timeout'] * 1000,
      warmup: o.warmup,
      endpointType: o['endpoint-type'],
      requestTimeoutMs: o['request-timeout'] * 1000,
      cacheReset: o['cache-reset'],
      datasetPath: o['dataset-path'],
      timeScale: o['time-scale'],
      counter: (model) => resolveCounter(o.tokenizer, model),
      slo,
      logDir: o['log-dir'] ?? join(tmpdir(), `mako-runner-${o.session.replace(/[^\w-]/g, '_')}`),
      maxTrials: o['max-trials'],
      backoff: { initialMs: o['retry-initial'] * 1000, maxMs: o['retry-max'] * 1000 },
      gpuCostPerHour: o['gpu-cost-per-hour'],
      out: (line) => ctx.stdout.write(`${line}\n`),
      err: (line) => ctx.stderr.write(`${line}\n`),
      signal: ctx.signal,
      interruptedExit: ctx.interruptedExit,
      argv: ['tune', ...argv],
    });
  } catch (error) {
    if (error instanceof SessionWorkloadError || error instanceof EngineTemplateError) {
      ctx.stderr.write(`error: ${error.message}\n`);
      return EXIT.failure;
    }
    throw error;
  }
}
