import { propose as proposeSingle } from './propose.ts';
import { mixSeed, mulberry32 } from './random.ts';
import type { Rng } from './random.ts';
import { finiteMetric } from './surrogate.ts';
import type { Config, Objective, Trial, TunerInput, TunerOutput } from './types.ts';

/**
 * Multi-objective search (2 or 3 objectives) and the Pareto helpers it and its callers share.
 *
 * The search is ParEGO (Knowles 2006): every proposal draws a random weight vector λ on the
 * simplex and asks the single-objective optimiser (propose.ts, with its Gaussian processes,
 * constraint and failure models unchanged) to minimise the augmented Chebyshev scalarisation
 *
 *   g(x) = max_i λ_i·(1 − n_i(x)) + ρ·Σ_i λ_i·(1 − n_i(x)),   ρ = 0.05,
 *
 * where n_i is objective i oriented so that larger is better and normalised to [0, 1] over the
 * measured trials. Each weight pulls towards another part of the front; Chebyshev (unlike a
 * weighted sum) also reaches the concave parts of it, and the ρ term keeps weakly dominated points
 * from scoring as well as the points that dominate them. A batch draws one weight per slot, each
 * slot seeing the earlier ones as pending, so parallel runners spread along the front.
 */

/** Larger is better in every coordinate. */
export type Point = readonly number[];

/** a is at least as good as b everywhere and better somewhere (every coordinate maximised). */
export function dominates(a: Point, b: Point): boolean {
  let better = false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x < y) return false;
    if (x > y) better = true;
  }
  return better;
}

/** Indices of the points no other point dominates (every coordinate maximised), in input order. */
export function paretoFront(points: readonly Point[]): number[] {
  const front: number[] = [];
  points.forEach((p, i) => {
    if (!points.some((q, j) => j !== i && dominates(q, p))) front.push(i);
  });
  return front;
}

/** Points oriented so that larger is better: minimised objectives change sign. */
export function orient(values: readonly number[], objectives: readonly Pick<Objective, 'direction'>[]): number[] {
  return values.map((v, i) => (objectives[i]?.direction === 'minimize' ? -v : v));
}

/**
 * The volume dominated by the points and bounded below by `reference` (every coordinate
 * maximised; points not above the reference everywhere add nothing). Exact for 2 and 3
 * coordinates: a sweep for 2; for 3, slices between consecutive third coordinates, each a 2-D
 * hypervolume of the points at or above it.
 */
export function hypervolume(points: readonly Point[], reference: Point): number {
  const d = reference.length;
  if (d !== 2 && d !== 3) throw new Error('hypervolume needs 2 or 3 objectives');
  const above = points.filter((p) => p.length === d && p.every((v, i) => v > (reference[i] as number)));
  if (d === 2) return area(above, reference);
  const levels = [...new Set(above.map((p) => p[2] as number))].sort((a, b) => b - a);
  let volume = 0;
  levels.forEach((z, k) => {
    const below = (levels[k + 1] ?? (reference[2] as number)) as number;
    volume +=
      area(
        above.filter((p) => (p[2] as number) >= z),
        reference,
      ) *
      (z - below);
  });
  return volume;
}

/** 2-D hypervolume of points all above the reference. */
function area(points: readonly Point[], reference: Point): number {
  const sorted = [...points].sort((a, b) => (b[0] as number) - (a[0] as number));
  let total = 0;
  let ceiling = reference[1] as number;
  for (const p of sorted) {
    const y = p[1] as number;
    if (y <= ceiling) continue;
    total += ((p[0] as number) - (reference[0] as number)) * (y - ceiling);
    ceiling = y;
  }
  return total;
}

/** The metric the scalarised trials carry; no metric key can have a leading underscore. */
const SCALARISED = '_pareto_scalarised';
const RHO = 0.05;

/** The input's objectives when it names several, else null (single-objective search). */
export function objectivesOf(input: TunerInput): Objective[] | null {
  return Array.isArray(input.objectives) && input.objectives.length > 1 ? input.objectives : null;
}

