import * as z from 'zod/mini';
import { Id, Message, PagingQuery, Timestamp, listAnswer } from './common.ts';
import { MetricKey } from './metric-key.ts';
import { Provenance } from './provenance.ts';
import { Prediction } from './prediction.ts';
import { CONSTRAINT_OPS } from './vocabulary/constraints.ts';
import { splitCost } from './vocabulary/cost-split.ts';
import { DIRECTIONS, type LATENCY_METRICS } from './vocabulary/metrics.ts';
import type * as vocabulary from './vocabulary/runtimes.ts';
import { OPTION_KINDS, RUNTIMES } from './vocabulary/runtimes.ts';

// ---- Setting: what was served, on what, under which load --------------------------------------

export const HardwareConfig = z.object({
  /** Accelerator name as users say it: "H100", "A100-80GB", "L40S", "MI300X". */
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  count: z.number().check(z.int(), z.minimum(1), z.maximum(1024)),
});
export type HardwareConfig = z.infer<typeof HardwareConfig>;

export const Runtime = z.enum(RUNTIMES);
export type Runtime = z.infer<typeof Runtime>;

export const Software = z.object({
  runtime: Runtime,
  version: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});
export type Software = z.infer<typeof Software>;

/** A request rate in requests/s, or 'inf' to send everything at once (as `vllm bench serve`). */
export const RequestRate = z.union([z.number().check(z.positive(), z.maximum(1_000_000)), z.literal('inf')]);
export type RequestRate = z.infer<typeof RequestRate>;

/** A whole number from `low`, up to `high` when given. */
const integer = (low: number, high?: number) =>
  z.number().check(z.int(), z.minimum(low), ...(high === undefined ? [] : [z.maximum(high)]));

export const Workload = z
  .object({
    dataset: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
    num_requests: integer(1, 10_000_000),
    request_rate: RequestRate,
    /** Poisson arrivals at 1.0; lower is burstier (gamma-distributed inter-arrival times). */
    burstiness: z._default(z.number().check(z.positive(), z.maximum(100)), 1),
    max_concurrency: z._default(z.nullable(integer(1, 1_000_000)), null),
    max_seq_length: integer(1, 10_000_000),
    output_len: integer(1, 10_000_000),
    min_prompt: integer(0),
    max_prompt: integer(0),
    min_output: integer(0),
    max_output: integer(0),
  })
  .check(
    z.refine((w) => w.min_prompt <= w.max_prompt, {
      message: 'min_prompt must not exceed max_prompt',
      path: ['min_prompt'],
    }),
    z.refine((w) => w.min_output <= w.max_output, {
      message: 'min_output must not exceed max_output',
      path: ['min_output'],
    }),
  );
export type Workload = z.infer<typeof Workload>;

export const BenchmarkSettingCreate = z.object({
  ml_model_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  hardware_config: HardwareConfig,
  software: Software,
  workload: Workload,
});
export type BenchmarkSettingCreate = z.infer<typeof BenchmarkSettingCreate>;

export const BenchmarkSetting = z.extend(BenchmarkSettingCreate, {
  id: Id,
  owner: Id,
  created_at: Timestamp,
  /** How many benchmarks the caller can see under this setting. */
  benchmark_count: integer(0),
});
export type BenchmarkSetting = z.infer<typeof BenchmarkSetting>;

// ---- Metrics ----------------------------------------------------------------------------------

const NonNegative = z.number().check(z.minimum(0));

export const LatencyStats = z.object({
  mean: NonNegative,
  p50: NonNegative,
  p90: NonNegative,
  p95: NonNegative,
  p99: NonNegative,
});
export type LatencyStats = z.infer<typeof LatencyStats>;

const Positive = z.number().check(z.positive());

export const Slo = z.object({
  ttft_ms: z.optional(Positive),
  tpot_ms: z.optional(Positive),
  e2el_ms: z.optional(Positive),
});
export type Slo = z.infer<typeof Slo>;

export const Goodput = z.object({
  /** Completed requests per second that met every SLO. */
  request_throughput: NonNegative,
  /** Share of completed requests that met every SLO, 0..1. */
  attainment: z.number().check(z.minimum(0), z.maximum(1)),
  slo: Slo,
});
export type Goodput = z.infer<typeof Goodput>;

const Rate = z.number().check(z.minimum(0), z.maximum(1));

/** The GPUs' energy over the measured window, per output token and per completed request. */
export const Energy = z.object({
  joules_per_output_token: z.number().check(z.minimum(0), z.maximum(1e9)),
  joules_per_request: z.number().check(z.minimum(0), z.maximum(1e12)),
  /** nvidia-smi's power draw integrated over time, or a DCGM exporter's energy counter. */
  source: z.enum(['nvidia-smi', 'dcgm']),
});
export type Energy = z.infer<typeof Energy>;

