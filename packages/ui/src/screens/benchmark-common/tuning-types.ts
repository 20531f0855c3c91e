import type {
  BenchmarkMetrics,
  Constraint,
  ConstraintOp,
  Direction,
  Goodput,
  HardwareConfig,
  MetricKey,
  Objective,
  RuntimeOptions,
  SearchParameter,
  SpaceRule,
  Spread,
  Workload,
} from '@mako/contract';
import type { ConfigValue, Runtime } from '@mako/contract/vocabulary';

/*
 * The tuning shapes the tuning screens read, written out field for field; apps/web passes the API's
 * objects straight in. The leaf shapes are the contract's own types. What is left here is to go: the
 * tuning screens are to take the contract's TuningSession, TuningResult and friends directly.
 */

/** Engine flag name (snake_case) → value. */
export type RuntimeConfig = RuntimeOptions;

export type {
  ConfigValue,
  Constraint,
  ConstraintOp,
  Direction,
  HardwareConfig,
  MetricKey,
  Objective,
  Runtime,
  SearchParameter,
  SpaceRule,
  Workload,
};

export interface SessionSetting {
  ml_model_name: string;
  hardware_config: HardwareConfig;
  software: { runtime: Runtime; version: string };
  workload: Workload;
}

export interface Budget {
  max_trials: number;
  max_parallel: number;
}

/** The contract's session statuses; any other string is shown as-is. */
export type SessionStatus = 'pending' | 'running' | 'complete' | 'failed' | (string & {});

export type SpreadData = Spread;

/** How sure a session with re-measures is of its best: 'within_noise' when the runner-up's interval overlaps. */
export interface ConfidenceData {
  verdict: 'not_remeasured' | 'within_noise' | 'confirmed' | (string & {});
  spread: SpreadData;
  runner_up: { trial_number: number; config: RuntimeConfig; spread: SpreadData } | null;
}

/** A tuning session (GET /tuning/session/mine, GET /tuning/session/{id}). */
export interface TuningSessionData {
  id: string;
  name: string;
  setting: SessionSetting;
  status: SessionStatus;
  objective: Objective;
  constraints: readonly Constraint[];
  /** The flags searched, in the space's order (the API always sends it; older fixtures leave it out). */
  search_space?: { parameters: readonly SearchParameter[] };
  budget: Budget;
  /** `evaluated` counts every reported trial, failed ones included. */
  counts: { evaluated: number; pending: number; failed: number };
  best: {
    result_id: string;
    trial_number: number;
    config: RuntimeConfig;
    objective_value: number;
    /** Sessions that re-measure their winner (`confirm`). */
    confidence?: ConfidenceData;
  } | null;
  /** The objective measured with the engine's defaults (the first trial). */
  default_objective_value: number | null;
  /** The owner shared it: it has a public page. */
  shared?: boolean;
  /** Multi-objective sessions only: their objectives, `objective` first. */
  objectives?: readonly Objective[];
  /** Multi-objective sessions only: the feasible trials no other beats on every objective. */
  pareto_front?: readonly ParetoFrontPointData[];
  created_at: string;
}

/** A point of a multi-objective session's Pareto front: `values` in the session's objectives' order. */
export interface ParetoFrontPointData {
  result_id: string;
  trial_number: number;
  config: RuntimeConfig;
  values: readonly number[];
}

/** A trial's metrics: the throughputs and latencies of a benchmark's, and its goodput's rate if any. */
export type BenchmarkMetricsData = Pick<
  BenchmarkMetrics,
  | 'request_throughput'
  | 'input_throughput'
  | 'output_throughput'
  | 'total_token_throughput'
  | 'ttft_ms'
  | 'tpot_ms'
  | 'itl_ms'
  | 'e2el_ms'
> & { goodput?: Pick<Goodput, 'request_throughput'> | null };

export type FailureKind = 'oom' | 'crash' | 'timeout' | 'invalid';

/** One reported trial (GET /tuning/session/{id}/results). */
export interface TuningResultData {
  id: string;
  trial_number: number;
  config: RuntimeConfig;
  objective_value: number | null;
  /** Multi-objective sessions only: the value on each objective; null unless all were measured. */
  objective_values?: readonly number[] | null;
  /** Measured, and every constraint held. */
  feasible: boolean;
  metrics: BenchmarkMetricsData | null;
  failure: { kind: FailureKind | (string & {}); message: string } | null;
  created_at: string;
  /** A repeat measurement of its trial (sessions with `confirm`). */
  remeasure?: boolean;
  /** The benchmark the trial stored, which Compare opens; null when it stored none (a failure). */
  benchmark_id?: string | null;
}

/** A configuration a runner has leased and not reported yet. */
export interface PendingConfigData {
  id: string;
  trial_number: number;
  config: RuntimeConfig;
  status: 'leased' | 'evaluated' | 'expired' | (string & {});
  leased_by: string | null;
  created_at: string;
  expires_at: string;
}

/** GET /tuning/session/{id}/best. */
export interface TuningBestData {
  result: TuningResultData;
  /** Gain over the engine defaults in the objective's better direction, in percent. */
  improvement_pct: number | null;
  launch_command: string;
  confidence?: ConfidenceData;
}

export type OptionKind = 'int' | 'float' | 'categorical' | 'bool';

/** One engine flag of GET /benchmarks/supported-runtime-options. */
export interface RuntimeOptionData {
  name: string;
  flag: string;
  kind: OptionKind;
  default: ConfigValue | null;
  low?: number;
  high?: number;
  step?: number;
  log?: boolean;
  choices?: readonly ConfigValue[];
  description: string;
  /** Whether the tuner searches it by default. */
  tunable: boolean;
}

export interface RuntimeCatalogueData {
  runtime: Runtime;
  display_name: string;
  versions: readonly string[];
  options: readonly RuntimeOptionData[];
}

// ---- What the create dialog sends (the contract's TuningSessionCreate) ------------------------

export interface TuningSessionCreateBody {
  setting: {
    ml_model_name: string;
    hardware_config: HardwareConfig;
    software: { runtime: Runtime; version: string };
    workload: Required<Workload> & { max_concurrency: number | null };
  };
  objective: Objective;
  /** A multi-objective session: two or three objectives, `objective` first. */
  objectives?: Objective[];
  constraints: Constraint[];
  search_space: { parameters: SearchParameter[]; rules: SpaceRule[] };
  budget: Budget;
  /** Re-measure the best and the runner-up `repeats` more times each before completing. */
  confirm?: { repeats: number };
}

/** What "Create session" hands to the app: the POST body and the optional ?name. */
export interface TuningSessionCreateRequest {
  session: TuningSessionCreateBody;
  name?: string;
}
