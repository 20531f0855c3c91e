import { z } from 'zod';
import { Id, PageQuery, Timestamp, page } from './common.ts';
import {
  BenchmarkMetrics,
  BenchmarkSetting,
  BenchmarkSettingCreate,
  ConfigValue,
  Constraint,
  Direction,
  MetricKey,
  RuntimeOptions,
} from './benchmarks.ts';

export const Objective = z.object({ metric: MetricKey, direction: Direction });
export type Objective = z.infer<typeof Objective>;

const ParamName = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'Parameter names are snake_case engine flags')
  .max(64);

/** A parameter is searched only while its condition holds, e.g. `max_num_batched_tokens` when chunked prefill is on. */
export const ParamCondition = z.object({ param: ParamName, equals: ConfigValue });
export type ParamCondition = z.infer<typeof ParamCondition>;

const numeric = {
  name: ParamName,
  low: z.number().finite(),
  high: z.number().finite(),
  step: z.number().positive().optional(),
  log: z.boolean().optional(),
  when: ParamCondition.optional(),
};

export const SearchParameter = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('int'), ...numeric }),
    z.object({ kind: z.literal('float'), ...numeric }),
    z.object({
      kind: z.literal('categorical'),
      name: ParamName,
      choices: z.array(ConfigValue).min(1).max(256),
      when: ParamCondition.optional(),
    }),
    z.object({ kind: z.literal('bool'), name: ParamName, when: ParamCondition.optional() }),
  ])
  .superRefine((p, ctx) => {
    if (p.kind !== 'int' && p.kind !== 'float') return;
    if (p.low > p.high) ctx.addIssue({ code: 'custom', message: 'low must not exceed high', path: ['low'] });
    if (p.log && p.low <= 0) ctx.addIssue({ code: 'custom', message: 'log scale needs low > 0', path: ['low'] });
    if (p.kind === 'int' && (!Number.isInteger(p.low) || !Number.isInteger(p.high)))
      ctx.addIssue({ code: 'custom', message: 'int bounds must be integers', path: ['low'] });
  });
export type SearchParameter = z.infer<typeof SearchParameter>;

/**
 * A validity rule across parameters: `left op right`, optionally only when a condition holds.
 * `right` is a number, another parameter, or a property of the setting (GPU count, max sequence length).
 * Example: max_num_batched_tokens >= setting.max_seq_length when enable_chunked_prefill = false.
 */
export const SpaceRule = z.object({
  left: ParamName,
  op: z.enum(['<=', '>=', '<', '>', 'divides']),
  right: z.union([
    z.number(),
    z.object({ param: ParamName }),
    z.object({ setting: z.enum(['gpu_count', 'max_seq_length']) }),
  ]),
  when: ParamCondition.optional(),
});
export type SpaceRule = z.infer<typeof SpaceRule>;

export const SearchSpace = z.object({
  parameters: z.array(SearchParameter).min(1).max(64),
  rules: z.array(SpaceRule).max(64).default([]),
});
export type SearchSpace = z.input<typeof SearchSpace>;

export const Budget = z.object({
  max_trials: z.number().int().min(1).max(10_000),
  max_parallel: z.number().int().min(1).max(64),
});
export type Budget = z.infer<typeof Budget>;

export const TuningSessionCreate = z.object({
  setting: BenchmarkSettingCreate,
  objective: Objective,
  constraints: z.array(Constraint).max(16).default([]),
  search_space: SearchSpace,
  budget: Budget,
  /** Makes proposals reproducible; the server picks one when absent. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
export type TuningSessionCreate = z.input<typeof TuningSessionCreate>;

export const SessionNameQuery = z.object({ name: z.string().trim().min(1).max(200).optional() });

export const SESSION_STATUSES = ['pending', 'running', 'complete', 'failed'] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const SessionBest = z.object({
  result_id: Id,
  trial_number: z.number().int().min(1),
  config: RuntimeOptions,
  objective_value: z.number(),
});
export type SessionBest = z.infer<typeof SessionBest>;

export const TuningSession = z.object({
  id: Id,
  name: z.string(),
  setting: BenchmarkSetting,
  status: SessionStatus,
  objective: Objective,
  constraints: z.array(Constraint),
  search_space: SearchSpace,
  budget: Budget,
  counts: z.object({
    evaluated: z.number().int().min(0),
    pending: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
  best: SessionBest.nullable(),
  /** The objective measured with the engine's defaults (the first trial), for "38 % higher than the defaults". */
  default_objective_value: z.number().nullable(),
  owner: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TuningSession = z.infer<typeof TuningSession>;
export const TuningSessionPage = page(TuningSession);

export const PENDING_STATUSES = ['leased', 'evaluated', 'expired'] as const;
export const PendingConfig = z.object({
  id: Id,
  session_id: Id,
  trial_number: z.number().int().min(1),
  config: RuntimeOptions,
  status: z.enum(PENDING_STATUSES),
  /** The runner name that leased it (the `name` query of next-configs). */
  leased_by: z.string().nullable(),
  created_at: Timestamp,
  expires_at: Timestamp,
});
export type PendingConfig = z.infer<typeof PendingConfig>;

export const NextConfigsBody = z.object({ count: z.number().int().min(1).max(64).default(1) }).default({ count: 1 });
export const NextConfigsResponse = z.object({ configs: z.array(PendingConfig).min(1) });
export type NextConfigsResponse = z.infer<typeof NextConfigsResponse>;

export const FailureKind = z.enum(['oom', 'crash', 'timeout', 'invalid']);
export type FailureKind = z.infer<typeof FailureKind>;
export const Failure = z.object({ kind: FailureKind, message: z.string().max(4000) });
export type Failure = z.infer<typeof Failure>;

/** A runner reports either metrics or a failure for the configuration it leased. */
export const TuningResultCreate = z
  .object({
    pending_config_id: Id,
    metrics: BenchmarkMetrics.optional(),
    failure: Failure.optional(),
    cost_per_million_tokens: z.number().min(0).nullable().optional(),
  })
  .refine((r) => (r.metrics === undefined) !== (r.failure === undefined), {
    message: 'Give exactly one of metrics or failure',
    path: ['metrics'],
  });
export type TuningResultCreate = z.input<typeof TuningResultCreate>;

export const TuningResult = z.object({
  id: Id,
  session_id: Id,
  pending_config_id: Id,
  trial_number: z.number().int().min(1),
  config: RuntimeOptions,
  objective_value: z.number().nullable(),
  /** Measured, and every constraint held. */
  feasible: z.boolean(),
  metrics: BenchmarkMetrics.nullable(),
  failure: Failure.nullable(),
  /** The benchmark stored for this trial, when it produced metrics. */
  benchmark_id: Id.nullable(),
  created_at: Timestamp,
});
export type TuningResult = z.infer<typeof TuningResult>;
export const TuningResultPage = page(TuningResult);

export const TuningBest = z.object({
  session_id: Id,
  result: TuningResult,
  improvement_pct: z.number().nullable(),
  launch_command: z.string(),
});
export type TuningBest = z.infer<typeof TuningBest>;

export const SessionId = z.object({ session_id: Id });
export const PendingConfigPath = z.object({ session_id: Id, pending_config_id: Id });
export { PageQuery };