export const BenchmarkMetrics = z.object({
  completed: integer(0),
  failed: integer(0),
  duration_s: NonNegative,
  total_input_tokens: integer(0),
  total_output_tokens: integer(0),
  request_throughput: NonNegative,
  input_throughput: NonNegative,
  output_throughput: NonNegative,
  total_token_throughput: NonNegative,
  ttft_ms: LatencyStats,
  tpot_ms: LatencyStats,
  itl_ms: LatencyStats,
  e2el_ms: LatencyStats,
  goodput: z._default(z.nullable(Goodput), null),
  // Optional: older runners send none, and a run measures them only where the engine and the
  // machine allow (a reasoning model, cached_tokens in usage, a GPU power reading).
  /** Time to the first answer token, after any reasoning (AIPerf's time to first output token). */
  ttfot_ms: z.optional(LatencyStats),
  /** Output tokens spent reasoning and answering; they add up to total_output_tokens. */
  reasoning_tokens: z.optional(integer(0)),
  answer_tokens: z.optional(integer(0)),
  /** Prompt tokens the engine served from its prefix cache (usage's cached_tokens), summed. */
  cached_prompt_tokens: z.optional(integer(0)),
  /** cached_prompt_tokens over the prompt tokens of the requests that reported it. */
  prefix_cache_hit_rate: z.optional(Rate),
  /** The engine's own prefix-cache hit rate over the run, from its /metrics counters. */
  engine_prefix_cache_hit_rate: z.optional(Rate),
  energy: z.optional(Energy),
});
export type BenchmarkMetrics = z.infer<typeof BenchmarkMetrics>;

export const Direction = z.enum(DIRECTIONS);
export type Direction = z.infer<typeof Direction>;

/** Reads a metric from a measurement; `gpuCount` feeds the per-GPU metric. Null when unavailable. */
export function readMetric(
  metrics: BenchmarkMetrics,
  metric: MetricKey,
  extra: { gpuCount: number; costPerMillionTokens?: number | null },
): number | null {
  switch (metric) {
    case 'goodput':
      return metrics.goodput?.request_throughput ?? null;
    case 'output_throughput_per_gpu':
      return metrics.output_throughput / extra.gpuCount;
    case 'output_throughput_per_user':
      // Interactivity: tokens/s one user sees while streaming, from the mean time per output token.
      return metrics.tpot_ms.mean > 0 ? 1000 / metrics.tpot_ms.mean : null;
    case 'cost_per_million_tokens':
      return extra.costPerMillionTokens ?? null;
    case 'cost_per_million_input_tokens':
    case 'cost_per_million_output_tokens': {
      const split = splitCost(metrics, extra.costPerMillionTokens ?? null);
      return split && (metric === 'cost_per_million_input_tokens' ? split.input : split.output);
    }
    case 'prefix_cache_hit_rate':
      return metrics.prefix_cache_hit_rate ?? null;
    case 'joules_per_output_token':
    case 'joules_per_request':
      return metrics.energy?.[metric] ?? null;
    default: {
      const [stat, pct] = metric.split('.') as [string, string | undefined];
      if (pct) {
        // ttfot_ms is optional: absent when the run saw no reasoning or an older runner posted it.
        const stats = metrics[stat as (typeof LATENCY_METRICS)[number] | 'ttfot_ms'] as LatencyStats | undefined;
        return stats?.[pct as keyof LatencyStats] ?? null;
      }
      return metrics[stat as 'output_throughput'];
    }
  }
}

export const ConstraintOp = z.enum(CONSTRAINT_OPS);
export type ConstraintOp = z.infer<typeof ConstraintOp>;
export const Constraint = z.object({ metric: MetricKey, op: ConstraintOp, value: z.number() });
export type Constraint = z.infer<typeof Constraint>;

// ---- Runtime options (engine flags) -------------------------------------------------------------

export const ConfigValue = z.union([z.string().check(z.maxLength(256)), z.number(), z.boolean()]);
export type ConfigValue = z.infer<typeof ConfigValue>;
/**
 * Flags in one configuration at most. A run records the flags it set, and a tuned launch sets a
 * dozen or two (an engine-flag list holds at most 15 flags of one engine); this leaves room for a
 * hand-written command line with every flag spelled out.
 */
export const MAX_RUNTIME_OPTIONS = 100;
/**
 * A configuration's JSON at most, in characters: every row of a public page carries its flags,
 * so this bounds a page whatever one account stores (a 30-flag launch is about 1,000).
 */
export const MAX_RUNTIME_OPTIONS_CHARS = 4096;

