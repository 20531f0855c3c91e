import { writeFileSync } from 'node:fs';
import {
  MAX_RUNS,
  meanRun,
  type Benchmark,
  type BenchmarkCreate,
  type BenchmarkMetrics,
  type MeanCi,
  type Provenance,
} from '@mako/contract';
import { BenchAbortedError } from '../bench/run.ts';
import { cacheResetOption } from '../bench/cache-reset.ts';
import type { BenchOutcome, BenchPlan } from '../bench/execute.ts';
import { measureRequest } from '../bench/metrics.ts';
import { aggregateRuns } from '../bench/repeats.ts';
import { clientReport, telemetryUpload } from '../bench/upload.ts';
import { describeProvenance } from '../bench/provenance.ts';
import type { TokenCounter } from '../bench/tokens.ts';
import { describeErrors, formatAggregate, formatReport } from '../bench/report.ts';
import { verifyApiAccess, type MakoApi } from '../api/client.ts';
import type { RampUp } from '../bench/arrivals.ts';
import { EXIT, UsageError, parseOptions, renderHelp, type CommandSpec } from '../cli/options.ts';
import { apiOptions, makeApi } from '../cli/flags/api.ts';
import { checkEndpointForDataset, datasetOptions, resolveDataset } from '../cli/flags/dataset.ts';
import { endpointOptions } from '../cli/flags/endpoint.ts';
import { loadOptions, rampOptions, resolveRampUp } from '../cli/flags/load.ts';
import { resolveSlo, resultOptions } from '../cli/flags/results.ts';
import { describeSetting, settingOptions, type ResolvedSetting } from '../cli/flags/setting.ts';
import type { Context } from './context.ts';
import { setUpEndpoint } from './endpoint-setup.ts';

export const benchCommand = {
  name: 'bench',
  summary: 'Load an OpenAI-compatible endpoint and measure latency, throughput and goodput',
  description:
    'Sends streaming requests to /v1/completions or /v1/chat/completions at a Poisson or gamma (bursty) arrival rate, ' +
    'optionally capped by a maximum concurrency, and reports TTFT, TPOT, ITL and end-to-end latency (mean, p50, p90, p95, p99), ' +
    'request and token throughput, goodput under SLOs and errors by kind. Definitions follow `vllm bench serve`: TPOT excludes ' +
    'the first token, ITL is every gap between streamed chunks, warm-up requests are not measured. Token counts come from the ' +
    "endpoint's streaming usage, else the model's tokenizer when it is on disk, else characters/4 (with a warning). " +
    'With --post the results are uploaded to MakoOptimize with their setting (model, hardware, engine and version, engine flags).',
  examples: [
    'mako-runner bench --base-url http://127.0.0.1:8000 --request-rate 10 --num-requests 500 --prompt-len 1024 --output-len 128',
    'mako-runner bench --endpoint-type chat --dataset sharegpt --dataset-path ShareGPT_V3.json --max-concurrency 64 --slo ttft_ms=500,tpot_ms=50',
    'MAKO_TOKEN=mako_… mako-runner bench --request-rate 20 --burstiness 0.5 --post --hardware "8x H100" --runtime-option max_num_seqs=256',
  ],
  options: {
    ...endpointOptions,
    ...cacheResetOption,
    ...datasetOptions,
    ...loadOptions,
    ...rampOptions,
    ...resultOptions,
    'telemetry-interval': {
      kind: 'number',
      group: 'Results',
      value: 'SECONDS',
      min: 0,
      default: 1,
      help: "Sample the engine's Prometheus /metrics (vLLM, SGLang) and nvidia-smi this often during the run, into time series in the --output JSON and the posted benchmark; 0 turns it off.",
    },
    'dcgm-url': {
      kind: 'url',
      group: 'Results',
      value: 'URL',
      help: "A DCGM exporter's metrics URL (e.g. http://127.0.0.1:9400/metrics): the GPUs' energy comes from its DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter, read just before and just after the measured requests, instead of nvidia-smi's power draw.",
    },
    runs: {
      kind: 'int',
      group: 'Results',
      value: 'N',
      min: 1,
      max: 1000,
      default: 1,
      help: "Repeat the benchmark N times (run k uses --seed + k − 1) and report every metric's mean with a 95 % confidence interval (Student t); the JSON keeps each run. With --post one benchmark is uploaded: the mean as its metrics, each run (up to 50) for its intervals.",
    },
    ...apiOptions,
    ...settingOptions,
  },
} as const satisfies CommandSpec;

