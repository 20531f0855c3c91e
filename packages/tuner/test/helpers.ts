import { propose } from '../src/index.ts';
import type { Config, Constraint, Objective, SearchSpace, Trial, TunerInput, TunerOutput } from '../src/index.ts';

export function input(over: Partial<TunerInput> = {}): TunerInput {
  return {
    space: { parameters: [{ kind: 'float', name: 'x', low: 0, high: 1 }] },
    objective: { metric: 'y', direction: 'maximize' },
    constraints: [],
    trials: [],
    pending: [],
    budget: { max_trials: 50, max_parallel: 1 },
    context: { gpu_count: 8, max_seq_length: 4096 },
    seed: 1,
    count: 1,
    ...over,
  };
}

export function proposed(out: TunerOutput): Config[] {
  if (out.kind !== 'propose') throw new Error(`expected proposals, got ${JSON.stringify(out)}`);
  return out.configs;
}

export type Evaluate = (c: Config) => Record<string, number> | 'oom' | 'crash';

export function trial(config: Config, result: ReturnType<Evaluate>): Trial {
  return typeof result === 'string'
    ? { config, metrics: null, failure: { kind: result } }
    : { config, metrics: result, failure: null };
}

/** Runs a sequential session until the tuner stops or `steps` trials are done. */
export function session(
  space: SearchSpace,
  evaluate: Evaluate,
  opts: {
    steps: number;
    seed?: number;
    objective?: Objective;
    constraints?: Constraint[];
    maxTrials?: number;
    defaults?: Config;
    priorTrials?: Trial[];
    prior?: TunerInput['prior'];
  },
): { trials: Trial[]; end: TunerOutput | null } {
  const trials: Trial[] = [];
  for (let i = 0; i < opts.steps; i++) {
    const out = propose(
      input({
        space,
        trials,
        seed: opts.seed ?? 1,
        objective: opts.objective ?? { metric: 'y', direction: 'maximize' },
        constraints: opts.constraints ?? [],
        budget: { max_trials: opts.maxTrials ?? 1000, max_parallel: 1 },
        ...(opts.prior ? { prior: opts.prior } : {}),
        warmStart: {
          ...(opts.defaults ? { defaults: opts.defaults } : {}),
          ...(opts.priorTrials ? { priorTrials: opts.priorTrials } : {}),
        },
      }),
    );
    if (out.kind !== 'propose') return { trials, end: out };
    for (const c of out.configs) trials.push(trial(c, evaluate(c)));
  }
  return { trials, end: null };
}

export function num(c: Config, k: string): number {
  const v = c[k];
  if (typeof v !== 'number') throw new Error(`${k} is not a number in ${JSON.stringify(c)}`);
  return v;
}
