import type {
  ConstraintOp,
  SearchSpace as ContractSearchSpace,
  Direction,
  FailureKind,
  SearchParameter,
} from '@mako/contract';
import type { ConfigValue, ParamCondition, SpaceRule } from '@mako/contract/vocabulary';

/**
 * The tuner's public interface. It is pure: no I/O, no clock, no global randomness. The shapes it
 * shares with the API come from the contract's vocabulary as types only (erased at build), so the
 * tuner still runs on nothing but itself.
 */
export type Value = ConfigValue;
export type Config = Record<string, Value>;

export type { ParamCondition, SpaceRule };

/** One searched flag: the contract's own shape (int/float ranges, categorical choices, booleans). */
export type Parameter = SearchParameter;

/** The parameters and the rules between them, as a session's `search_space` is posted. */
export type SearchSpace = ContractSearchSpace;

/**
 * The contract's objective and constraint, except that `metric` is any key of `Trial.metrics`:
 * the API passes flat keys such as 'ttft_ms.p99', and the benchmark surfaces their own.
 */
export interface Objective {
  /** A key of `Trial.metrics`, e.g. 'output_throughput' or 'ttft_ms.p99'. */
  metric: string;
  direction: Direction;
}

export interface Constraint {
  metric: string;
  op: ConstraintOp;
  value: number;
}

export type { FailureKind };

/** An evaluated configuration: flat metrics (metric key → value), or a failure. */
export interface Trial {
  config: Config;
  metrics: Record<string, number> | null;
  failure: { kind: FailureKind } | null;
}

export interface TunerInput {
  space: SearchSpace;
  objective: Objective;
  /**
   * Optional: two or three objectives (distinct metrics) to search the Pareto front of, instead of
   * `objective` alone (pareto.ts). `objective` is then the first of them. One entry is the same as none.
   */
  objectives?: Objective[];
  constraints: Constraint[];
  /** Finished trials of this session, in order. */
  trials: Trial[];
  /** Configurations leased to runners and not yet reported. */
  pending: Config[];
  budget: { max_trials: number; max_parallel: number };
  /** Values the space's rules may refer to. */
  context: { gpu_count: number; max_seq_length: number };
  /** Same seed, same inputs → same proposals. */
  seed: number;
  /** How many configurations the caller wants now (≤ max_parallel − pending). */
  count: number;
  /**
   * Optional: the caller's prediction of the objective for a configuration (in the objective's
   * units, e.g. a roofline model's tokens/s), or null where it has none. It becomes the prior mean
   * of the objective's Gaussian process, scaled by a factor fitted to the trials, so a poor
   * predictor costs little. Called for every candidate: it must be fast and deterministic.
   */
  prior?: (config: Config) => number | null;
  warmStart?: {
    /** The engine's defaults: proposed first when no trial has measured them. */
    defaults?: Config;
    /** Trials of other sessions on the same model and hardware. */
    priorTrials?: Trial[];
  };
}

export type TunerOutput =
  | { kind: 'propose'; configs: Config[] }
  /** More pending evaluations would exceed the parallelism. */
  | { kind: 'wait' }
  /** The budget is spent or the search has converged. */
  | { kind: 'complete'; reason: 'budget' | 'converged' | 'exhausted' }
  | { kind: 'error'; message: string };