function costPerMillionTokens(
  metrics: BenchmarkMetrics,
  gpuCount: number,
  gpuCostPerHour: number | undefined,
): number | null {
  if (gpuCostPerHour === undefined || metrics.output_throughput <= 0) return null;
  return ((gpuCount * gpuCostPerHour) / 3600 / metrics.output_throughput) * 1e6;
}

/**
 * One benchmark from one or more runs of the same plan: repeated runs post their mean as the
 * metrics and keep each run; the client's report covers every run, the telemetry is the first run's.
 */
export function benchmarkBody(options: {
  model: string;
  setting: ResolvedSetting;
  outcomes: readonly [BenchOutcome, ...BenchOutcome[]];
  counter: TokenCounter;
  gpuCostPerHour: number | undefined;
  published: boolean;
  notes: string;
  provenance?: Provenance | undefined;
}): BenchmarkCreate {
  const [first] = options.outcomes;
  const runs = options.outcomes.map((o) => o.summary.metrics);
  const metrics = runs.length > 1 ? meanRun(runs) : first.summary.metrics;
  const telemetry = telemetryUpload(
    first.run.telemetry,
    first.run,
    first.run.outcomes.map((o, i) =>
      o.ok && first.requests[i] ? measureRequest(o, first.requests[i], options.counter).outputTokens : 0,
    ),
  );
  return {
    setting: {
      ml_model_name: options.model,
      hardware_config: options.setting.hardware,
      software: { runtime: options.setting.runtime, version: options.setting.version },
      workload: first.workload,
    },
    runtime_options: options.setting.runtimeOptions,
    metrics,
    cost_per_million_tokens: costPerMillionTokens(metrics, options.setting.hardware.count, options.gpuCostPerHour),
    published: options.published,
    notes: options.notes,
    ...(runs.length > 1 ? { runs } : {}),
    client: clientReport(options.outcomes.map((o) => o.run.overhead)),
    ...(telemetry ? { telemetry } : {}),
    ...(options.provenance ? { provenance: options.provenance } : {}),
  };
}

export async function postBenchmark(api: MakoApi, body: BenchmarkCreate): Promise<Benchmark> {
  return api.call('createBenchmark', { body });
}

/** The JSON written by --output: everything needed to compare or re-post a run later. */
export function resultDocument(
  plan: BenchPlan,
  outcome: BenchOutcome,
  extra: { setting?: BenchmarkCreate | null; saveRequests: boolean; provenance?: Provenance },
) {
  return {
    tool: 'mako-runner',
    started_at: outcome.run.startedAt.toISOString(),
    endpoint: { base_url: plan.endpoint.baseUrl, type: plan.endpoint.type, model: plan.endpoint.model },
    load: {
      num_requests: plan.numRequests,
      // What was sent: a ramp's or a trace's mean rate, not the unused --request-rate default.
      request_rate: outcome.workload.request_rate,
      burstiness: plan.load.burstiness,
      max_concurrency: plan.load.maxConcurrency,
      ...(plan.dataset.kind === 'trace' ? { time_scale: plan.load.timeScale ?? 1 } : {}),
      ...(plan.load.rampUp ? { ramp_up: rampDocument(plan.load.rampUp) } : {}),
      ...(plan.dataset.kind === 'multi-turn' ? { think_time_s: (plan.load.thinkTimeMs ?? 0) / 1000 } : {}),
      warmup: plan.warmup,
      seed: plan.load.seed,
    },
    workload: outcome.workload,
    metrics: outcome.summary.metrics,
    // In full beside the metrics, which keep the contract's share of them, so the document can be posted later.
    ...outcome.details,
    errors: outcome.summary.errors,
    token_counts: { output: outcome.summary.tokenSources, input: outcome.inputSource },
    client_overhead: outcome.run.overhead,
    server_failure: outcome.serverFailure,
    prefix_cache_reset: outcome.cacheReset,
    ...(outcome.perTurn ? { per_turn: outcome.perTurn } : {}),
    telemetry: outcome.run.telemetry,
    provenance: extra.provenance ?? null,
    benchmark: extra.setting ?? null,
    ...(extra.saveRequests
      ? {
          requests: outcome.run.outcomes.map((o, i) => {
            const request = outcome.requests[i];
            if (!o.ok || !request)
              return { ok: false, error: o.errorKind, message: o.errorMessage, prompt_tokens: request?.promptTokens };
            const m = measureRequest(o, request, plan.counter);
            return {
              ok: true,
              prompt_tokens: m.inputTokens,
              output_tokens: m.outputTokens,
              ttft_ms: m.ttftMs,
              tpot_ms: m.tpotMs ?? null,
              e2el_ms: m.e2elMs,
              itl_ms: m.itlMs,
            };
          }),
        }
      : {}),
  };
}

