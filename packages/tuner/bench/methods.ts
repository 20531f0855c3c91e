import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NONE_OFF } from '../src/mechanisms.ts';
import type { Ablation } from '../src/mechanisms.ts';
import { propose } from '../src/propose.ts';
import { mixSeed, mulberry32 } from '../src/random.ts';
import { NUMERIC } from '../src/dims.ts';
import { Space } from '../src/space.ts';
import type { Config, Trial, TunerInput } from '../src/types.ts';
import { AskTellProcess } from './ask-tell.ts';
import type { Problem } from './problem.ts';

/**
 * The methods the benchmarks compare (compare.ts on the named surfaces, family-run.ts on the
 * family): the tuner, random search and Optuna's samplers, each proposing one configuration at a
 * time; and the optimum a surface's figures are shares of.
 */

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length / 2;
  return s.length % 2 ? (s[Math.floor(m)] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export function buildSpace(p: Problem): Space {
  const space = Space.create(p.space, p.context);
  if (typeof space === 'string') throw new Error(`${p.name}: ${space}`);
  return space;
}

/** The measured objective if the trial ran and met every constraint as measured, else null. */
export function measuredValue(p: Problem, t: Trial): number | null {
  if (t.failure || !t.metrics) return null;
  const m = t.metrics;
  for (const c of p.constraints) {
    const v = m[c.metric];
    if (typeof v !== 'number') return null;
    const ok = c.op === '<=' ? v <= c.value : c.op === '<' ? v < c.value : c.op === '>=' ? v >= c.value : v > c.value;
    if (!ok) return null;
  }
  return m[p.objective.metric] ?? null;
}

export interface Optimiser {
  next(trials: Trial[]): Promise<Config | null>;
  close(): void;
}

/** The tuner's input for `p` after `trials`: one configuration asked for, nothing pending. */
export function oneAtATime(
  p: Problem,
  trials: Trial[],
  maxTrials: number,
  seed: number,
  withPrior: boolean,
): TunerInput {
  return {
    ...(withPrior ? { prior: (c: Config) => p.prior(c) } : {}),
    space: p.space,
    objective: p.objective,
    constraints: p.constraints,
    trials,
    pending: [],
    budget: { max_trials: maxTrials, max_parallel: 1 },
    context: p.context,
    seed,
    count: 1,
  };
}

/** The tuner, with any mechanisms switched off (the ablation). */
export function tunerOptimiser(
  p: Problem,
  seed: number,
  withPrior: boolean,
  maxTrials: number,
  off: Ablation = NONE_OFF,
): Optimiser {
  return {
    next: async (trials) => {
      const out = propose(
        { ...oneAtATime(p, trials, maxTrials, seed, withPrior), warmStart: { defaults: p.defaults } },
        { off },
      );
      if (out.kind === 'error') throw new Error(out.message);
      return out.kind === 'propose' ? (out.configs[0] ?? null) : null;
    },
    close: () => undefined,
  };
}

export function randomOptimiser(p: Problem, space: Space, seed: number): Optimiser {
  const rnd = mulberry32(mixSeed(seed, 0xa11));
  const seen = new Set<string>();
  return {
    next: async (trials) => {
      if (trials.length === 0) {
        seen.add(space.key(p.defaults));
        return p.defaults;
      }
      for (let i = 0; i < 100; i++) {
        const c = space.sample(rnd);
        if (c && !seen.has(space.key(c))) {
          seen.add(space.key(c));
          return c;
        }
      }
      return null;
    },
    close: () => undefined,
  };
}

const TPE_SCRIPT = fileURLToPath(new URL('./tpe.py', import.meta.url));

/** A Python that has optuna, or null. */
export function findPython(): string | null {
  for (const python of [process.env.MAKO_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean) as string[]) {
    const probe = spawnSync(python, ['-c', 'import optuna'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return null;
}

/**
 * An Optuna sampler as it is used: 'tpe' is TPESampler(multivariate=True, constant_liar=True) with
 * the constraints told through constraints_func; 'default' is the sampler create_study picks when
 * given none (TPE in Optuna 3.1), seeded. Failed runs are told as failures (TrialState.FAIL); a
 * constraint violation is told to 'tpe' as its constraint value and to 'default', which cannot take
 * one, as a failure.
 */
export class OptunaOptimiser implements Optimiser {
  private readonly process: AskTellProcess;
  private readonly rnd;
  private told = 0;

  constructor(
    python: string,
    private readonly p: Problem,
    private readonly space: Space,
    seed: number,
    sampler: 'tpe' | 'default',
  ) {
    const spec = { seed, sampler, parameters: p.space.parameters, enqueue: [p.defaults] };
    this.process = new AskTellProcess(python, TPE_SCRIPT, spec, sampler);
    this.rnd = mulberry32(mixSeed(seed, 0x7be));
  }

  async next(trials: Trial[]): Promise<Config | null> {
    if (trials.length === 0) await this.process.read();
    for (; this.told < trials.length; this.told++) this.process.write(toldResult(this.p, trials[this.told] as Trial));
    const config = { ...((await this.process.read()).config as Config) };
    return this.space.valid(config) ? config : this.space.legalise(config, this.rnd);
  }

  close(): void {
    this.process.close();
  }
}

/** A trial as bench/tpe.py is told it: a failure, or the objective and how far past its bounds it went. */
function toldResult(p: Problem, t: Trial): { fail: true } | { value: number; violation: number } {
  const value = t.metrics?.[p.objective.metric];
  if (t.failure || typeof value !== 'number') return { fail: true };
  let violation = 0;
  for (const c of p.constraints) {
    const v = t.metrics?.[c.metric];
    if (typeof v !== 'number') return { fail: true };
    const excess = (c.op === '<=' || c.op === '<' ? v - c.value : c.value - v) / Math.max(1e-12, Math.abs(c.value));
    violation = Math.max(violation, excess);
  }
  return { value, violation };
}

/** True values (null = infeasible) of every trial of one run. */
export async function runOnce(
  p: Problem,
  optimiser: Optimiser,
  seed: number,
  trialCount: number,
): Promise<(number | null)[]> {
  const trials: Trial[] = [];
  const truths: (number | null)[] = [];
  try {
    while (trials.length < trialCount) {
      const config = await optimiser.next(trials);
      if (!config) break;
      trials.push(p.measure(config, mixSeed(seed, trials.length)));
      truths.push(p.truth(config).value);
    }
  } finally {
    optimiser.close();
  }
  return truths;
}

/** The best noise-free feasible value: random configurations, then coordinate refinement. */
export function searchOptimum(p: Problem, space: Space, samples = 300): { value: number; config: Config } {
  const rnd = mulberry32(7);
  const score = (c: Config) => p.truth(c).value ?? Number.NEGATIVE_INFINITY;
  const pool: Config[] = [p.defaults];
  for (let i = 0; i < samples; i++) {
    const c = space.sample(rnd);
    if (c) pool.push(c);
  }
  const starts = pool
    .filter((c) => score(c) > Number.NEGATIVE_INFINITY)
    .sort((a, b) => score(b) - score(a))
    .slice(0, 6);
  let best = starts[0] ?? p.defaults;
  for (const start of starts) {
    let current = start;
    for (let pass = 0; pass < 6; pass++) {
      let improved = false;
      for (let i = 0; i < space.size; i++) {
        const base = space.encode(current);
        if (Number.isNaN(base[i] as number) && space.dim(i).when === undefined) continue;
        const d = space.dim(i);
        const moves =
          d.kind === NUMERIC
            ? [-0.2, -0.06, -0.02, 0.02, 0.06, 0.2].map((step) => Math.min(1, Math.max(0, (base[i] as number) + step)))
            : d.choices.map((_, k) => (d.kind === 1 ? (d.choices.length > 1 ? k / (d.choices.length - 1) : 0.5) : k));
        for (const v of moves) {
          const f = Float64Array.from(base);
          f[i] = v;
          const c = space.legalise(space.decode(f, rnd), rnd);
          if (c && score(c) > score(current)) {
            current = c;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
    if (score(current) > score(best)) best = current;
  }
  return { value: score(best), config: best };
}