/** A serving configuration: engine flag name (snake_case, as the engine's Python API names it) → value. */
export const RuntimeOptions = z
  .record(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/), z.maxLength(64)), ConfigValue)
  .check(
    z.refine((options) => Object.keys(options).length <= MAX_RUNTIME_OPTIONS, {
      message: `At most ${MAX_RUNTIME_OPTIONS} engine flags`,
      abort: true,
    }),
    z.refine((options) => JSON.stringify(options).length <= MAX_RUNTIME_OPTIONS_CHARS, {
      message: `Engine flags must take at most ${MAX_RUNTIME_OPTIONS_CHARS} characters as JSON`,
    }),
  );
export type RuntimeOptions = z.infer<typeof RuntimeOptions>;

// ---- Benchmarks -------------------------------------------------------------------------------

const Notes = z.string().check(z.maxLength(4000));

// ---- Repeats, client honesty and engine telemetry (all optional: older runners send none) -------

/** `--runs N` keeps each run; `metrics` is then their mean. */
export const MAX_RUNS = 50;
/** Telemetry samples per benchmark: one a second covers a run of half an hour. */
export const MAX_TELEMETRY_SAMPLES = 2000;

export const BenchmarkRuns = z.array(BenchmarkMetrics).check(z.minLength(2), z.maxLength(MAX_RUNS));

/** A metric's mean over the runs with its 95 % confidence interval (Student t, n − 1 df). */
export const MetricInterval = z.object({
  mean: z.number(),
  low: z.number(),
  high: z.number(),
  n: integer(2, MAX_RUNS),
});
export type MetricInterval = z.infer<typeof MetricInterval>;
/** Per metric key; a metric some run lacks (goodput without an SLO, cost) has none. */
export const MetricIntervals = z.partialRecord(MetricKey, MetricInterval);
export type MetricIntervals = z.infer<typeof MetricIntervals>;

const Share = z.number().check(z.minimum(0), z.maximum(1));

/** Whether the client kept to its schedule, so the load the server saw was the load asked for. */
export const ClientReport = z.object({
  /** Requests/s the schedule asked for and actually sent; null when everything was due at once. */
  target_rate: z.nullable(NonNegative),
  achieved_rate: z.nullable(NonNegative),
  /** How late requests left relative to their scheduled arrival. */
  send_lag_ms: z.object({ p50: NonNegative, p99: NonNegative }),
  /** The client's CPU time over the run's wall time, in % of one core. */
  cpu_pct: NonNegative,
  client_limited: z.boolean(),
  client_limited_reasons: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(300))).check(z.maxLength(10)),
});
export type ClientReport = z.infer<typeof ClientReport>;

/** One moment of a run: each series is absent when the engine or machine did not expose it. */
export const TelemetrySample = z.object({
  /** Seconds since the run started. */
  t_s: z.number().check(z.minimum(0), z.maximum(1e7)),
  /** The run's own output tokens/s over the interval ending here. */
  output_throughput: z.optional(NonNegative),
  running: z.optional(NonNegative),
  waiting: z.optional(NonNegative),
  /** Share of the KV cache in use, 0..1. */
  kv_cache_usage: z.optional(Share),
  /** Preemptions since the engine started (a counter: its rises matter). */
  preemptions: z.optional(NonNegative),
  prefix_cache_hit_rate: z.optional(Share),
  /** Mean over the machine's GPUs. */
  gpu_utilization_pct: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  /** Summed over the machine's GPUs. */
  gpu_memory_used_mib: z.optional(NonNegative),
  gpu_power_w: z.optional(NonNegative),
});
export type TelemetrySample = z.infer<typeof TelemetrySample>;

export const Telemetry = z.object({
  interval_s: z.number().check(z.positive(), z.maximum(3600)),
  samples: z.array(TelemetrySample).check(z.maxLength(MAX_TELEMETRY_SAMPLES)),
});
export type Telemetry = z.infer<typeof Telemetry>;

export const BenchmarkCreate = z.object({
  setting: BenchmarkSettingCreate,
  runtime_options: RuntimeOptions,
  metrics: BenchmarkMetrics,
  cost_per_million_tokens: z._default(z.nullable(NonNegative), null),
  session_id: z._default(z.nullable(Id), null),
  published: z._default(z.boolean(), false),
  /** Free text the runner records: GPU driver, notes, command line. */
  notes: z._default(Notes, ''),
  /** Each run of a repeated benchmark; `metrics` is their mean, and the answer carries `intervals`. */
  runs: z.optional(BenchmarkRuns),
  client: z.optional(ClientReport),
  telemetry: z.optional(Telemetry),
  /** What the engine really ran with (engine, flags, GPU, runner, dataset); older runners send none. */
  provenance: z.optional(Provenance),
});
export type BenchmarkCreate = z.input<typeof BenchmarkCreate>;