function validateObjectives(objectives: Objective[]): string | null {
  if (objectives.length > 3) return 'At most three objectives can be searched together';
  const seen = new Set<string>();
  for (const o of objectives) {
    if (!o || typeof o.metric !== 'string' || o.metric === '') return 'Every objective needs a metric';
    if (o.direction !== 'maximize' && o.direction !== 'minimize')
      return `The objective direction must be 'maximize' or 'minimize', not '${String(o.direction)}'`;
    if (seen.has(o.metric)) return `The objective '${o.metric}' is named twice`;
    seen.add(o.metric);
  }
  return null;
}

/** A uniform draw from the simplex. */
function randomWeights(rnd: Rng, n: number): number[] {
  const e = Array.from({ length: n }, () => -Math.log(Math.max(rnd(), 1e-12)));
  const sum = e.reduce((s, v) => s + v, 0);
  return e.map((v) => v / sum);
}

/** Oriented objective values of a trial that measured them all, else null. */
function orientedValues(t: Trial, objectives: Objective[]): number[] | null {
  if (!t || t.failure || !t.metrics) return null;
  const values = objectives.map((o) => finiteMetric(t.metrics, o.metric));
  return values.every((v) => v !== null) ? orient(values as number[], objectives) : null;
}

/**
 * The trials with the scalarisation for `weights` as an extra metric (1 + g, positive so the
 * Gaussian process may model it on a log scale), normalised over every trial given.
 */
export function scalarise(trials: Trial[], objectives: Objective[], weights: number[], ranges: Trial[]): Trial[] {
  const known = ranges.map((t) => orientedValues(t, objectives)).filter((v): v is number[] => v !== null);
  const low = objectives.map((_, i) => Math.min(...known.map((v) => v[i] as number)));
  const high = objectives.map((_, i) => Math.max(...known.map((v) => v[i] as number)));
  return trials.map((t) => {
    const v = orientedValues(t, objectives);
    if (!v || !t.metrics) return t;
    let worst = 0;
    let sum = 0;
    v.forEach((x, i) => {
      const span = (high[i] as number) - (low[i] as number);
      const shortfall = (weights[i] as number) * (span > 0 ? 1 - (x - (low[i] as number)) / span : 0);
      worst = Math.max(worst, shortfall);
      sum += shortfall;
    });
    return { ...t, metrics: { ...t.metrics, [SCALARISED]: 1 + worst + RHO * sum } };
  });
}

/**
 * propose() for sessions with several objectives: ParEGO over the single-objective optimiser.
 * The caller's `prior` predicts one objective, so it is not used here; a multi-objective session
 * runs to its budget (the single-objective convergence test reads one objective's history).
 */
function proposeFront(input: TunerInput, objectives: Objective[]): TunerOutput {
  const invalid = validateObjectives(objectives);
  if (invalid) return { kind: 'error', message: invalid };
  const priorTrials = input.warmStart?.priorTrials ?? [];
  const everything = [...priorTrials, ...(Array.isArray(input.trials) ? input.trials : [])];
  const rnd = mulberry32(mixSeed(Math.floor(input.seed), input.trials?.length ?? 0, input.pending?.length ?? 0, 0x9a7));
  const chosen: Config[] = [];
  const count = Number.isInteger(input.count) && input.count > 0 ? input.count : 1;
  let last: TunerOutput | null = null;
  while (chosen.length < count) {
    const weights = randomWeights(rnd, objectives.length);
    const { prior: _predictsOneObjective, objectives: _all, ...rest } = input;
    last = proposeSingle(
      {
        ...rest,
        objective: { metric: SCALARISED, direction: 'minimize' },
        trials: Array.isArray(input.trials) ? scalarise(input.trials, objectives, weights, everything) : input.trials,
        pending: Array.isArray(input.pending) ? [...input.pending, ...chosen] : input.pending,
        count: 1,
        warmStart: {
          ...input.warmStart,
          ...(priorTrials.length ? { priorTrials: scalarise(priorTrials, objectives, weights, everything) } : {}),
        },
      },
      { mayConverge: false },
    );
    if (last.kind !== 'propose') break;
    chosen.push(...last.configs);
  }
  if (chosen.length > 0) return { kind: 'propose', configs: chosen };
  return last ?? { kind: 'error', message: 'count must be a positive integer' };
}

/** The tuner's entry point: one objective, or the Pareto front of two or three. */
export function propose(input: TunerInput): TunerOutput {
  const objectives = input ? objectivesOf(input) : null;
  return objectives ? proposeFront(input, objectives) : proposeSingle(input);
}