function rampDocument(ramp: RampUp) {
  return 'startRps' in ramp
    ? { strategy: ramp.strategy, start_rps: ramp.startRps, end_rps: ramp.endRps }
    : { strategy: ramp.strategy, duration_s: ramp.durationS };
}

export function describeLoad(plan: BenchPlan): string {
  const ramp = plan.load.rampUp;
  const rate =
    plan.dataset.kind === 'trace'
      ? `trace timestamps × ${plan.load.timeScale ?? 1}`
      : ramp && 'startRps' in ramp
        ? `rate ramped ${ramp.strategy} from ${ramp.startRps} to ${ramp.endRps} req/s`
        : plan.load.rate === 'inf'
          ? 'all at once'
          : `${plan.load.rate} req/s ${plan.load.burstiness === 1 ? 'Poisson' : `gamma, burstiness ${plan.load.burstiness}`}`;
  const conc = plan.load.maxConcurrency
    ? `max concurrency ${plan.load.maxConcurrency}${ramp && 'durationS' in ramp ? ` (ramped ${ramp.strategy} from 1 over ${ramp.durationS} s)` : ''}`
    : 'no concurrency cap';
  const unit =
    plan.dataset.kind === 'multi-turn'
      ? `conversations of ${plan.dataset.turns ?? 3} turns max, ${(plan.load.thinkTimeMs ?? 0) / 1000} s think time`
      : 'requests';
  return `${plan.numRequests} ${unit} · ${rate} · ${conc} · ${plan.warmup} warm-up · dataset ${plan.dataset.kind} · seed ${plan.load.seed}`;
}

