import * as z from 'zod/mini';
import { Id, PagingQuery, Timestamp, listAnswer } from './common.ts';
import {
  BenchmarkMetrics,
  BenchmarkSetting,
  BenchmarkSettingCreate,
  ConfigValue,
  Constraint,
  Direction,
  RuntimeOptions,
} from './benchmarks.ts';
import { MetricKey } from './metric-key.ts';
import { FlagMismatch, MAX_MISMATCHES, Provenance } from './provenance.ts';

export const Objective = z.object({ metric: MetricKey, direction: Direction });
export type Objective = z.infer<typeof Objective>;

/** Two or three objectives searched together for their Pareto front (distinct metrics). */
export const Objectives = z.array(Objective).check(
  z.minLength(2, 'Name two or three objectives (or only `objective`)'),
  z.maxLength(3, 'At most three objectives can be searched together'),
  z.superRefine((objectives, ctx) => {
    objectives.forEach((o, i) => {
      if (objectives.findIndex((p) => p.metric === o.metric) < i)
        ctx.addIssue({ code: 'custom', message: `The objective '${o.metric}' is named twice`, path: [i, 'metric'] });
    });
  }),
);

const ParamName = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9_]*$/, 'Parameter names are snake_case engine flags'), z.maxLength(64));

/** A parameter is searched only while its condition holds, e.g. `max_num_batched_tokens` when chunked prefill is on. */
export const ParamCondition = z.object({ param: ParamName, equals: ConfigValue });
export type ParamCondition = z.infer<typeof ParamCondition>;

const numeric = {
  name: ParamName,
  low: z.number(),
  high: z.number(),
  step: z.optional(z.number().check(z.positive())),
  log: z.optional(z.boolean()),
  when: z.optional(ParamCondition),
};

export const SearchParameter = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('int'), ...numeric }),
    z.object({ kind: z.literal('float'), ...numeric }),
    z.object({
      kind: z.literal('categorical'),
      name: ParamName,
      choices: z.array(ConfigValue).check(z.minLength(1), z.maxLength(256)),
      when: z.optional(ParamCondition),
    }),
    z.object({ kind: z.literal('bool'), name: ParamName, when: z.optional(ParamCondition) }),
  ])
  .check(
    z.superRefine((p, ctx) => {
      if (p.kind !== 'int' && p.kind !== 'float') return;
      if (p.low > p.high) ctx.addIssue({ code: 'custom', message: 'low must not exceed high', path: ['low'] });
      if (p.log && p.low <= 0) ctx.addIssue({ code: 'custom', message: 'log scale needs low > 0', path: ['low'] });
      if (p.kind === 'int' && (!Number.isInteger(p.low) || !Number.isInteger(p.high)))
        ctx.addIssue({ code: 'custom', message: 'int bounds must be integers', path: ['low'] });
    }),
  );
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
  when: z.optional(ParamCondition),
});
export type SpaceRule = z.infer<typeof SpaceRule>;

export const SearchSpace = z.object({
  parameters: z.array(SearchParameter).check(z.minLength(1), z.maxLength(64)),
  rules: z._default(z.array(SpaceRule).check(z.maxLength(64)), []),
});
export type SearchSpace = z.input<typeof SearchSpace>;

export const Budget = z.object({
  max_trials: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)),
  max_parallel: z.number().check(z.int(), z.minimum(1), z.maximum(64)),
});
export type Budget = z.infer<typeof Budget>;

/**
 * Confidence in the winner: once the search is over, the incumbent and the runner-up are each
 * measured `repeats` more times (preferably on other runners) before the session completes, and
 * once more each while they stay within each other's noise, up to 5 re-measures (apps/api README).
 */
export const Confirm = z.object({
  repeats: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(5)), 2),
});
export type Confirm = z.infer<typeof Confirm>;

