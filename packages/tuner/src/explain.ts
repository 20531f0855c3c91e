import { GaussianProcess } from './gp.ts';
import { fitHyper } from './hyper-fit.ts';
import { NOMINAL, NUMERIC, type Dim } from './dims.ts';
import { Space } from './space.ts';
import { finiteMetric } from './surrogate.ts';
import type { Config, FailureKind, SearchSpace, Trial, Value } from './types.ts';

/*
 * Why a session's best configuration wins, in terms a person can check: how much each flag
 * matters to the objective in a fitted model, and the parts of the space where runs failed.
 */

export interface FlagImportance {
  flag: string;
  /** The flag's share of the objective's main-effect variance in the fitted model; shares sum to 1. */
  importance: number;
}

export interface FailureCondition {
  flag: string;
  op: '>=' | '<=' | '=';
  value: Value;
}

/** A region (every condition holds) where runs failed this way. */
export interface FailureRegion {
  kind: FailureKind;
  conditions: FailureCondition[];
  /** Trials inside the region that failed this way, of all trials inside it. */
  failed: number;
  trials: number;
}

export interface Explanation {
  /** Empty until enough successful trials exist to fit a model (`MIN_FITTED`). */
  importance: FlagImportance[];
  failure_regions: FailureRegion[];
  /** The successful trials the model was fitted on. */
  trials_fitted: number;
}

export interface ExplainInput {
  space: SearchSpace;
  objective: { metric: string };
  trials: Trial[];
  context: { gpu_count: number; max_seq_length: number };
}

/** Below this many successful trials a fitted model says more about its prior than the engine. */
export const MIN_FITTED = 6;
/** The most recent successful trials the importance model is fitted on (prediction is O(n²)). */
const MAX_FITTED = 64;
/** Points along a numeric flag at which its main effect is read. */
const GRID = 9;
/** A region must hold at least this share of failures of its kind to be called one. */
const MIN_PRECISION = 0.75;
const MAX_REGIONS_PER_KIND = 3;

export function explain(input: ExplainInput): Explanation | { error: string } {
  const space = Space.create(input.space, input.context);
  if (typeof space === 'string') return { error: space };
  const fitted = input.trials
    .filter((t) => t.failure === null && finiteMetric(t.metrics, input.objective.metric) !== null)
    .slice(-MAX_FITTED);
  return {
    importance: fitted.length >= MIN_FITTED ? importance(space, fitted, input.objective.metric) : [],
    failure_regions: failureRegions(space, input.trials),
    trials_fitted: fitted.length,
  };
}

/**
 * First-order importance, as fANOVA reads it but from the Gaussian process the tuner fits: for
 * each flag, the objective's average over the observed configurations with only that flag set to
 * each of its values; the variance of that curve is the flag's main effect. Length scales alone
 * would rank a flag with a short scale but a tiny effect first.
 */
function importance(space: Space, trials: Trial[], metric: string): FlagImportance[] {
  const points = trials.map((t) => space.encode(t.config));
  const raw = trials.map((t) => finiteMetric(t.metrics, metric) as number);
  // Throughput and latency vary by factors: a log scale keeps one large reading from ruling the fit.
  const y = raw.every((v) => v > 0) ? raw.map(Math.log) : raw;
  const mean = y.reduce((a, b) => a + b, 0) / y.length;
  const sd = Math.sqrt(y.reduce((a, b) => a + (b - mean) ** 2, 0) / y.length) || 1;
  const z = y.map((v) => (v - mean) / sd);
  const gp = new GaussianProcess(space.kinds, fitHyper(space.kinds, points, [z], z), points, [z]);

  const effects = space.dims.map((dim, d) => {
    const curve: number[] = [];
    for (const value of gridOf(dim)) {
      let sum = 0;
      let n = 0;
      for (const base of points) {
        // A flag its condition switched off in this configuration has no effect there.
        if (Number.isNaN(base[d] as number)) continue;
        const x = Float64Array.from(base);
        x[d] = value;
        sum += gp.predictMean(x);
        n += 1;
      }
      if (n > 0) curve.push(sum / n);
    }
    if (curve.length < 2) return 0;
    const m = curve.reduce((a, b) => a + b, 0) / curve.length;
    return curve.reduce((a, b) => a + (b - m) ** 2, 0) / curve.length;
  });
  const total = effects.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return [];
  return space.dims
    .map((dim, d) => ({ flag: dim.name, importance: (effects[d] as number) / total }))
    .sort((a, b) => b.importance - a.importance);
}

function gridOf(dim: Dim): number[] {
  if (dim.kind === NOMINAL) return dim.choices.map((_, i) => i);
  if (dim.kind !== NUMERIC) return dim.choices.map((_, i, all) => (all.length <= 1 ? 0.5 : i / (all.length - 1)));
  return Array.from({ length: GRID }, (_, i) => i / (GRID - 1));
}

interface Rule {
  conditions: FailureCondition[];
  /** Indices of the trials inside the region. */
  inside: number[];
}

