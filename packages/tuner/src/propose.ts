import {
  anchors,
  basinAnchors,
  flagNeighbours,
  minGap2,
  perturb,
  unseenFlagValues,
  workingFlagValues,
} from './candidates.ts';
import { mergeRepeats } from './confidence.ts';
import { CONVERGED_GAIN, converged } from './convergence.ts';
import { FailureModel } from './failure-model.ts';
import { mixSeed, mulberry32, randomInt } from './random.ts';
import { Space } from './space.ts';
import { NONE_OFF } from './mechanisms.ts';
import type { Ablation } from './mechanisms.ts';
import { assess, buildSurrogate, failureOptions, outputsOf, predict, score } from './surrogate.ts';
import type { Candidate, Prediction } from './surrogate.ts';
import { defaultsConfig, observationsOf, priorBests, validate } from './tuner-input.ts';
import type { Config, TunerInput, TunerOutput } from './types.ts';

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
 * Convergence ('complete' with reason 'converged'): convergence.ts. Reading the input and the warm
 * start: tuner-input.ts; where candidates come from: candidates.ts.
 */

const RANDOM_CANDIDATES = 112;
const PERTURBATIONS_PER_ANCHOR = 24;
const REFINE_TOP = 3;
const REFINE_PER_TOP = 12;
const ENUMERATE_POOL_LIMIT = 1500;
const EXPLORE_EVERY = 4;
const FLAG_NEIGHBOUR_ANCHORS = 2;
const PERTURBATIONS_PER_BASIN = 8;

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
    predict(model, [...pool.values()]);
    const top = [...pool.values()]
      .map((c) => ({ c, v: score(model, c, false) }))
      .sort((a, b) => b.v - a.v)
      .slice(0, REFINE_TOP);
    for (const { c } of top)
      for (let i = 0; i < REFINE_PER_TOP; i++) add(perturb(space, c.features, i % 2 ? 0.04 : 0.012, rnd));
  }
  const candidates = [...pool.values()];
  if (candidates.length === 0) return finish(chosen, pending.length);
  predict(model, candidates);

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
    predict(model, candidates, true);
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

function finish(chosen: Config[], pending: number): TunerOutput {
  if (chosen.length > 0) return { kind: 'propose', configs: chosen };
  return pending > 0 ? { kind: 'wait' } : { kind: 'complete', reason: 'exhausted' };
}
