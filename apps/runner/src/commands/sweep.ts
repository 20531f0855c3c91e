import { writeFileSync } from 'node:fs';
import type { BenchmarkCreate, Sweep } from '@mako/contract';
import { verifyApiAccess } from '../api/client.ts';
import { cacheResetOption } from '../bench/cache-reset.ts';
import type { BenchOutcome, BenchPlan } from '../bench/execute.ts';
import { describeErrors } from '../bench/report.ts';
import { BenchAbortedError } from '../bench/run.ts';
import { EXIT, UsageError, parseOptions, renderHelp, type CommandSpec, type OptionSpec } from '../cli/options.ts';
import { findHighestPassing } from '../sweep/search.ts';
import { SaturationWatch, describeSaturation, saturationOptions } from '../sweep/saturation.ts';
import { STEP_HEADER, emptyMetrics, stepRow, sweepLevel, type StepRecord } from '../sweep/steps.ts';
import { pct, perSecond, table } from '../util/format.ts';
import { benchmarkBody, postBenchmark } from './bench.ts';
import type { Context } from './context.ts';
import { setUpEndpoint } from './endpoint-setup.ts';
import { apiOptions, makeApi } from '../cli/flags/api.ts';
import { checkEndpointForDataset, datasetOptions, resolveDataset } from '../cli/flags/dataset.ts';
import { endpointOptions } from '../cli/flags/endpoint.ts';
import { loadOptions } from '../cli/flags/load.ts';
import { resolveSlo, resultOptions } from '../cli/flags/results.ts';
import { settingOptions } from '../cli/flags/setting.ts';

const sweepOnly = {
  over: {
    kind: 'string',
    group: 'Sweep',
    choices: ['concurrency', 'rate'],
    default: 'concurrency',
    help: 'What to raise: the maximum concurrency (requests sent as fast as slots free up) or the Poisson/gamma request rate; with --dataset trace, rate is the replay speed-up (level 2 sends the trace twice as fast as recorded, i.e. timestamps × --time-scale / 2).',
  },
  start: {
    kind: 'number',
    group: 'Sweep',
    value: 'N',
    min: 0.001,
    default: 1,
    help: 'First load level (concurrency or req/s).',
  },
  max: { kind: 'number', group: 'Sweep', value: 'N', min: 0.001, default: 1024, help: 'Highest load level to try.' },
  attainment: {
    kind: 'number',
    group: 'Sweep',
    value: 'FRACTION',
    min: 0.01,
    max: 1,
    default: 0.9,
    help: 'A level passes when at least this share of its requests met every SLO (failed requests count as misses).',
  },
  precision: {
    kind: 'number',
    group: 'Sweep',
    value: 'FRACTION',
    min: 0.001,
    max: 1,
    default: 0.05,
    help: 'Rate sweeps stop bisecting when pass and fail are this close, relative.',
  },
  'max-steps': {
    kind: 'int',
    group: 'Sweep',
    value: 'N',
    min: 1,
    max: 100,
    default: 16,
    help: 'Most load levels to run.',
  },
} as const satisfies Record<string, OptionSpec>;

export const sweepCommand = {
  name: 'sweep',
  summary: 'Find the highest concurrency or request rate that still meets an SLO',
  description:
    'Runs one benchmark per load level against a running endpoint: doubles the load from --start until a level misses the SLO ' +
    '(or --max passes), then bisects between the last level that passed and the first that failed. A level passes when at ' +
    'least --attainment of its requests met every SLO. Prints a line per step, a table of all steps and the answer; exits 1 ' +
    'when not even --start meets the SLO. Assumes that a higher load never makes latency better. A level whose waiting queue ' +
    'or TTFT keeps growing is stopped early and marked saturated (it fails). The prefix cache is reset before each level. ' +
    'With --post, each level is posted as a benchmark and the sweep as one object linking them (its page draws the curve).',
  examples: [
    'mako-runner sweep --over concurrency --slo ttft_ms=500,tpot_ms=50 --num-requests 400 --max 512',
    'mako-runner sweep --over rate --start 2 --max 64 --burstiness 0.5 --slo e2el_ms=10000 --attainment 0.95 --output sweep.json',
  ],
  options: {
    ...sweepOnly,
    ...saturationOptions,
    ...endpointOptions,
    ...cacheResetOption,
    ...datasetOptions,
    'num-requests': { ...loadOptions['num-requests'], default: 200, help: 'Requests measured at each level.' },
    'max-concurrency': { ...loadOptions['max-concurrency'], help: 'Rate sweeps: cap on requests in flight.' },
    'request-rate': {
      ...loadOptions['request-rate'],
      help: 'Concurrency sweeps: arrival rate (default inf: each freed slot is refilled at once).',
    },
    burstiness: loadOptions.burstiness,
    'think-time': loadOptions['think-time'],
    'time-scale': {
      ...loadOptions['time-scale'],
      help: '--dataset trace: multiply the timestamps by X before the sweep level divides them (rate sweeps) or as they are (concurrency sweeps).',
    },
    warmup: { ...loadOptions.warmup, help: 'Warm-up requests before each level.' },
    slo: {
      ...resultOptions.slo,
      help: 'The SLO each level must meet (required), e.g. ttft_ms=200,tpot_ms=50,e2el_ms=8000.',
    },
    output: { ...resultOptions.output, help: 'Write every step and the answer as JSON to FILE.' },
    quiet: resultOptions.quiet,
    ...apiOptions,
    ...settingOptions,
    post: {
      ...settingOptions.post,
      help: 'Upload each level as a benchmark to /api/v1/benchmarks and the sweep as one object to /api/v1/sweeps (needs a token).',
    },
  },
} as const satisfies CommandSpec;

