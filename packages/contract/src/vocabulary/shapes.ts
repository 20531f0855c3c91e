import type { CONSTRAINT_OPS } from './constraints.ts';
import type { DIRECTIONS, METRIC_KEYS } from './metrics.ts';
import type { ConfigValue } from './runtimes.ts';
import type { TokenScope } from './token-scopes.ts';

/*
 * The object shapes that packages/fixtures, packages/ui and packages/tuner all spell, written out
 * once as plain TypeScript types. They live here rather than in the zod schemas because ui may
 * import only this zod-free vocabulary and the tuner and fixtures depend on no schema; the types
 * are erased, so no page pays bytes for them. The contract's schemas infer the same shapes, and
 * packages/api-client's mocks assign the fixtures to the contract's types, so the compiler says
 * when the two part ways.
 */

export type MetricKey = (typeof METRIC_KEYS)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type ConstraintOp = (typeof CONSTRAINT_OPS)[number];

export interface HardwareConfig {
  name: string;
  count: number;
}

export interface Workload {
  dataset: string;
  num_requests: number;
  /** Requests/s, or 'inf' when every request is sent at once. */
  request_rate: number | 'inf';
  burstiness: number;
  max_concurrency: number | null;
  max_seq_length: number;
  output_len: number;
  min_prompt: number;
  max_prompt: number;
  min_output: number;
  max_output: number;
}

export interface LatencyStats {
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
}

export interface Slo {
  ttft_ms?: number;
  tpot_ms?: number;
  e2el_ms?: number;
}

export interface Goodput {
  /** Completed requests per second that met every SLO. */
  request_throughput: number;
  /** Share of completed requests that met every SLO, 0..1. */
  attainment: number;
  slo: Slo;
}

export interface BenchmarkMetrics {
  completed: number;
  failed: number;
  duration_s: number;
  total_input_tokens: number;
  total_output_tokens: number;
  request_throughput: number;
  input_throughput: number;
  output_throughput: number;
  total_token_throughput: number;
  ttft_ms: LatencyStats;
  tpot_ms: LatencyStats;
  itl_ms: LatencyStats;
  e2el_ms: LatencyStats;
  goodput: Goodput | null;
}

/**
 * A stored benchmark's own figures and flags, which every reader takes as they are; each reader
 * adds the setting, the options and the optional measurements in its own form.
 */
export interface BenchmarkRecord {
  id: string;
  metrics: BenchmarkMetrics;
  cost_per_million_tokens: number | null;
  output_throughput_per_gpu: number;
  output_throughput_per_user: number | null;
  verified: boolean;
  published: boolean;
  /** Seeded from the performance model, not measured on hardware. */
  demo: boolean;
  owner: string;
  created_at: string;
}

/** One moment of a run: a series is absent when nothing exposed it. */
export interface TelemetrySample {
  /** Seconds since the run started. */
  t_s: number;
  /** The run's own output tokens/s over the interval ending here. */
  output_throughput?: number;
  running?: number;
  waiting?: number;
  /** 0..1 */
  kv_cache_usage?: number;
  /** The engine's preemption counter. */
  preemptions?: number;
  /** 0..1 */
  prefix_cache_hit_rate?: number;
  gpu_utilization_pct?: number;
  gpu_memory_used_mib?: number;
  gpu_power_w?: number;
}

export interface Objective {
  metric: MetricKey;
  direction: Direction;
}

export interface Constraint {
  metric: MetricKey;
  op: ConstraintOp;
  value: number;
}

/** A parameter or rule that applies only while another parameter has one value. */
export interface ParamCondition {
  param: string;
  equals: ConfigValue;
}

export type SearchParameter = (
  | { kind: 'int' | 'float'; name: string; low: number; high: number; step?: number; log?: boolean }
  | { kind: 'categorical'; name: string; choices: ConfigValue[] }
  | { kind: 'bool'; name: string }
) & { when?: ParamCondition };

export interface SpaceRule {
  left: string;
  op: '<=' | '>=' | '<' | '>' | 'divides';
  right: number | { param: string } | { setting: 'gpu_count' | 'max_seq_length' };
  when?: ParamCondition;
}

/** The objective over a configuration's measurements; `interval` is the 95 % interval of the mean (n ≥ 2). */
export interface Spread {
  n: number;
  mean: number;
  min: number;
  max: number;
  interval: { low: number; high: number } | null;
}

/** What an API or a registry token list shows of a token; the secret is never in it. */
export interface StoredToken {
  id: string;
  name: string;
  /** The first characters of the secret, enough to recognise it. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  /** null only on tokens made before lifetimes had a maximum. */
  expires_at: string | null;
  revoked_at: string | null;
}

/** An API token: what it may do is its scopes. */
export interface ApiToken extends StoredToken {
  scopes: TokenScope[];
}
