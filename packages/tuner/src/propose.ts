import { mergeRepeats } from './confidence.ts';
import { FailureModel } from './failure-model.ts';
import { featureGap } from './gp.ts';
import type { Rng } from './random.ts';
import { gaussian, mixSeed, mulberry32, randomInt } from './random.ts';
import { NOMINAL, NUMERIC, ORDINAL, Space, decodeValue, domainIncludes, encodeValue } from './space.ts';
import { NONE_OFF } from './mechanisms.ts';
import type { Ablation } from './mechanisms.ts';
import {
  assess,
  buildSurrogate,
  failureOptions,
  finiteMetric,
  meets,
  outputsOf,
  score,
  withPredictions,
} from './surrogate.ts';
import type { Candidate, Observation, Prediction } from './surrogate.ts';
import type { Config, Trial, TunerInput, TunerOutput } from './types.ts';

/**
 * Constrained Bayesian optimisation of serving configurations.
 *
 *  1. Warm start: the engine defaults first (unless already measured or pending), then the best
 *     feasible configurations of earlier sessions on the same model and hardware; those sessions'
 *     trials also feed every model below.
 *  2. A short space-filling design (maximin among random valid configurations).
 *  3. Then expected improvement × probability of meeting every constraint × probability of not
 *     failing (surrogate.ts): one Gaussian process per metric (Matérn 5/2, ARD length scales
 *     fitted by marginal likelihood) on log values; failures (OOM, crash, timeout) train a failure
 *     classifier per kind, so the search learns and avoids those regions.
 *  4. Batches: after each pick the GPs are told the pick's predicted values (kriging believer, a
 *     constant-liar variant); pending configurations are fantasised the same way, so parallel
 *     runners get different configurations.
 *
 * Candidates come from random valid configurations, perturbations around the best observed ones,
 * every configuration one flag away from the two best, perturbations of the best observation of
 * each tensor-parallel or block size, and a local refinement of the most promising; every
 * candidate satisfies the space's conditions and rules and none repeats a measured or pending
 * configuration. Crashes are explained by flag combinations first (failure-model.ts).
 *
 * Convergence ('complete' with reason 'converged'): at least max(30, 6·d + 10, 30 % of
 * max_trials) trials of this session (d = number of parameters), no trial improved the best
 * feasible objective by more than 1 % during the last max(15, ⌈30 %⌉ of trials) trials, and the
 * largest expected improvement the model still sees (weighted by feasibility) is below 0.1 % of
 * the best value.
 */

const MAX_MODEL_POINTS = 300;
const RANDOM_CANDIDATES = 112;
const ANCHORS = 5;
const PERTURBATIONS_PER_ANCHOR = 24;
const REFINE_TOP = 3;
const REFINE_PER_TOP = 12;
const ENUMERATE_POOL_LIMIT = 1500;
const CONVERGED_GAIN = 0.001;
const IMPROVEMENT = 0.01;
const EXPLORE_EVERY = 4;
const FLAG_NEIGHBOUR_ANCHORS = 2;
const PERTURBATIONS_PER_BASIN = 8;

