import type { Generated } from 'kysely';
import { METRIC_KEYS, type MetricKey, type Workload } from '@mako/contract';

/**
 * Table types. Booleans are stored as 0/1 integers and JSON as text, and timestamps as ISO-8601
 * UTC strings (which sort chronologically), so that one set of migrations and queries serves both
 * SQLite and PostgreSQL.
 */
type Flag = number;
type Iso = string;
type Json = string;

export interface UserTable {
  id: string;
  email: string;
  full_name: string | null;
  password_hash: string | null;
  google_sub: string | null;
  /** Bumped by logout-all and by a password change; tokens carrying an older value are refused. */
  token_version: number;
  /** The owner of the demo catalogue: it cannot sign in. */
  is_system: Flag;
  created_at: Iso;
}

export interface OneTimeTokenTable {
  id: string;
  /** SHA-256 of the secret sent by mail (hex); the secret itself is never stored. */
  token_hash: string;
  kind: 'magic_link' | 'email_verification';
  email: string;
  created_at: Iso;
  expires_at: Iso;
  /** Set when redeemed or superseded by a newer link. */
  used_at: Iso | null;
}

export interface MailCooldownTable {
  email: string;
  kind: string;
  last_sent_at: Iso;
}

/** API tokens and registry tokens, told apart by kind (the table keeps its first name). */
export interface TokenTable {
  id: string;
  user_id: string;
  kind: 'api' | 'registry';
  name: string;
  prefix: string;
  token_hash: string;
  /** API tokens: their scopes, space-separated; registry tokens: `pull` or `pull-push`. */
  scope: string | null;
  created_at: Iso;
  last_used_at: Iso | null;
  expires_at: Iso | null;
  revoked_at: Iso | null;
}

/**
 * The columns a setting and every benchmark under it share (denormalised into benchmarks for
 * search): the workload as the API spells it, except its rate, which is a number column.
 */
export interface SettingColumns extends Omit<Workload, 'request_rate'> {
  ml_model_name: string;
  hardware_name: string;
  hardware_count: number;
  runtime: string;
  version: string;
  /** Requests/s; Infinity for 'inf'. */
  request_rate: number;
  /** SHA-256 of the canonical setting content, owner-independent: equal workloads compare equal. */
  setting_key: string;
}

export interface BenchmarkSettingTable extends SettingColumns {
  id: string;
  owner_id: string;
  benchmark_count: number;
  published_count: number;
  created_at: Iso;
}

export const metricColumn = (key: MetricKey) => `m_${key.replace('.', '_')}` as MetricColumn;
export type MetricColumn = `m_${string}`;
export const METRIC_COLUMNS = METRIC_KEYS.map(metricColumn);
export const METRIC_KEY_OF_COLUMN = new Map<MetricColumn, MetricKey>(METRIC_KEYS.map((k) => [metricColumn(k), k]));

export type BenchmarkTable = SettingColumns & {
  id: string;
  setting_id: string;
  owner_id: string;
  session_id: string | null;
  runtime_options: Json;
  metrics: Json;
  /** Every flag other than the parallelism ones is at the engine default: a baseline. */
  is_default_config: Flag;
  verified: Flag;
  published: Flag;
  demo: Flag;
  notes: string;
  created_at: Iso;
  /** JSON of the contract's BenchmarkRuns, ClientReport and Telemetry; null when the runner sent none. */
  runs: Json | null;
  client: Json | null;
  telemetry: Json | null;
  /** JSON of the contract's Provenance; null when the runner sent none. */
  provenance: Json | null;
  /**
   * The benchmark's answer as JSON text, split around the viewer-dependent
   * `setting.benchmark_count`: `doc_head + count + doc_tail` is exactly what the API sends, so
   * pages are spliced from stored text instead of parsed and re-serialised per request. Written
   * with the row and rewritten by every update (services/benchmarks/documents.ts).
   */
  doc_head: string;
  doc_tail: string;
} & { [K in MetricColumn]: number | null };

/**
 * Small named counters. `catalogue_version` is bumped by database triggers on every write to
 * benchmarks (from any process), so caches keyed by it can never serve a count from before a
 * write; `benchmark_documents` is the format of the stored documents, rebuilt at start when stale.
 */
export interface CatalogueStateTable {
  name: string;
  value: number;
}

export interface TuningSessionTable {
  id: string;
  owner_id: string;
  name: string;
  setting_id: string;
  ml_model_name: string;
  hardware_name: string;
  hardware_count: number;
  runtime: string;
  status: 'pending' | 'running' | 'complete' | 'failed';
  objective_metric: string;
  objective_direction: 'maximize' | 'minimize';
  /** A multi-objective session's objectives (objective_metric first), else null. */
  objectives: Json | null;
  constraints: Json;
  search_space: Json;
  max_trials: number;
  max_parallel: number;
  seed: number;
  next_trial_number: number;
  evaluated_count: number;
  failed_count: number;
  best_result_id: string | null;
  best_value: number | null;
  default_value: number | null;
  /** 1 when the owner shared it (its public page opens while it is finished). */
  shared: number;
  /** Repeat measurements of the incumbent and the runner-up once the search is over (0: none). */
  confirm_repeats: Generated<number>;
  /** The tuner ended the search (converged or exhausted) before the budget was spent. */
  search_over: Generated<Flag>;
  created_at: Iso;
  updated_at: Iso;
}

