import { z } from 'zod';
import { Id, Message, PageQuery, QueryBool, Timestamp, page } from './common.ts';
import { CONSTRAINT_OPS, METRIC_KEYS, parseConstraints, type LATENCY_METRICS } from './metric-keys.ts';

export { METRIC_KEYS, formatConstraints, parseConstraints } from './metric-keys.ts';

// ---- Setting: what was served, on what, under which load --------------------------------------

export const HardwareConfig = z.object({
  /** Accelerator name as users say it: "H100", "A100-80GB", "L40S", "MI300X". */
  name: z.string().trim().min(1).max(64),
  count: z.number().int().min(1).max(1024),
});
export type HardwareConfig = z.infer<typeof HardwareConfig>;

export const RUNTIMES = ['vllm', 'sglang', 'tensorrt-llm'] as const;
export const Runtime = z.enum(RUNTIMES);
export type Runtime = z.infer<typeof Runtime>;

export const Software = z.object({ runtime: Runtime, version: z.string().trim().min(1).max(64) });
export type Software = z.infer<typeof Software>;

/** A request rate in requests/s, or 'inf' to send everything at once (as `vllm bench serve`). */
export const RequestRate = z.union([z.number().positive().max(1_000_000), z.literal('inf')]);
export type RequestRate = z.infer<typeof RequestRate>;

export const DATASETS = ['random', 'sharegpt', 'sonnet', 'shared-prefix', 'custom'] as const;

export const Workload = z
  .object({
    dataset: z.string().trim().min(1).max(128),
    num_requests: z.number().int().min(1).max(10_000_000),
    request_rate: RequestRate,
    /** Poisson arrivals at 1.0; lower is burstier (gamma-distributed inter-arrival times). */
    burstiness: z.number().positive().max(100).default(1),
    max_concurrency: z.number().int().min(1).max(1_000_000).nullable().default(null),
    max_seq_length: z.number().int().min(1).max(10_000_000),
    output_len: z.number().int().min(1).max(10_000_000),
    min_prompt: z.number().int().min(0),
    max_prompt: z.number().int().min(0),
    min_output: z.number().int().min(0),
    max_output: z.number().int().min(0),
  })
  .refine((w) => w.min_prompt <= w.max_prompt, {
    message: 'min_prompt must not exceed max_prompt',
    path: ['min_prompt'],
  })
  .refine((w) => w.min_output <= w.max_output, {
    message: 'min_output must not exceed max_output',
    path: ['min_output'],
  });
export type Workload = z.infer<typeof Workload>;

export const BenchmarkSettingCreate = z.object({
  ml_model_name: z.string().trim().min(1).max(200),
  hardware_config: HardwareConfig,
  software: Software,
  workload: Workload,
});
export type BenchmarkSettingCreate = z.infer<typeof BenchmarkSettingCreate>;

export const BenchmarkSetting = BenchmarkSettingCreate.extend({
  id: Id,
  owner: Id,
  created_at: Timestamp,
  /** How many benchmarks the caller can see under this setting. */
  benchmark_count: z.number().int().min(0),
});
export type BenchmarkSetting = z.infer<typeof BenchmarkSetting>;

// ---- Metrics ----------------------------------------------------------------------------------

export const LatencyStats = z.object({
  mean: z.number().min(0),
  p50: z.number().min(0),
  p90: z.number().min(0),
  p95: z.number().min(0),
  p99: z.number().min(0),
});
export type LatencyStats = z.infer<typeof LatencyStats>;

export const Slo = z.object({
  ttft_ms: z.number().positive().optional(),
  tpot_ms: z.number().positive().optional(),
  e2el_ms: z.number().positive().optional(),
});
export type Slo = z.infer<typeof Slo>;

export const Goodput = z.object({
  /** Completed requests per second that met every SLO. */
  request_throughput: z.number().min(0),
  /** Share of completed requests that met every SLO, 0..1. */
  attainment: z.number().min(0).max(1),
  slo: Slo,
});
export type Goodput = z.infer<typeof Goodput>;