/**
 * Failure regions by rule induction over the trials: for each failure kind, the condition on one
 * flag, or the pair, that holds on the most failures of that kind while at least 75 % of the
 * trials inside it failed that way; then again on the failures not yet explained. A threshold sits
 * at a failing value, so "≥ 0.96" means a run at 0.96 failed and none in the region did better.
 */
function failureRegions(space: Space, trials: Trial[]): FailureRegion[] {
  const regions: FailureRegion[] = [];
  const kinds = [...new Set(trials.flatMap((t) => (t.failure ? [t.failure.kind] : [])))].sort();
  for (const kind of kinds) {
    const failing = new Set(trials.flatMap((t, i) => (t.failure?.kind === kind ? [i] : [])));
    const unexplained = new Set(failing);
    const candidates = conditionsFor(space, trials, failing);
    for (let round = 0; round < MAX_REGIONS_PER_KIND && unexplained.size >= 2; round++) {
      const best = bestRule(candidates, trials, failing, unexplained);
      if (!best) break;
      best.inside.forEach((i) => unexplained.delete(i));
      regions.push({
        kind,
        conditions: best.conditions,
        failed: best.inside.filter((i) => failing.has(i)).length,
        trials: best.inside.length,
      });
    }
  }
  return regions;
}

/** Conditions worth trying: each failing value of a flag, as a threshold or an equality. */
function conditionsFor(space: Space, trials: Trial[], failing: Set<number>): Rule[] {
  const rules: Rule[] = [];
  for (const dim of space.dims) {
    const values = new Set<Value>();
    failing.forEach((i) => {
      const v = (trials[i] as Trial).config[dim.name];
      if (v !== undefined) values.add(v);
    });
    const ordered = dim.kind !== NOMINAL && [...values].every((v) => typeof v === 'number');
    const [lowest, highest] = dim.kind === NUMERIC ? [dim.low, dim.high] : [dim.choices[0], dim.choices.at(-1)];
    for (const value of values) {
      const ops: FailureCondition['op'][] = ordered ? ['>=', '<='] : ['='];
      for (const op of ops) {
        // "≤ the lowest value" is "= the lowest value", and reads better so.
        const edge = (op === '<=' && value === lowest) || (op === '>=' && value === highest);
        const condition: FailureCondition = { flag: dim.name, op: edge ? '=' : op, value };
        rules.push({
          conditions: [condition],
          inside: trials.flatMap((t, i) => (holds(condition, t.config) ? [i] : [])),
        });
      }
    }
  }
  return rules;
}

function holds(c: FailureCondition, config: Config): boolean {
  const v = config[c.flag];
  if (v === undefined) return false;
  if (c.op === '=') return v === c.value;
  if (typeof v !== 'number' || typeof c.value !== 'number') return false;
  return c.op === '>=' ? v >= c.value : v <= c.value;
}

function bestRule(singles: Rule[], trials: Trial[], failing: Set<number>, unexplained: Set<number>): Rule | null {
  const quality = (rule: Rule) => {
    const hits = rule.inside.filter((i) => unexplained.has(i)).length;
    const precision = rule.inside.filter((i) => failing.has(i)).length / Math.max(rule.inside.length, 1);
    return { hits, precision };
  };
  // A region of one trial is an anecdote, not a region.
  const useful = (rule: Rule) => {
    const q = quality(rule);
    return q.hits >= 2 && q.precision >= MIN_PRECISION;
  };
  const better = (a: Rule, b: Rule | null) => {
    if (!b) return true;
    const qa = quality(a);
    const qb = quality(b);
    if (qa.hits !== qb.hits) return qa.hits > qb.hits;
    if (qa.precision !== qb.precision) return qa.precision > qb.precision;
    // Fewer conditions, then the tighter threshold (fewer trials inside) says more.
    if (a.conditions.length !== b.conditions.length) return a.conditions.length < b.conditions.length;
    return a.inside.length < b.inside.length;
  };
  let best: Rule | null = null;
  for (const rule of singles) if (useful(rule) && better(rule, best)) best = rule;
  // Pairs of the conditions that catch most of the unexplained failures (precision comes from the pair).
  const promising = singles
    .filter((rule) => quality(rule).hits >= 2)
    .sort((a, b) => quality(b).hits - quality(a).hits)
    .slice(0, 40);
  for (let a = 0; a < promising.length; a++) {
    for (let b = a + 1; b < promising.length; b++) {
      const ra = promising[a] as Rule;
      const rb = promising[b] as Rule;
      if (ra.conditions[0]?.flag === rb.conditions[0]?.flag) continue;
      const inB = new Set(rb.inside);
      const pair: Rule = {
        conditions: [...ra.conditions, ...rb.conditions],
        inside: ra.inside.filter((i) => inB.has(i)),
      };
      if (useful(pair) && better(pair, best)) best = pair;
    }
  }
  if (best) best.conditions.sort((x, y) => x.flag.localeCompare(y.flag));
  return best;
}