export interface PendingConfigTable {
  id: string;
  session_id: string;
  trial_number: number;
  config: Json;
  status: 'leased' | 'evaluated' | 'expired';
  leased_by: string | null;
  created_at: Iso;
  expires_at: Iso;
  /** A repeat measurement of an already measured trial. */
  remeasure: Generated<Flag>;
}

export interface TuningResultTable {
  id: string;
  session_id: string;
  pending_config_id: string;
  trial_number: number;
  config: Json;
  objective_value: number | null;
  feasible: Flag;
  metrics: Json | null;
  cost_per_million_tokens: number | null;
  failure: Json | null;
  benchmark_id: string | null;
  created_at: Iso;
  remeasure: Generated<Flag>;
  /** The flags its engine ran otherwise than asked (FlagMismatch[] from its benchmark's provenance), null when none. */
  flag_mismatches: Json | null;
}

export interface ServeRequestTable {
  id: string;
  owner_id: string;
  ml_model_name: string;
  hardware_name: string;
  hardware_count: number;
  objective: string;
  runtime: string | null;
  status: 'ready' | 'no_data';
  benchmark_id: string | null;
  runtime_options: Json | null;
  launch_command: string | null;
  objective_value: number | null;
  created_at: Iso;
}

export interface SubscriptionTable {
  user_id: string;
  plan_id: string;
  status: 'active' | 'canceled' | 'past_due';
  current_period_end: Iso | null;
  updated_at: Iso;
}

export interface CheckoutTable {
  id: string;
  user_id: string;
  plan_id: string;
  mode: 'stripe' | 'test' | 'free';
  /** open → paid (test mode) or canceled; completed once confirmed and the plan is active. */
  status: 'open' | 'paid' | 'canceled' | 'completed';
  external_id: string | null;
  created_at: Iso;
  completed_at: Iso | null;
}

export interface SurveyResponseTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  role: string;
  serving_engines: Json;
  gpus_in_production: string;
  biggest_pain: string;
  wants_demo: Flag;
  created_at: Iso;
}

/** One client's requests in the current window of a burst limit, shared by every server process. */
export interface SweepTable {
  id: string;
  owner_id: string;
  over: 'concurrency' | 'rate';
  setting: Json;
  runtime_options: Json;
  slo: Json;
  attainment: number;
  levels: Json;
  complete: Flag;
  notes: string;
  created_at: Iso;
  updated_at: Iso;
}

export interface SweepBenchmarkTable {
  sweep_id: string;
  benchmark_id: string;
}

export interface RateLimitTable {
  key: string;
  hits: number;
  resets_at: Iso;
}

/** Per measured benchmark, the predicted figures and ln(measured / predicted) per metric (services/predictions); null where either is missing. */
export interface PredictionErrorTable {
  benchmark_id: string;
  ml_model_name: string;
  hardware_name: string;
  runtime: string;
  /** Which perf-model made the prediction: rows of another are recomputed at start. */
  model_fingerprint: string;
  /** The weight precision predicted with; null with no prediction. */
  weight_dtype: string | null;
  /** Why there is no prediction (unknown model or GPU, predicted failure); null when there is one. */
  no_prediction: string | null;
  pred_output_throughput: number | null;
  pred_ttft_p50: number | null;
  pred_ttft_p99: number | null;
  pred_tpot_p50: number | null;
  pred_tpot_p99: number | null;
  lr_output_throughput: number | null;
  lr_ttft_p50: number | null;
  lr_ttft_p99: number | null;
  lr_tpot_p50: number | null;
  lr_tpot_p99: number | null;
}

export interface DB {
  users: UserTable;
  one_time_tokens: OneTimeTokenTable;
  mail_cooldowns: MailCooldownTable;
  access_keys: TokenTable;
  benchmark_settings: BenchmarkSettingTable;
  benchmarks: BenchmarkTable;
  catalogue_state: CatalogueStateTable;
  tuning_sessions: TuningSessionTable;
  pending_configs: PendingConfigTable;
  tuning_results: TuningResultTable;
  serve_requests: ServeRequestTable;
  subscriptions: SubscriptionTable;
  checkouts: CheckoutTable;
  survey_responses: SurveyResponseTable;
  rate_limits: RateLimitTable;
  prediction_errors: PredictionErrorTable;
  sweeps: SweepTable;
  sweep_benchmarks: SweepBenchmarkTable;
}