export const BenchmarkMetrics = z.object({
  completed: z.number().int().min(0),
  failed: z.number().int().min(0),
  duration_s: z.number().min(0),
  total_input_tokens: z.number().int().min(0),
  total_output_tokens: z.number().int().min(0),
  request_throughput: z.number().min(0),
  input_throughput: z.number().min(0),
  output_throughput: z.number().min(0),
  total_token_throughput: z.number().min(0),
  ttft_ms: LatencyStats,
  tpot_ms: LatencyStats,
  itl_ms: LatencyStats,
  e2el_ms: LatencyStats,
  goodput: Goodput.nullable().default(null),
});
export type BenchmarkMetrics = z.infer<typeof BenchmarkMetrics>;

/** Metrics an objective, a constraint or a sort can name (see metric-keys.ts). */
export const MetricKey = z.enum(METRIC_KEYS);
export type MetricKey = z.infer<typeof MetricKey>;

export const Direction = z.enum(['maximize', 'minimize']);
export type Direction = z.infer<typeof Direction>;

/** Latencies and cost are better when lower; throughputs when higher. */
export function naturalDirection(metric: MetricKey): Direction {
  return metric.includes('_ms.') || metric === 'cost_per_million_tokens' ? 'minimize' : 'maximize';
}

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
    default: {
      const [stat, pct] = metric.split('.') as [string, string | undefined];
      if (pct) return (metrics[stat as (typeof LATENCY_METRICS)[number]] as LatencyStats)[pct as keyof LatencyStats];
      return metrics[stat as 'output_throughput'];
    }
  }
}

export const ConstraintOp = z.enum(CONSTRAINT_OPS);
export type ConstraintOp = z.infer<typeof ConstraintOp>;
export const Constraint = z.object({ metric: MetricKey, op: ConstraintOp, value: z.number().finite() });
export type Constraint = z.infer<typeof Constraint>;

export function satisfies(value: number, op: ConstraintOp, bound: number): boolean {
  switch (op) {
    case '<=':
      return value <= bound;
    case '>=':
      return value >= bound;
    case '<':
      return value < bound;
    case '>':
      return value > bound;
  }
}

// ---- Runtime options (engine flags) -------------------------------------------------------------

export const ConfigValue = z.union([z.string().max(256), z.number().finite(), z.boolean()]);
export type ConfigValue = z.infer<typeof ConfigValue>;
/** A serving configuration: engine flag name (snake_case, as the engine's Python API names it) → value. */
export const RuntimeOptions = z.record(
  z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .max(64),
  ConfigValue,
);
export type RuntimeOptions = z.infer<typeof RuntimeOptions>;

// ---- Benchmarks -------------------------------------------------------------------------------

export const BenchmarkCreate = z.object({
  setting: BenchmarkSettingCreate,
  runtime_options: RuntimeOptions,
  metrics: BenchmarkMetrics,
  cost_per_million_tokens: z.number().min(0).nullable().default(null),
  session_id: Id.nullable().default(null),
  published: z.boolean().default(false),
  /** Free text the runner records: GPU driver, notes, command line. */
  notes: z.string().max(4000).default(''),
});
export type BenchmarkCreate = z.input<typeof BenchmarkCreate>;

export const Benchmark = z.object({
  id: Id,
  setting: BenchmarkSetting,
  session_id: Id.nullable(),
  runtime_options: RuntimeOptions,
  metrics: BenchmarkMetrics,
  cost_per_million_tokens: z.number().nullable(),
  output_throughput_per_gpu: z.number(),
  output_throughput_per_user: z.number().nullable(),
  verified: z.boolean(),
  published: z.boolean(),
  /** Seeded from the documented performance model, not measured on hardware. */
  demo: z.boolean(),
  notes: z.string(),
  owner: Id,
  created_at: Timestamp,
});
export type Benchmark = z.infer<typeof Benchmark>;

/** Only presentation fields are editable; owner, metrics and verification are not. */
export const BenchmarkPatch = z
  .object({
    published: z.boolean().optional(),
    cost_per_million_tokens: z.number().min(0).nullable().optional(),
    notes: z.string().max(4000).optional(),
  })
  .strict();
export type BenchmarkPatch = z.infer<typeof BenchmarkPatch>;

