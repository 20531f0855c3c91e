import { FailureModel } from './failure-model.ts';
import type { FailureOptions } from './failure-model.ts';
import type { Ablation } from './mechanisms.ts';
import { GaussianProcess } from './gp.ts';
import { fitHyper } from './hyper-fit.ts';
import type { Space } from './space.ts';
import type { Config, Constraint, TunerInput } from './types.ts';

/**
 * The models behind each proposal and the acquisition that ranks candidates: one Gaussian process
 * per metric (objective and each constraint), the failure classifier, expected improvement.
 */

/** Observations beyond this many successful ones are thinned (prediction costs O(n²) each). */
const MAX_GP_POINTS = 150;
/** Candidates less likely than this to run at all are ruled out while any other is left. */
const MIN_SUCCESS_ODDS = 0.6;
/** Exploitation skips candidates less likely than this to meet the constraints. */
const MIN_CONSTRAINT_ODDS = 0.25;

export interface Observation {
  config: Config;
  features: Float64Array;
  /** The failure kind, or null when the run produced metrics. */
  failure: string | null;
  /** Objective and constraint metrics, or null when the trial failed or lacks one. */
  metrics: number[] | null;
}

export function finiteMetric(metrics: Record<string, number> | null, name: string): number | null {
  const v = metrics?.[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function meets(value: number, c: Constraint): boolean {
  switch (c.op) {
    case '<=':
      return value <= c.value;
    case '>=':
      return value >= c.value;
    case '<':
      return value < c.value;
    case '>':
      return value > c.value;
  }
}

export function normalCdf(z: number): number {
  // Abramowitz–Stegun 7.1.26 on erf; accurate to ~1e-7, plenty for ranking candidates.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

function normalPdf(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

function expectedImprovement(mean: number, sd: number, best: number): number {
  if (sd < 1e-12) return Math.max(0, mean - best);
  const z = (mean - best) / sd;
  return (mean - best) * normalCdf(z) + sd * normalPdf(z);
}

/** A metric transform: log for positive metrics (relative changes matter), then standardised. */
interface Transform {
  log: boolean;
  mean: number;
  sd: number;
}
function makeTransform(values: readonly number[], extra: readonly number[] = []): Transform {
  const log = values.every((v) => v > 0) && extra.every((v) => v > 0);
  const t = values.map((v) => (log ? Math.log(v) : v));
  const mean = t.reduce((s, v) => s + v, 0) / Math.max(1, t.length);
  const variance = t.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, t.length);
  return { log, mean, sd: Math.sqrt(variance) > 1e-12 ? Math.sqrt(variance) : 1 };
}
const apply = (tr: Transform, v: number) => ((tr.log ? Math.log(v) : v) - tr.mean) / tr.sd;

/** One metric's Gaussian process. */
export interface Output {
  gp: GaussianProcess;
  noiseSd: number;
}

/**
 * The objective's prior mean from the caller's predictor (TunerInput.prior): a + b · prediction in
 * transformed units, a and b fitted by least squares to the successful trials (b kept within
 * [0, MAX_PRIOR_SLOPE]), so the Gaussian process models only what the predictor gets wrong.
 */
export type PriorMean = (config: Config) => number;
const MAX_PRIOR_SLOPE = 1.5;

function fitPriorMean(
  prior: ((config: Config) => number | null) | undefined,
  transform: Transform,
  sign: number,
  configs: readonly Config[],
  y: readonly number[],
): PriorMean | null {
  if (!prior) return null;
  const predict = (c: Config): number | null => {
    const v = prior(c);
    if (typeof v !== 'number' || !Number.isFinite(v) || (transform.log && sign * v <= 0)) return null;
    return apply(transform, sign * v);
  };
  const pairs = configs.map((c, i) => [predict(c), y[i] as number] as const).filter((p) => p[0] !== null);
  if (pairs.length < 3) return null;
  const mx = pairs.reduce((s, p) => s + (p[0] as number), 0) / pairs.length;
  const my = pairs.reduce((s, p) => s + p[1], 0) / pairs.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, v] of pairs) {
    sxy += ((x as number) - mx) * (v - my);
    sxx += ((x as number) - mx) ** 2;
  }
  const b = sxx > 1e-12 ? Math.min(MAX_PRIOR_SLOPE, Math.max(0, sxy / sxx)) : 0;
  const a = my - b * mx;
  // Where the predictor has nothing to say, the prior mean is its average over the trials.
  return (c) => a + b * (predict(c) ?? mx);
}

/** Everything the acquisition needs, built once per call. */
export interface Surrogate {
  objective: Output & { transform: Transform; priorMean: PriorMean | null };
  constraints: (Output & { bound: number; upper: boolean })[];
  failure: FailureModel | null;
  /** Incumbent in transformed objective units, or null when nothing feasible was observed. */
  best: number | null;
}

/**
 * The observations the objective model is fitted on: all successful ones up to MAX_GP_POINTS,
 * beyond that the best third (feasible first) plus the most recent, which is where the search is.
 * Prediction costs O(n²) per candidate, so this bounds the time per proposal.
 */
function regressionSet(observations: Observation[], constraints: readonly Constraint[], sign: number): Observation[] {
  const succeeded = observations.filter((o) => o.metrics !== null);
  if (succeeded.length <= MAX_GP_POINTS) return succeeded;
  const quality = (o: Observation) => {
    const m = o.metrics as number[];
    return (
      (constraints.every((c, ci) => meets(m[ci + 1] as number, c)) ? 1e6 : 0) +
      sign * Math.sign(m[0] as number) * Math.log1p(Math.abs(m[0] as number))
    );
  };
  const best = new Set([...succeeded].sort((a, b) => quality(b) - quality(a)).slice(0, Math.floor(MAX_GP_POINTS / 3)));
  const recent = succeeded.filter((o) => !best.has(o)).slice(-(MAX_GP_POINTS - best.size));
  return succeeded.filter((o) => best.has(o) || recent.includes(o));
}

function fitOutput(space: Space, points: Float64Array[], y: number[], extra: number): Output {
  const hyper = fitHyper(space.kinds, points, [y], y);
  const gp = new GaussianProcess(space.kinds, hyper, points, [y], extra);
  return { gp, noiseSd: Math.sqrt(gp.noise) };
}

/**
 * The objective and each constraint metric get their own Gaussian process (their own relevant
 * flags and smoothness: throughput follows batch size and memory, p99 latency the chunk size);
 * failures train the failure classifier.
 */
export function failureOptions(off: Ablation): FailureOptions {
  return { hypotheses: !off.has('crashHypotheses'), numericHypotheses: !off.has('thresholdHypotheses') };
}

export function buildSurrogate(
  space: Space,
  input: TunerInput,
  observations: Observation[],
  pendingFeatures: Float64Array[],
  room: number,
  off: Ablation,
): Surrogate | null {
  const constraints = input.constraints ?? [];
  const sign = input.objective.direction === 'maximize' ? 1 : -1;
  const succeeded = regressionSet(observations, constraints, sign);
  if (succeeded.length < 3) return null;
  const points = succeeded.map((o) => o.features);
  const extra = pendingFeatures.length + room;
  const objectiveRaw = succeeded.map((o) => sign * ((o.metrics as number[])[0] as number));
  const transform = makeTransform(objectiveRaw);
  const y = objectiveRaw.map((v) => apply(transform, v));
  const priorMean = fitPriorMean(
    off.has('prior') ? undefined : input.prior,
    transform,
    sign,
    succeeded.map((o) => o.config),
    y,
  );
  const offsets = succeeded.map((o) => (priorMean ? priorMean(o.config) : 0));
  const objective = {
    ...fitOutput(
      space,
      points,
      y.map((v, i) => v - (offsets[i] as number)),
      extra,
    ),
    transform,
    priorMean,
  };
  const constraintModels = constraints.map((c, ci) => {
    const raw = succeeded.map((o) => (o.metrics as number[])[ci + 1] as number);
    const tr = makeTransform(raw, [c.value]);
    return {
      ...fitOutput(
        space,
        points,
        raw.map((v) => apply(tr, v)),
        extra,
      ),
      bound: apply(tr, c.value),
      upper: c.op === '<=' || c.op === '<',
    };
  });

  // The incumbent is judged by the model's mean at feasible observations, not the noisy reading.
  let best: number | null = null;
  succeeded.forEach((o, i) => {
    const m = o.metrics as number[];
    if (!constraints.every((c, ci) => meets(m[ci + 1] as number, c))) return;
    const mean = objective.gp.predictMean(o.features) + (offsets[i] as number);
    if (best === null || mean > best) best = mean;
  });

  const failure = FailureModel.fit(
    space.kinds,
    observations.map((o) => o.features),
    observations.map((o) => o.failure),
    failureOptions(off),
  );
  for (const x of pendingFeatures)
    for (const o of [objective, ...constraintModels]) o.gp.addObservation(x, [o.gp.predictMean(x)]);
  return { objective, constraints: constraintModels, failure, best };
}

/** The model's view of one metric at a candidate. */
export interface Prediction {
  mean: number;
  /** Latent variance, reduced as batch picks are fantasised. */
  variance: number;
  whitened: Float64Array;
}

/** A configuration under consideration. */
export interface Candidate {
  config: Config;
  key: string;
  features: Float64Array;
  /**
   * Objective first, then each constraint. Empty until predict(), which leaves them out for a
   * candidate the smooth classifiers rule out (score never reads them) until a batch conditions on
   * picks: a GP prediction is most of a proposal's cost.
   */
  predictions: Prediction[];
  /** Probability of running at all. */
  pOk: number;
  /** The same, counting only the smooth classifiers (no crash hypotheses): what may rule a candidate out. */
  pSmoothOk: number;
}

export const outputsOf = (s: Surrogate): Output[] => [s.objective, ...s.constraints];

/** A candidate with its failure risk; predict() adds the models' predictions. */
export function assess(s: Surrogate, config: Config, key: string, features: Float64Array): Candidate {
  const risk = s.failure?.risk(features) ?? { smooth: 0, blamed: 0 };
  return {
    config,
    key,
    features,
    predictions: [],
    pOk: (1 - risk.smooth) * (1 - risk.blamed),
    pSmoothOk: 1 - risk.smooth,
  };
}

/**
 * Fills in the models' predictions of the candidates that lack them: of every one when `all`
 * (a batch conditioning on its picks), else only of those the smooth classifiers leave in (score
 * reads no others). The candidates go through the Gaussian processes together, and processes over
 * the same points (every metric's: they are fitted on the same observations and fantasies) share
 * each candidate's feature gaps.
 */
export function predict(s: Surrogate, candidates: readonly Candidate[], all = false): void {
  const todo = candidates.filter((c) => c.predictions.length === 0 && (all || c.pSmoothOk >= MIN_SUCCESS_ODDS));
  if (todo.length === 0) return;
  const outputs = outputsOf(s);
  const first = (outputs[0] as Output).gp;
  const shares = outputs.map((o) => o.gp.hasPointsOf(first));
  const prior = s.objective.priorMean;
  // Four candidates at a time (predictGaps's group), their gaps in buffers reused group after group.
  const buffers: (Float64Array | undefined)[] = [];
  for (let start = 0; start < todo.length; start += 4) {
    const group = todo.slice(start, start + 4);
    const shared = group.map((c, q) => (buffers[q] = first.gapsTo(c.features, buffers[q])));
    const perOutput = outputs.map((o, m) =>
      o.gp.predictGaps(shares[m] ? shared : group.map((c) => o.gp.gapsTo(c.features))),
    );
    group.forEach((c, q) => {
      c.predictions = perOutput.map((ps) => {
        const p = ps[q] as { means: number[]; variance: number; whitened: Float64Array };
        return { mean: p.means[0] as number, variance: p.variance, whitened: p.whitened };
      });
      if (prior) (c.predictions[0] as Prediction).mean += prior(c.config);
    });
  }
}

/**
 * The acquisition: expected improvement × the probability of meeting every constraint × the
 * probability of not failing. Where failure is more likely than 1 − MIN_SUCCESS_ODDS the candidate
 * is ruled out (negative score, used only as a last resort): the objective model knows nothing
 * inside failure regions and extrapolates the rising trend that leads to an OOM cliff, so its
 * optimism there would otherwise keep pulling proposals over the edge.
 *
 * `explore` scores by the model's uncertainty instead of expected improvement.
 */
export function score(s: Surrogate, c: Candidate, explore: boolean): number {
  // Only the smooth classifiers rule out. A crash hypothesis scales the score down instead (never to
  // zero: failure-model.ts, LEAK), so a blamed region is still measured once nothing else is worth more, and
  // a wrong blame (a flaky run, a numeric cause pinned on a flag pair) is cleared.
  if (c.pSmoothOk < MIN_SUCCESS_ODDS) return c.pSmoothOk - 1;
  let pConstraints = 1;
  s.constraints.forEach((b, i) => {
    const pr = c.predictions[i + 1] as Prediction;
    const sd = Math.sqrt(pr.variance + b.noiseSd * b.noiseSd);
    pConstraints *= normalCdf(b.upper ? (b.bound - pr.mean) / sd : (pr.mean - b.bound) / sd);
  });
  const p = c.pOk * pConstraints;
  const { mean, variance } = c.predictions[0] as Prediction;
  // Exploration only considers configurations the model expects to be feasible.
  if (explore) return c.pSmoothOk * pConstraints >= 0.5 ? Math.sqrt(variance) * p : p - 1;
  // Until something feasible is seen, look for feasibility first, preferring better objectives.
  if (s.best === null) return p * (0.5 + 0.5 * normalCdf(mean));
  // Optima sit on constraint boundaries, and expected improvement grows without bound beyond
  // them; probing clearly outside rarely pays. So a configuration the model thinks more likely to
  // break a constraint than not is discounted once more in proportion to its odds, and one it is
  // nearly sure breaks one is out.
  if (pConstraints < MIN_CONSTRAINT_ODDS) return pConstraints - 1;
  return expectedImprovement(mean, Math.sqrt(variance), s.best) * p * Math.min(1, 2 * pConstraints);
}
