import type { Rng } from './random.ts';
import { NOMINAL, decodeValue, domainIncludes, encodeValue } from './dims.ts';
import type { Space } from './space.ts';
import { finiteMetric, meets } from './surrogate.ts';
import type { Observation } from './surrogate.ts';
import type { Config, Trial, TunerInput } from './types.ts';

/**
 * Reading the tuner's input: whether it is well formed, the trials as observations (this
 * session's and earlier sessions'), and the warm start (engine defaults, earlier bests).
 */

/** Observations beyond this many (the most recent kept) are left out of every model. */
const MAX_MODEL_POINTS = 300;

export function validate(input: TunerInput): string | null {
  if (!input || typeof input !== 'object') return 'The tuner input is missing';
  const { objective, budget } = input;
  if (!objective || typeof objective.metric !== 'string' || objective.metric === '')
    return 'The objective needs a metric';
  if (objective.direction !== 'maximize' && objective.direction !== 'minimize')
    return `The objective direction must be 'maximize' or 'minimize', not '${String(objective.direction)}'`;
  for (const c of input.constraints ?? []) {
    if (!c || typeof c.metric !== 'string' || c.metric === '') return 'Every constraint needs a metric';
    if (!['<=', '>=', '<', '>'].includes(c.op))
      return `Constraint on '${c.metric}' has an unknown operator '${String(c.op)}'`;
    if (!Number.isFinite(c.value)) return `Constraint on '${c.metric}' needs a finite bound`;
  }
  if (!budget || !Number.isInteger(budget.max_trials) || budget.max_trials < 1)
    return 'The budget needs max_trials ≥ 1';
  if (!Number.isInteger(budget.max_parallel) || budget.max_parallel < 1) return 'The budget needs max_parallel ≥ 1';
  if (!Number.isInteger(input.count) || input.count < 1) return 'count must be a positive integer';
  if (!Number.isFinite(input.seed)) return 'seed must be a finite number';
  if (!Array.isArray(input.trials) || !Array.isArray(input.pending)) return 'trials and pending must be lists';
  return null;
}

export function observationsOf(space: Space, input: TunerInput): { own: Observation[]; all: Observation[] } {
  const names = [input.objective.metric, ...(input.constraints ?? []).map((c) => c.metric)];
  const toObservation = (t: Trial): Observation | null => {
    if (!t || typeof t.config !== 'object' || t.config === null) return null;
    const failure = t.failure ? String(t.failure.kind) : null;
    const values = names.map((n) => finiteMetric(t.metrics, n));
    const metrics = failure === null && values.every((v) => v !== null) ? (values as number[]) : null;
    return { config: t.config, features: space.encode(t.config), failure, metrics };
  };
  const own = input.trials.map(toObservation).filter((o): o is Observation => o !== null);
  const priorAll = (input.warmStart?.priorTrials ?? []).map(toObservation).filter((o): o is Observation => o !== null);
  const keepOwn = own.slice(-MAX_MODEL_POINTS);
  const prior = priorAll.slice(-Math.max(0, MAX_MODEL_POINTS - keepOwn.length));
  return { own, all: [...prior, ...keepOwn] };
}

/** Feasible prior configurations, best first. */
export function priorBests(input: TunerInput): Config[] {
  const sign = input.objective.direction === 'maximize' ? 1 : -1;
  return (input.warmStart?.priorTrials ?? [])
    .filter((t) => !t.failure && t.metrics)
    .map((t) => ({ t, v: finiteMetric(t.metrics, input.objective.metric) }))
    .filter(
      (e): e is { t: Trial; v: number } =>
        e.v !== null &&
        (input.constraints ?? []).every((c) => {
          const m = finiteMetric(e.t.metrics, c.metric);
          return m !== null && meets(m, c);
        }),
    )
    .sort((a, b) => sign * (b.v - a.v))
    .map((e) => e.t.config);
}

/**
 * The engine defaults as a configuration of this space: values outside a parameter's range are
 * moved to the nearest allowed one, and flags the engine derives itself (no default given) stay
 * unset so the runner measures what the engine really does out of the box.
 */
export function defaultsConfig(space: Space, defaults: Config, rnd: Rng): Config | null {
  const config: Config = {};
  for (const d of space.dims) {
    if (d.when && config[d.when.param] !== d.when.equals) continue;
    const v = defaults[d.name];
    if (v === undefined) continue;
    if (domainIncludes(d, v)) config[d.name] = v;
    else if (d.kind !== NOMINAL) config[d.name] = decodeValue(d, encodeValue(d, v));
  }
  return space.legalise(config, rnd);
}