export const BenchmarkPage = page(Benchmark);
export const BenchmarkSettingPage = page(BenchmarkSetting);

export const OwnedByQuery = PageQuery.extend({
  /** `me`, or the caller's own user id. Nobody can list another user's private items. */
  owned_by: z.string().min(1).max(64).optional(),
});
export type OwnedByQuery = z.infer<typeof OwnedByQuery>;

const QueryInt = z.coerce.number().int().min(0);
const QueryRate = z.union([z.literal('inf'), z.coerce.number().positive()]);

/** Every filter of GET /benchmarks/all (SPEC §7). */
export const BenchmarkSearchQuery = PageQuery.extend({
  max_seq_length: QueryInt.optional(),
  num_requests: QueryInt.optional(),
  dataset: z.string().max(128).optional(),
  request_rate: QueryRate.optional(),
  output_len: QueryInt.optional(),
  min_prompt: QueryInt.optional(),
  max_prompt: QueryInt.optional(),
  min_output: QueryInt.optional(),
  max_output: QueryInt.optional(),
  /** Bounds on the setting's max_seq_length. */
  min_seq: QueryInt.optional(),
  max_seq: QueryInt.optional(),
  software_version: z.string().max(64).optional(),
  model_name: z.string().max(200).optional(),
  hardware_name: z.string().max(64).optional(),
  /** The metric to rank by, best first in its natural direction. */
  objective: MetricKey.optional(),
  /** `metric op value` terms, comma separated: see parseConstraints. */
  constraints: z
    .string()
    .max(1000)
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      const r = parseConstraints(v);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
    }),
  verified: QueryBool.optional(),
  published: QueryBool.optional(),
});
export type BenchmarkSearchQuery = z.input<typeof BenchmarkSearchQuery>;

export const BenchmarkId = z.object({ benchmark_id: Id });
export const SettingId = z.object({ setting_id: Id });

// ---- Supported runtime options ------------------------------------------------------------------

export const OptionKind = z.enum(['int', 'float', 'categorical', 'bool']);
export type OptionKind = z.infer<typeof OptionKind>;

export const RuntimeOptionSpec = z.object({
  name: z.string(),
  /** The command-line flag, e.g. `--max-num-seqs`. */
  flag: z.string(),
  kind: OptionKind,
  default: ConfigValue.nullable(),
  low: z.number().optional(),
  high: z.number().optional(),
  step: z.number().optional(),
  log: z.boolean().optional(),
  choices: z.array(ConfigValue).optional(),
  description: z.string(),
  /** Whether the tuner searches it by default. */
  tunable: z.boolean(),
});
export type RuntimeOptionSpec = z.infer<typeof RuntimeOptionSpec>;

export const RuntimeCatalogue = z.object({
  runtime: Runtime,
  display_name: z.string(),
  versions: z.array(z.string()),
  /** `{model}` and `{flags}` are substituted; e.g. `vllm serve {model} {flags}`. */
  launch_template: z.string(),
  options: z.array(RuntimeOptionSpec),
});
export type RuntimeCatalogue = z.infer<typeof RuntimeCatalogue>;

export const SupportedRuntimeOptions = z.object({ runtimes: z.array(RuntimeCatalogue) });
export type SupportedRuntimeOptions = z.infer<typeof SupportedRuntimeOptions>;

// ---- Best-setup report ------------------------------------------------------------------------

export const BestReportQuery = z.object({
  model_name: z.string().min(1).max(200),
  hardware_name: z.string().min(1).max(64),
  objective: MetricKey,
});
export type BestReportQuery = z.infer<typeof BestReportQuery>;

export const BestBenchmarkReport = z.object({
  objective: MetricKey,
  direction: Direction,
  best: Benchmark,
  /** The best benchmark with the engine's default flags under the same setting, when one exists. */
  baseline: Benchmark.nullable(),
  /** Relative gain of best over baseline in the objective's better direction, in percent. */
  improvement_pct: z.number().nullable(),
  launch_command: z.string(),
  candidates: z.number().int().min(1),
});
export type BestBenchmarkReport = z.infer<typeof BestBenchmarkReport>;

export { Message };
