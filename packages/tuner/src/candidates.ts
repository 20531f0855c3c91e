import { featureGap } from './kernel.ts';
import type { Rng } from './random.ts';
import { gaussian, randomInt } from './random.ts';
import { NOMINAL, NUMERIC, ORDINAL, decodeValue } from './dims.ts';
import type { Space } from './space.ts';
import { meets } from './surrogate.ts';
import type { Observation } from './surrogate.ts';
import type { Config, TunerInput } from './types.ts';

/**
 * Where the candidates of a model-based proposal come from, besides random valid configurations:
 * perturbations of the best observations, their one-flag neighbours and the best observation of
 * each tensor-parallel or block size (propose.ts); and how far a configuration is from the
 * observed ones (the space-filling start) or how many of its flag values no run has had yet.
 */

const ANCHORS = 5;

export function minGap2(space: Space, x: Float64Array, others: readonly Float64Array[]): number {
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
export function perturb(space: Space, base: Float64Array, sigma: number, rnd: Rng): Config | null {
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
export function workingFlagValues(space: Space, observations: Observation[]): Set<number>[] {
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

/** Starting points for local search: the best observations, feasible ones first. */
export function anchors(input: TunerInput, all: Observation[], count = ANCHORS): Float64Array[] {
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