export const Benchmark = z.object({
  id: Id,
  setting: BenchmarkSetting,
  session_id: z.nullable(Id),
  runtime_options: RuntimeOptions,
  metrics: BenchmarkMetrics,
  cost_per_million_tokens: z.nullable(z.number()),
  output_throughput_per_gpu: z.number(),
  output_throughput_per_user: z.nullable(z.number()),
  verified: z.boolean(),
  published: z.boolean(),
  /** Seeded from the documented performance model, not measured on hardware. */
  demo: z.boolean(),
  notes: z.string(),
  owner: Id,
  created_at: Timestamp,
  /** In every answer (small): whether and why the client could not keep up. */
  client: z.optional(ClientReport),
  /** Only in a single benchmark's answers (by id, create): pages stay light. */
  runs: z.optional(BenchmarkRuns),
  intervals: z.optional(MetricIntervals),
  telemetry: z.optional(Telemetry),
  provenance: z.optional(Provenance),
  /** Only in a single benchmark's answers and the best-setup report: perf-model's figures beside the measured ones. */
  prediction: z.optional(Prediction),
});
export type Benchmark = z.infer<typeof Benchmark>;

/** Only presentation fields are editable; owner, metrics and verification are not. */
export const BenchmarkPatch = z.strictObject({
  published: z.optional(z.boolean()),
  cost_per_million_tokens: z.optional(z.nullable(NonNegative)),
  notes: z.optional(Notes),
});
export type BenchmarkPatch = z.infer<typeof BenchmarkPatch>;

export const BenchmarkListAnswer = listAnswer(Benchmark);
export const BenchmarkSettingListAnswer = listAnswer(BenchmarkSetting);

export const OwnedByQuery = z.extend(PagingQuery, {
  /** `me`, or the caller's own user id. Nobody can list another user's private items. */
  owned_by: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type OwnedByQuery = z.infer<typeof OwnedByQuery>;

export const BenchmarkId = z.object({ benchmark_id: Id });
export const SettingId = z.object({ setting_id: Id });

// ---- Supported runtime options ------------------------------------------------------------------

export const OptionKind = z.enum(OPTION_KINDS);
export type OptionKind = z.infer<typeof OptionKind>;

export const RuntimeOptionSpec = z.object({
  name: z.string(),
  /** The command-line flag, e.g. `--max-num-seqs`. */
  flag: z.string(),
  kind: OptionKind,
  default: z.nullable(ConfigValue),
  low: z.optional(z.number()),
  high: z.optional(z.number()),
  step: z.optional(z.number()),
  log: z.optional(z.boolean()),
  choices: z.optional(z.array(ConfigValue)),
  description: z.string(),
  /** Whether the tuner searches it by default. */
  tunable: z.boolean(),
});
export type RuntimeOptionSpec = vocabulary.RuntimeOptionSpec;

export const EngineFlagList = z.object({
  runtime: Runtime,
  display_name: z.string(),
  versions: z.array(z.string()),
  /** `{model}` and `{flags}` are substituted; e.g. `vllm serve {model} {flags}`. */
  launch_template: z.string(),
  options: z.array(RuntimeOptionSpec),
}) satisfies z.ZodMiniType<vocabulary.EngineFlagList>;
/** An engine-flag list's shape is the vocabulary's (the data lives there); `satisfies` holds the schema to it. */
export type EngineFlagList = vocabulary.EngineFlagList;

export const SupportedRuntimeOptions = z.object({ runtimes: z.array(EngineFlagList) });
export type SupportedRuntimeOptions = z.infer<typeof SupportedRuntimeOptions>;

// ---- Best-setup report ------------------------------------------------------------------------

export const BestReportQuery = z.object({
  model_name: z.string().check(z.minLength(1), z.maxLength(200)),
  hardware_name: z.string().check(z.minLength(1), z.maxLength(64)),
  objective: MetricKey,
});
export type BestReportQuery = z.infer<typeof BestReportQuery>;

export const BestBenchmarkReport = z.object({
  objective: MetricKey,
  direction: Direction,
  best: Benchmark,
  /** The best benchmark with the engine's default flags under the same setting, when one exists. */
  baseline: z.nullable(Benchmark),
  /** Relative gain of best over baseline in the objective's better direction, in percent. */
  improvement_pct: z.nullable(z.number()),
  launch_command: z.string(),
  candidates: integer(1),
});
export type BestBenchmarkReport = z.infer<typeof BestBenchmarkReport>;

export { Message };
