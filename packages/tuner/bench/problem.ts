import type { Config, Constraint, FailureKind, Objective, SearchSpace, Trial, TunerInput } from '../src/types.ts';

/** One benchmark surface as every optimiser sees it: a space, a goal, and a runner that measures. */
export interface Problem {
  name: string;
  space: SearchSpace;
  objective: Objective;
  constraints: Constraint[];
  context: TunerInput['context'];
  /** The engine defaults: every method measures them first. */
  defaults: Config;
  /** Noise-free outcome, memoised: the objective when feasible, else null (failure or broken constraint). */
  truth(config: Config): { value: number | null; failure: FailureKind | null };
  /**
   * A physics prediction of the objective, fed to the tuner as its optional prior mean (method
   * 'prior'): perf-model's throughput of a short saturated run (20 requests, no load sweep, no SLO),
   * null where perf-model predicts a failure.
   */
  prior(config: Config): number | null;
  /** One run as a remote runner would report it: noisy metrics (3 %) or a failure. */
  measure(config: Config, seed: number): Trial;
}