export const TuningSessionCreate = z
  .object({
    setting: BenchmarkSettingCreate,
    objective: Objective,
    /** A multi-objective session: its objectives, the first of them `objective` (the primary one). */
    objectives: z.optional(Objectives),
    constraints: z._default(z.array(Constraint).check(z.maxLength(16)), []),
    search_space: SearchSpace,
    budget: Budget,
    /** Makes proposals reproducible; the server picks one when absent. */
    seed: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(2 ** 31 - 1))),
    /** Re-measure the incumbent and the runner-up before completing; absent: no re-measures. */
    confirm: z.optional(Confirm),
  })
  .check(
    z.refine(
      (s) =>
        !s.objectives ||
        (s.objectives[0]?.metric === s.objective.metric && s.objectives[0]?.direction === s.objective.direction),
      { message: 'The first of objectives must be the objective', path: ['objectives', 0] },
    ),
    // Re-measuring ranks configurations on one objective; a front has no single winner to confirm.
    z.refine((s) => !(s.objectives && s.confirm), {
      message: 'confirm re-measures the winner of a single-objective session; a multi-objective session has a front',
      path: ['confirm'],
    }),
  );
export type TuningSessionCreate = z.input<typeof TuningSessionCreate>;

export const SessionNameQuery = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});

export const SESSION_STATUSES = ['pending', 'running', 'complete', 'failed'] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

const TrialNumber = z.number().check(z.int(), z.minimum(1));
const Tally = z.number().check(z.int(), z.minimum(0));

/** The objective over a configuration's measurements; `interval` is the 95 % interval of the mean (n ≥ 2). */
export const Spread = z.object({
  n: z.number().check(z.int(), z.minimum(1)),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  interval: z.nullable(z.object({ low: z.number(), high: z.number() })),
});
export type Spread = z.infer<typeof Spread>;

export const VERDICTS = ['not_remeasured', 'within_noise', 'confirmed'] as const;
/**
 * How sure the session is of its best (sessions with `confirm`): `within_noise` when the
 * runner-up's interval overlaps the best's, so neither is declared the winner.
 */
export const Confidence = z.object({
  verdict: z.enum(VERDICTS),
  spread: Spread,
  runner_up: z.nullable(z.object({ trial_number: TrialNumber, config: RuntimeOptions, spread: Spread })),
});
export type Confidence = z.infer<typeof Confidence>;

export const SessionBest = z.object({
  result_id: Id,
  trial_number: TrialNumber,
  config: RuntimeOptions,
  /** The mean of its measurements when it was re-measured. */
  objective_value: z.number(),
  confidence: z.optional(Confidence),
});
export type SessionBest = z.infer<typeof SessionBest>;

/** A feasible trial no other feasible trial of the session beats on every objective. */
export const ParetoPoint = z.object({
  result_id: Id,
  trial_number: TrialNumber,
  config: RuntimeOptions,
  /** One value per objective, in the session's order. */
  values: z.array(z.number()),
});
export type ParetoPoint = z.infer<typeof ParetoPoint>;

export const TuningSession = z.object({
  id: Id,
  name: z.string(),
  setting: BenchmarkSetting,
  status: SessionStatus,
  objective: Objective,
  constraints: z.array(Constraint),
  search_space: SearchSpace,
  budget: Budget,
  confirm: z.optional(Confirm),
  counts: z.object({ evaluated: Tally, pending: Tally, failed: Tally }),
  /**
   * For the primary objective (`objective`). In a multi-objective session that is the front's
   * point best on the primary objective: a feasible trial best on one objective is never dominated.
   */
  best: z.nullable(SessionBest),
  /** Multi-objective sessions only: their objectives, `objective` first. */
  objectives: z.optional(z.array(Objective)),
  /** Multi-objective sessions only: the Pareto front of the feasible trials so far, by trial number. */
  pareto_front: z.optional(z.array(ParetoPoint)),
  /** The objective measured with the engine's defaults (the first trial), for "38 % higher than the defaults". */
  default_objective_value: z.nullable(z.number()),
  /** The owner shared it: its public page (/share/tuning-sessions/{id}) opens for anyone while it is finished. */
  shared: z.boolean(),
  owner: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TuningSession = z.infer<typeof TuningSession>;
export const TuningSessionListAnswer = listAnswer(TuningSession);

export const PENDING_STATUSES = ['leased', 'evaluated', 'expired'] as const;
export const PendingConfig = z.object({
  id: Id,
  session_id: Id,
  trial_number: TrialNumber,
  config: RuntimeOptions,
  status: z.enum(PENDING_STATUSES),
  /** The runner name that leased it (the `name` query of next-configs). */
  leased_by: z.nullable(z.string()),
  created_at: Timestamp,
  expires_at: Timestamp,
  /** A repeat measurement of an already measured trial (same trial number and configuration). */
  remeasure: z.optional(z.boolean()),
});
export type PendingConfig = z.infer<typeof PendingConfig>;

export const NextConfigsBody = z._default(
  z.object({ count: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(64)), 1) }),
  { count: 1 },
);
export const NextConfigsResponse = z.object({ configs: z.array(PendingConfig).check(z.minLength(1)) });
export type NextConfigsResponse = z.infer<typeof NextConfigsResponse>;