export async function runBenchCommand(argv: readonly string[], ctx: Context): Promise<number> {
  const o = parseOptions(benchCommand, argv, ctx.env);
  if (o.help) {
    ctx.stdout.write(`${renderHelp(benchCommand)}\n`);
    return EXIT.ok;
  }
  if (o.post && !o.token)
    throw new UsageError(
      '--post needs an API token: set MAKO_TOKEN (or pass --token) with a token from the Tokens page',
    );
  if (o.post && o.runs > MAX_RUNS)
    throw new UsageError(`--post keeps at most ${MAX_RUNS} runs of a benchmark; --runs is ${o.runs}`);
  const slo = resolveSlo(o.slo);
  const { spec, maxSeq } = resolveDataset(o);
  const rampUp = resolveRampUp(o);
  checkEndpointForDataset(spec.kind, o['endpoint-type']);
  // The API and the token are checked before the load: a typo should not cost a whole benchmark.
  const api = o.post ? makeApi(o) : null;
  if (api) await verifyApiAccess(api);
  // Settled before the load: a missing --hardware or a flag the engine did not take should not cost a whole benchmark.
  const { endpoint, setting, provenance, counter, execute } = await setUpEndpoint(o, ctx, {
    argv: ['bench', ...argv],
    dataset: spec,
  });
  const plan: BenchPlan = {
    endpoint,
    dataset: spec,
    numRequests: o['num-requests'],
    warmup: o.warmup,
    load: {
      rate: o['request-rate'],
      burstiness: o.burstiness,
      maxConcurrency: o['max-concurrency'] ?? null,
      seed: o.seed,
      timeScale: o['time-scale'],
      rampUp,
      thinkTimeMs: o['think-time'] * 1000,
      telemetryIntervalMs: o['telemetry-interval'] * 1000,
      ...(o['dcgm-url'] ? { dcgmUrl: o['dcgm-url'] } : {}),
    },
    maxSeq,
    slo,
    counter,
  };
  const runs: { plan: BenchPlan; outcome: BenchOutcome }[] = [];
  for (let index = 0; index < o.runs; index++) {
    // Each repeat draws new prompts and arrivals (seed + index): repeating the same prompts would
    // measure a warm prefix cache, and the interval should cover workload noise too.
    const runPlan: BenchPlan =
      index === 0
        ? plan
        : {
            ...plan,
            dataset: { ...plan.dataset, seed: plan.dataset.seed + index },
            load: { ...plan.load, seed: plan.load.seed + index },
          };
    let outcome: BenchOutcome;
    try {
      outcome = await execute(runPlan);
    } catch (error) {
      if (error instanceof BenchAbortedError) {
        if (ctx.signal.aborted) return ctx.interruptedExit();
        ctx.stderr.write(`error: ${error.message}\n`);
        return EXIT.failure;
      }
      throw error;
    }
    for (const w of outcome.warnings) ctx.stderr.write(`warning: ${w}\n`);
    ctx.stdout.write(
      `${o.runs > 1 ? `Run ${index + 1} of ${o.runs}\n` : ''}${formatReport({
        title: `${endpoint.type} · ${endpoint.model} @ ${endpoint.baseUrl}${setting ? ` · ${describeSetting(setting)}` : ''}`,
        loadLine: describeLoad(runPlan),
        summary: outcome.summary,
        overhead: outcome.run.overhead,
        inputSource: outcome.inputSource,
        perTurn: outcome.perTurn,
        serverFailure: outcome.serverFailure,
        details: outcome.details,
      })}\n${o.runs > 1 ? '\n' : ''}`,
    );
    runs.push({ plan: runPlan, outcome });
  }
  const body = setting
    ? benchmarkBody({
        model: endpoint.model,
        setting,
        outcomes: runs.map((r) => r.outcome) as [BenchOutcome, ...BenchOutcome[]],
        counter: plan.counter,
        gpuCostPerHour: o['gpu-cost-per-hour'],
        published: o.publish,
        notes: o.notes ?? '',
        provenance,
      })
    : null;
  const documents = runs.map((r) =>
    resultDocument(r.plan, r.outcome, { setting: body, saveRequests: o['save-requests'], provenance }),
  );
  ctx.stdout.write(`${describeProvenance(provenance)}\n`);
  let aggregate: Record<string, MeanCi> | null = null;
  if (o.runs > 1) {
    aggregate = aggregateRuns(
      runs.map((r) => ({ metrics: r.outcome.summary.metrics, client_overhead: r.outcome.run.overhead })),
    );
    ctx.stdout.write(`${formatAggregate(aggregate, o.runs)}\n`);
  }
  if (o.output) {
    const document = aggregate
      ? { tool: 'mako-runner', runs: o.runs, summary: aggregate, per_run: documents }
      : documents[0];
    writeFileSync(o.output, `${JSON.stringify(document, null, 2)}\n`);
    ctx.stderr.write(`Results written to ${o.output}\n`);
  }
  const empty = runs.findIndex((r) => r.outcome.summary.metrics.completed === 0);
  if (empty >= 0) {
    const { errors } = (runs[empty] as (typeof runs)[number]).outcome.summary;
    ctx.stderr.write(
      `error: no request completed${o.runs > 1 ? ` in run ${empty + 1}` : ''}${describeErrors(errors)}${setting ? '; nothing was posted' : ''}\n`,
    );
    return EXIT.failure;
  }
  const failing = runs.map((r, i) => ({ i, verdict: r.outcome.serverFailure })).filter((r) => r.verdict !== null);
  for (const { i, verdict } of failing) ctx.stderr.write(`error: ${o.runs > 1 ? `run ${i + 1}: ` : ''}${verdict}\n`);
  if (failing.length > 0 && body && !o['post-failed']) {
    ctx.stderr.write('Nothing was posted: pass --post-failed to store a run with this many failed requests anyway.\n');
    return EXIT.failure;
  }
  if (body && api) {
    const limited = runs.filter((r) => r.outcome.run.overhead.client_limited).length;
    // Posted all the same, marked: the page then says why these numbers understate the server.
    if (limited > 0)
      ctx.stderr.write(
        `warning: ${o.runs > 1 ? `${limited} of ${o.runs} runs are` : 'the run is'} client-limited, so ${o.runs > 1 ? 'they do' : 'it does'} not measure the server at the load asked for; the benchmark is posted marked client-limited and unverified. Lower the load, or run the client on a less busy machine.\n`,
      );
    const saved = await postBenchmark(api, body);
    ctx.stdout.write(
      `Posted benchmark ${saved.id} (setting ${saved.setting.id}${o.runs > 1 ? `, ${o.runs} runs` : ''}) to ${api.baseUrl}\n`,
    );
  }
  return failing.length > 0 ? EXIT.failure : EXIT.ok;
}