function validate(input: TunerInput): string | null {
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

function minGap2(space: Space, x: Float64Array, others: readonly Float64Array[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const o of others) {
    let s = 0;
    for (let i = 0; i < x.length; i++) {
      const g = featureGap(x[i] as number, o[i] as number, space.kinds[i] as number);
      s += g * g;
    }
    if (s < best) best = s;
  }
  return best;
}

/** Moves a configuration a little: numeric features by Gaussian steps, categorical ones rarely. */
function perturb(space: Space, base: Float64Array, sigma: number, rnd: Rng): Config | null {
  const f = Float64Array.from(base);
  const d = space.size;
  const switchProbability = Math.max(1 / d, 0.12);
  let changed = false;
  for (let attempt = 0; attempt < 3 && !changed; attempt++) {
    for (let i = 0; i < d; i++) {
      const v = f[i] as number;
      if (Number.isNaN(v)) continue;
      const dim = space.dim(i);
      if (dim.kind === NUMERIC) {
        if (rnd() < 0.6) {
          f[i] = Math.min(1, Math.max(0, v + sigma * gaussian(rnd)));
          changed = true;
        }
      } else if (rnd() < switchProbability) {
        const n = dim.choices.length;
        if (n < 2) continue;
        if (dim.kind === NOMINAL) f[i] = (v + 1 + randomInt(rnd, n - 1)) % n;
        else {
          const idx = Math.round(v * (n - 1));
          const step = rnd() < 0.7 ? (rnd() < 0.5 ? -1 : 1) : randomInt(rnd, n) - idx;
          f[i] = Math.min(n - 1, Math.max(0, idx + step)) / (n - 1);
        }
        changed = true;
      }
    }
  }
  return space.legalise(space.decode(f, rnd), rnd);
}

/**
 * Every configuration one categorical or boolean flag away from `base`, numeric features kept.
 * Random perturbations move several features at once and switch a flag only now and then, so the
 * best configuration with just one flag changed (often the last step to the optimum: one more
 * flag on once the others are right) would otherwise rarely even be a candidate.
 */
export function flagNeighbours(space: Space, base: Float64Array, rnd: Rng): Config[] {
  const out: Config[] = [];
  for (let i = 0; i < space.size; i++) {
    const v = base[i] as number;
    const dim = space.dim(i);
    if (dim.kind === NUMERIC || Number.isNaN(v)) continue;
    const n = dim.choices.length;
    for (let k = 0; k < n; k++) {
      const value = dim.kind === NOMINAL ? k : n > 1 ? k / (n - 1) : 0.5;
      if (value === v) continue;
      const f = Float64Array.from(base);
      f[i] = value;
      // Rules may force other values to follow (a token budget once chunked prefill is off), but a
      // flip the rules undo (a tensor-parallel size above the GPU count) is no neighbour.
      const c = space.legalise(space.decode(f, rnd), rnd);
      if (c && c[dim.name] === decodeValue(dim, value)) out.push(c);
    }
  }
  return out;
}

/** For each categorical or boolean feature, the values some successful run had. */
function workingFlagValues(space: Space, observations: Observation[]): Set<number>[] {
  const seen = space.dims.map(() => new Set<number>());
  for (const o of observations)
    if (o.failure === null)
      o.features.forEach((v, i) => {
        if (space.dim(i).kind !== NUMERIC && !Number.isNaN(v)) seen[i]?.add(v);
      });
  return seen;
}

/** How many of x's categorical or boolean values no successful run has had. */
export function unseenFlagValues(space: Space, x: Float64Array, seen: Set<number>[]): number {
  let n = 0;
  x.forEach((v, i) => {
    if (space.dim(i).kind !== NUMERIC && !Number.isNaN(v) && !seen[i]?.has(v)) n++;
  });
  return n;
}

function observationsOf(space: Space, input: TunerInput): { own: Observation[]; all: Observation[] } {
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
function priorBests(input: TunerInput): Config[] {
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

/** Checks the convergence criterion documented above. */
function converged(input: TunerInput, space: Space, own: Observation[], bestGain: number): boolean {
  const n = own.length;
  if (n < Math.max(30, 6 * space.size + 10, 0.3 * input.budget.max_trials)) return false;
  const sign = input.objective.direction === 'maximize' ? 1 : -1;
  const constraints = input.constraints ?? [];
  let best: number | null = null;
  let lastImprovement = -1;
  own.forEach((o, i) => {
    const m = o.metrics;
    if (!m || !constraints.every((c, ci) => meets(m[ci + 1] as number, c))) return;
    const v = sign * (m[0] as number);
    if (best === null || v > best + IMPROVEMENT * Math.abs(best)) lastImprovement = i;
    if (best === null || v > best) best = v;
  });
  if (best === null) return false;
  const patience = Math.max(15, Math.ceil(0.3 * n));
  return n - 1 - lastImprovement >= patience && bestGain < CONVERGED_GAIN;
}

/**
 * The engine defaults as a configuration of this space: values outside a parameter's range are
 * moved to the nearest allowed one, and flags the engine derives itself (no default given) stay
 * unset so the runner measures what the engine really does out of the box.
 */
function defaultsConfig(space: Space, defaults: Config, rnd: Rng): Config | null {
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

/**
 * mayConverge: false for callers whose objective changes between calls (pareto.ts's scalarisations).
 * off: mechanisms switched off, for the benchmark's ablation only (mechanisms.ts).
 */
export function propose(given: TunerInput, options: { mayConverge?: boolean; off?: Ablation } = {}): TunerOutput {
  const off = options.off ?? NONE_OFF;
  const invalid = validate(given);
  if (invalid) return { kind: 'error', message: invalid };
  // A re-measured configuration is one trial, judged by its mean (and it counts once against the budget).
  const input = { ...given, trials: mergeRepeats(given.trials) };
  const built = Space.create(input.space, input.context);
  if (typeof built === 'string') return { kind: 'error', message: built };
  const space = built;
  const { trials, pending, budget } = input;

  if (trials.length >= budget.max_trials) return { kind: 'complete', reason: 'budget' };
  if (pending.length >= budget.max_parallel) return { kind: 'wait' };
  const room = Math.min(
    input.count,
    budget.max_parallel - pending.length,
    budget.max_trials - trials.length - pending.length,
  );
  if (room <= 0) return { kind: 'wait' };

  const taken = new Set<string>();
  for (const t of trials) if (t?.config) taken.add(space.key(t.config));
  for (const p of pending) if (p) taken.add(space.key(p));

  const finite = space.enumerate();
  const open = finite?.filter((c) => !taken.has(space.key(c))) ?? null;
  if (open && open.length === 0)
    return pending.length > 0 ? { kind: 'wait' } : { kind: 'complete', reason: 'exhausted' };

  const rnd = mulberry32(mixSeed(Math.floor(input.seed), trials.length, pending.length));
  const chosen: Config[] = [];
  const choose = (c: Config | null): boolean => {
    if (!c || !space.valid(c)) return false;
    const key = space.key(c);
    if (taken.has(key)) return false;
    taken.add(key);
    chosen.push(c);
    return true;
  };

  // 1. Warm start.
  const defaults = input.warmStart?.defaults;
  if (defaults) choose(defaultsConfig(space, defaults, rnd));
  if (trials.length < 10)
    for (const config of priorBests(input).slice(0, 2)) {
      if (chosen.length >= room) break;
      const projected = space.project(config);
      if (projected) choose(space.legalise(projected, rnd));
    }
  if (chosen.length >= room) return { kind: 'propose', configs: chosen.slice(0, room) };

  const { own, all } = observationsOf(space, input);
  const pendingFeatures = pending.filter(Boolean).map((p) => space.encode(p));
  const existing = () => [...all.map((o) => o.features), ...pendingFeatures, ...chosen.map((c) => space.encode(c))];
  const randomValid = (): Config | null => (open ? (open[randomInt(rnd, open.length)] ?? null) : space.sample(rnd));

  // 2. Space-filling start; priors count half, as they come from other sessions.
  const initial = Math.min(8, Math.max(4, Math.ceil(space.size / 2) + 2));
  const informed = () => own.length + pending.length + chosen.length + Math.floor((all.length - own.length) / 2);
  const surrogate = informed() >= initial ? buildSurrogate(space, input, all, pendingFeatures, room, off) : null;
  const failureOnly = surrogate
    ? null
    : FailureModel.fit(
        space.kinds,
        all.map((o) => o.features),
        all.map((o) => o.failure),
        failureOptions(off),
      );

  if (!surrogate) {
    while (chosen.length < room) {
      let best: Config | null = null;
      let bestScore = Number.NEGATIVE_INFINITY;
      const others = existing();
      for (let i = 0; i < 64; i++) {
        const c = randomValid();
        if (!c || taken.has(space.key(c))) continue;
        const f = space.encode(c);
        const spread = others.length ? Math.sqrt(minGap2(space, f, others)) : 1;
        const score = spread * (failureOnly ? 1 - failureOnly.probability(f) : 1);
        if (score > bestScore) [best, bestScore] = [c, score];
      }
      if (!choose(best)) break;
    }
    return finish(chosen, pending.length);
  }

  // 3. Model-based proposals.
  const model = surrogate;
  const pool = new Map<string, Candidate>();
  const add = (c: Config | null) => {
    if (!c) return;
    const key = space.key(c);
    if (taken.has(key) || pool.has(key)) return;
    pool.set(key, assess(model, c, key, space.encode(c)));
  };
  const enumerated = open !== null && open.length <= ENUMERATE_POOL_LIMIT;
  if (enumerated) open.forEach(add);
  else {
    for (let i = 0; i < RANDOM_CANDIDATES; i++) add(randomValid());
    const starts = anchors(input, all);
    for (const anchor of starts)
      for (let i = 0; i < PERTURBATIONS_PER_ANCHOR; i++)
        add(perturb(space, anchor, [0.03, 0.08, 0.2][i % 3] as number, rnd));
    if (!off.has('flagNeighbours'))
      for (const anchor of starts.slice(0, FLAG_NEIGHBOUR_ANCHORS))
        for (const c of flagNeighbours(space, anchor, rnd)) add(c);
    for (const anchor of off.has('basinAnchors') ? [] : basinAnchors(space, input, all))
      for (let i = 0; i < PERTURBATIONS_PER_BASIN; i++) add(perturb(space, anchor, i % 2 ? 0.03 : 0.1, rnd));
    const top = [...pool.values()]
      .map((c) => ({ c, v: score(model, c, false) }))
      .sort((a, b) => b.v - a.v)
      .slice(0, REFINE_TOP);
    for (const { c } of top)
      for (let i = 0; i < REFINE_PER_TOP; i++) add(perturb(space, c.features, i % 2 ? 0.04 : 0.012, rnd));
  }
  const candidates = [...pool.values()];
  if (candidates.length === 0) return finish(chosen, pending.length);

  const bestScore = Math.max(...candidates.map((c) => score(model, c, false)));
  const tr = model.objective.transform;
  // Expected improvement in objective units relative to the objective (log units already are).
  const relativeGain = tr.log ? bestScore * tr.sd : (bestScore * tr.sd) / Math.max(1e-12, Math.abs(tr.mean));
  if (
    options.mayConverge !== false &&
    model.best !== null &&
    pending.length === 0 &&
    chosen.length === 0 &&
    converged(input, space, own, relativeGain)
  )
    return { kind: 'complete', reason: 'converged' };
  // When the model expects next to nothing from exploiting, more of the same (often probing the
  // edge of an OOM cliff for a 0.1 % gain) is a wasted trial; reduce uncertainty instead.
  const exploitationIsSpent = model.best !== null && relativeGain < 2 * CONVERGED_GAIN;

  // Batch: take the best, fantasise that the model's prediction there was observed (kriging
  // believer: means stay, variances shrink around the pick), rescore, repeat. Every
  // EXPLORE_EVERY-th proposal instead goes where the model is least sure among configurations it
  // expects to be feasible, so a misled model cannot keep the search in one basin.
  // Exploration favours flag values no successful run has had yet: one early crash (caused by
  // other flags) or OOM otherwise leaves a tensor-parallel size or a KV dtype untried for good,
  // and the models cannot tell what they have never seen work.
  const seenWorking = workingFlagValues(space, all);
  const novelty = candidates.map((c) => unseenFlagValues(space, c.features, seenWorking));
  const outputs = outputsOf(model);
  const lies: { cov: Float64Array; s: number }[][] = outputs.map(() => []);
  while (chosen.length < room) {
    const explore =
      !off.has('exploration') &&
      (exploitationIsSpent || (trials.length + pending.length + chosen.length) % EXPLORE_EVERY === EXPLORE_EVERY - 1);
    let pick = -1;
    let pickScore = Number.NEGATIVE_INFINITY;
    candidates.forEach((c, i) => {
      if (taken.has(c.key)) return;
      let v = score(model, c, explore);
      if (explore && v > 0 && !off.has('explorationBonus')) v *= 1 + (novelty[i] as number);
      if (v > pickScore) [pick, pickScore] = [i, v];
    });
    const picked = candidates[pick];
    if (!picked || !choose(picked.config)) break;
    if (chosen.length >= room) break;
    // Condition every metric's GP on the fantasy: cov(x, pick | data, earlier fantasies).
    for (const c of candidates) withPredictions(model, c);
    outputs.forEach((o, m) => {
      const pp = picked.predictions[m] as Prediction;
      const previous = lies[m] as { cov: Float64Array; s: number }[];
      const cov = new Float64Array(candidates.length);
      candidates.forEach((c, i) => {
        const pc = c.predictions[m] as Prediction;
        let v = o.gp.covariance(c.features, pc.whitened, picked.features, pp.whitened);
        for (const lie of previous) v -= ((lie.cov[i] as number) * (lie.cov[pick] as number)) / lie.s;
        cov[i] = v;
      });
      const sPick = pp.variance + o.noiseSd * o.noiseSd;
      candidates.forEach((c, i) => {
        const pc = c.predictions[m] as Prediction;
        pc.variance = Math.max(1e-10, pc.variance - (cov[i] as number) ** 2 / sPick);
      });
      previous.push({ cov, s: sPick });
    });
  }
  return finish(chosen, pending.length);
}

/** Starting points for local search: the best observations, feasible ones first. */
function anchors(input: TunerInput, all: Observation[], count = ANCHORS): Float64Array[] {
  const sign = input.objective.direction === 'maximize' ? 1 : -1;
  const constraints = input.constraints ?? [];
  return all
    .filter((o) => o.metrics !== null)
    .map((o) => {
      const m = o.metrics as number[];
      const feasible = constraints.every((c, ci) => meets(m[ci + 1] as number, c));
      return { o, feasible: feasible ? 1 : 0, value: sign * (m[0] as number) };
    })
    .sort((a, b) => b.feasible - a.feasible || b.value - a.value)
    .slice(0, count)
    .map((e) => e.o.features);
}

/**
 * The best observation for each value of each ordinal flag (tensor-parallel size, block size):
 * each value is a basin of its own, with its own memory and speed, and the best observations
 * overall usually share one. Without local candidates in the other basins, one that was first met
 * with poor settings is never looked at again.
 */
export function basinAnchors(space: Space, input: TunerInput, all: Observation[]): Float64Array[] {
  const ranked = anchors(input, all, Number.POSITIVE_INFINITY);
  const out: Float64Array[] = [];
  for (let i = 0; i < space.size; i++) {
    if (space.dim(i).kind !== ORDINAL) continue;
    const seen = new Set<number>();
    for (const f of ranked) {
      const v = f[i] as number;
      if (Number.isNaN(v) || seen.has(v)) continue;
      seen.add(v);
      if (f !== ranked[0]) out.push(f);
    }
  }
  return out;
}

function finish(chosen: Config[], pending: number): TunerOutput {
  if (chosen.length > 0) return { kind: 'propose', configs: chosen };
  return pending > 0 ? { kind: 'wait' } : { kind: 'complete', reason: 'exhausted' };
}