export const FailureKind = z.enum(['oom', 'crash', 'timeout', 'invalid']);
export type FailureKind = z.infer<typeof FailureKind>;
export const Failure = z.object({ kind: FailureKind, message: z.string().check(z.maxLength(4000)) });
export type Failure = z.infer<typeof Failure>;

/** A runner reports either metrics or a failure for the configuration it leased. */
export const TuningResultCreate = z
  .object({
    pending_config_id: Id,
    metrics: z.optional(BenchmarkMetrics),
    failure: z.optional(Failure),
    cost_per_million_tokens: z.optional(z.nullable(z.number().check(z.minimum(0)))),
    /** Stored with the trial's benchmark, whose page then shows any flag the engine did not take. */
    provenance: z.optional(Provenance),
  })
  .check(
    z.refine((r) => (r.metrics === undefined) !== (r.failure === undefined), {
      message: 'Give exactly one of metrics or failure',
      path: ['metrics'],
    }),
  );
export type TuningResultCreate = z.input<typeof TuningResultCreate>;

export const TuningResult = z.object({
  id: Id,
  session_id: Id,
  pending_config_id: Id,
  trial_number: TrialNumber,
  config: RuntimeOptions,
  objective_value: z.nullable(z.number()),
  /** Multi-objective sessions only: the value on each objective, in the session's order; null unless all were measured. */
  objective_values: z.optional(z.nullable(z.array(z.number()))),
  /** Measured, and every constraint held. */
  feasible: z.boolean(),
  metrics: z.nullable(BenchmarkMetrics),
  failure: z.nullable(Failure),
  /** The benchmark stored for this trial, when it produced metrics. */
  benchmark_id: z.nullable(Id),
  created_at: Timestamp,
  /** A repeat measurement of its trial. */
  remeasure: z.optional(z.boolean()),
  /**
   * Flags the trial asked for that its engine reported otherwise (its benchmark's provenance);
   * absent when none differed or the runner sent no provenance.
   */
  flag_mismatches: z.optional(z.array(FlagMismatch).check(z.minLength(1), z.maxLength(MAX_MISMATCHES))),
});
export type TuningResult = z.infer<typeof TuningResult>;
export const TuningResultListAnswer = listAnswer(TuningResult);

export const TuningBest = z.object({
  session_id: Id,
  result: TuningResult,
  improvement_pct: z.nullable(z.number()),
  launch_command: z.string(),
  confidence: z.optional(Confidence),
});
export type TuningBest = z.infer<typeof TuningBest>;

/** A flag's share of the objective's variation in the model fitted on the session's trials. */
export const FlagImportance = z.object({ flag: z.string(), importance: z.number().check(z.minimum(0), z.maximum(1)) });
export type FlagImportance = z.infer<typeof FlagImportance>;

export const FailureCondition = z.object({ flag: z.string(), op: z.enum(['>=', '<=', '=']), value: ConfigValue });
export type FailureCondition = z.infer<typeof FailureCondition>;

/** A part of the space where runs failed: every condition holds there. */
export const FailureRegion = z.object({
  kind: FailureKind,
  conditions: z.array(FailureCondition),
  /** Trials inside the region that failed this way, of all trials inside it. */
  failed: z.number().check(z.int(), z.minimum(0)),
  trials: z.number().check(z.int(), z.minimum(0)),
});
export type FailureRegion = z.infer<typeof FailureRegion>;

/** Why the search chose what it chose: flag importance (ranked) and the learned failure regions. */
export const TuningInsights = z.object({
  /** Most important first; empty until enough trials succeeded to fit a model. */
  importance: z.array(FlagImportance),
  failure_regions: z.array(FailureRegion),
  /** The successful trials the model was fitted on. */
  trials_fitted: z.number().check(z.int(), z.minimum(0)),
});
export type TuningInsights = z.infer<typeof TuningInsights>;

export const SessionId = z.object({ session_id: Id });
export const PendingConfigPath = z.object({ session_id: Id, pending_config_id: Id });
export { PagingQuery };