export async function runSweepCommand(argv: readonly string[], ctx: Context): Promise<number> {
  const o = parseOptions(sweepCommand, argv, ctx.env);
  if (o.help) {
    ctx.stdout.write(`${renderHelp(sweepCommand)}\n`);
    return EXIT.ok;
  }
  const slo = resolveSlo(o.slo);
  if (!slo)
    throw new UsageError('--slo is required: the targets each load level must meet, e.g. --slo ttft_ms=200,tpot_ms=50');
  if (o.start > o.max) throw new UsageError(`--start ${o.start} exceeds --max ${o.max}`);
  const byConcurrency = o.over === 'concurrency';
  if (byConcurrency && (!Number.isInteger(o.start) || !Number.isInteger(o.max)))
    throw new UsageError('--over concurrency needs whole numbers for --start and --max');
  if (o.post && !o.token) throw new UsageError('--post needs an API token: set MAKO_TOKEN (or pass --token)');
  const api = o.post ? makeApi(o) : null;
  if (api) await verifyApiAccess(api);
  const { spec, maxSeq } = resolveDataset(o);
  checkEndpointForDataset(spec.kind, o['endpoint-type']);
  // Settled once, before the first level: every level runs on the same engine with the same flags.
  const { endpoint, setting, provenance, counter, execute } = await setUpEndpoint(o, ctx, {
    argv: ['sweep', ...argv],
    dataset: spec,
  });
  const records: StepRecord[] = [];
  const watchSaturation = o['saturation-window'] > 0;
  // The queue half of the saturation test reads the engine's /metrics once a second.
  const telemetry = watchSaturation ? { telemetryIntervalMs: 1000 } : {};
  const posts: BenchmarkCreate[] = [];
  const what = byConcurrency ? 'concurrency' : spec.kind === 'trace' ? 'trace speed-up' : 'request rate';
  // The sweep as one object: created with the first level that has a setting to show, then its levels replaced as they come.
  let sweep: Sweep | null = null;
  const storeSweep = async (first: BenchmarkCreate | null, complete: boolean) => {
    if (!api) return;
    const levels = records.map(sweepLevel);
    if (sweep) {
      sweep = await api.call('updateSweep', { params: { sweep_id: sweep.id }, body: { levels, complete } });
      return;
    }
    if (!first) return;
    sweep = await api.call('createSweep', {
      body: {
        setting: first.setting,
        runtime_options: first.runtime_options,
        over: byConcurrency ? 'concurrency' : 'rate',
        slo,
        attainment: o.attainment,
        levels,
        complete,
        notes: o.notes ?? '',
      },
    });
  };
  ctx.stdout.write(
    `Sweeping ${what} for ${endpoint.model} @ ${endpoint.baseUrl}: SLO ${Object.entries(slo)
      .map(([k, v]) => `${k} ≤ ${v}`)
      .join(', ')}, pass at ≥ ${pct(o.attainment)}\n`,
  );
  ctx.stdout.write(`${table(STEP_HEADER, [], 9).split('\n')[0]}\n`);

  const evaluate = async (level: number, step: number) => {
    const plan: BenchPlan = {
      endpoint,
      dataset: spec,
      numRequests: o['num-requests'],
      warmup: o.warmup,
      load: byConcurrency
        ? {
            rate: o['request-rate'],
            burstiness: o.burstiness,
            maxConcurrency: level,
            seed: o.seed,
            timeScale: o['time-scale'],
            thinkTimeMs: o['think-time'] * 1000,
            ...telemetry,
          }
        : {
            rate: level,
            burstiness: o.burstiness,
            maxConcurrency: o['max-concurrency'] ?? null,
            seed: o.seed,
            // A trace keeps its own arrival pattern; the level is how much faster it is replayed.
            timeScale: o['time-scale'] / level,
            thinkTimeMs: o['think-time'] * 1000,
            ...telemetry,
          },
      maxSeq,
      slo,
      counter,
    };
    let outcome: BenchOutcome;
    try {
      outcome = await execute(plan, watchSaturation ? new SaturationWatch(o['saturation-window']) : undefined);
    } catch (error) {
      if (error instanceof BenchAbortedError && !ctx.signal.aborted) {
        ctx.stderr.write(`step ${step} at ${what} ${level}: ${error.message}\n`);
        records.push({
          step,
          level,
          passed: false,
          slo_met: 0,
          metrics: emptyMetrics(),
          errors: { aborted: o['num-requests'] },
          client_limited: false,
          client_limited_reasons: [],
          saturated: false,
          saturation: null,
          prefix_cache_reset: null,
          benchmark_id: null,
        });
        await storeSweep(null, false);
        return false;
      }
      throw error;
    }
    const good = outcome.summary.goodRequests ?? 0;
    const saturation = outcome.run.saturation?.evidence ?? null;
    const record: StepRecord = {
      step,
      level,
      // A saturated level fails whatever its truncated figures say: the engine could not keep up.
      passed: !saturation && good / outcome.requests.length >= o.attainment,
      slo_met: good / outcome.requests.length,
      metrics: outcome.summary.metrics,
      errors: outcome.summary.errors,
      client_limited: outcome.run.overhead.client_limited,
      client_limited_reasons: outcome.run.overhead.client_limited_reasons,
      saturated: saturation !== null,
      saturation,
      prefix_cache_reset: outcome.cacheReset,
      benchmark_id: null,
    };
    records.push(record);
    ctx.stdout.write(
      `${table(STEP_HEADER, [stepRow(record)], 9).split('\n')[2]}${record.metrics.failed ? `  ${describeErrors(record.errors).trim()}` : ''}${
        record.client_limited ? `  CLIENT-LIMITED (${record.client_limited_reasons.join('; ')})` : ''
      }\n`,
    );
    if (outcome.serverFailure) ctx.stderr.write(`step ${step} at ${what} ${level}: ${outcome.serverFailure}\n`);
    if (saturation)
      ctx.stderr.write(`step ${step} at ${what} ${level}: saturated, ${describeSaturation(saturation)}\n`);
    const postable = !record.client_limited && !record.saturated && (!outcome.serverFailure || o['post-failed']);
    const body =
      setting && outcome.summary.metrics.completed > 0
        ? benchmarkBody({
            model: endpoint.model,
            setting,
            outcomes: [outcome],
            counter,
            gpuCostPerHour: o['gpu-cost-per-hour'],
            published: o.publish,
            notes: o.notes ?? `mako-runner sweep over ${what}, step ${step}`,
            provenance,
          })
        : null;
    if (body && api && postable) {
      posts.push(body);
      record.benchmark_id = (await postBenchmark(api, body)).id;
    }
    await storeSweep(body, false);
    return record.passed;
  };

  let result;
  try {
    result = await findHighestPassing({
      start: o.start,
      max: o.max,
      integer: byConcurrency,
      precision: o.precision,
      maxSteps: o['max-steps'],
      evaluate,
    });
  } catch (error) {
    // An interrupted sweep stays stored as it got (not complete): its levels so far are still a curve.
    if (ctx.signal.aborted) return ctx.interruptedExit();
    throw error;
  }
  await storeSweep(null, true);
  const sorted = [...records].sort((a, b) => a.level - b.level);
  ctx.stdout.write(`\n${table(STEP_HEADER, sorted.map(stepRow), 9)}\n\n`);
  const unit = byConcurrency ? '' : spec.kind === 'trace' ? '×' : ' req/s';
  const bestRecord = records.find((r) => r.level === result.best && r.passed);
  if (result.best === null) ctx.stdout.write(`No ${what} met the SLO: even ${o.start}${unit} missed it.\n`);
  else
    ctx.stdout.write(
      `Highest ${what} meeting the SLO: ${result.best}${unit}${bestRecord ? ` (goodput ${perSecond(bestRecord.metrics.goodput?.request_throughput ?? 0)} req/s, output ${perSecond(bestRecord.metrics.output_throughput)} tok/s)` : ''}${
        result.firstFail !== null
          ? `; ${result.firstFail}${unit} missed it`
          : result.best >= o.max
            ? ' (the maximum tried: raise --max to look further)'
            : ''
      }\n`,
    );
  if (o.output) {
    writeFileSync(
      o.output,
      `${JSON.stringify({ tool: 'mako-runner', over: o.over, slo, attainment: o.attainment, best: result.best, first_fail: result.firstFail, sweep_id: sweep ? (sweep as Sweep).id : null, steps: records }, null, 2)}\n`,
    );
    ctx.stderr.write(`Results written to ${o.output}\n`);
  }
  const limited = records.filter((r) => r.client_limited).map((r) => r.level);
  if (limited.length)
    ctx.stderr.write(
      `warning: the client could not keep up at level(s) ${limited.join(', ')}: their verdicts measure this machine as much as the server (see client_limited in the steps)\n`,
    );
  if (posts.length && api) ctx.stdout.write(`Posted ${posts.length} benchmark(s) to ${api.baseUrl}\n`);
  if (sweep && api)
    ctx.stdout.write(`Posted sweep ${(sweep as Sweep).id} (${records.length} levels) to ${api.baseUrl}\n`);
  return result.best === null ? EXIT.failure : EXIT.ok;
}
