import { GaussianProcess } from './gp.ts';
import type { Hyper } from './gp.ts';
import { pairGaps } from './kernel.ts';

/** Noise floor relative to the unit signal variance (ill-conditioned fits raise it further). */
const MIN_NOISE = 1e-4;

/**
 * Fits length scales and noise by maximising the marginal likelihood with a coordinate search in
 * log space, on at most `maxPoints` observations (the best and an even spread of the rest) so the
 * cost stays flat as trials accumulate.
 */
export function fitHyper(
  kinds: Uint8Array,
  points: readonly Float64Array[],
  outputs: readonly (readonly number[])[],
  rank: readonly number[],
  maxPoints = 32,
): Hyper {
  const d = kinds.length;
  let chosen = points.map((_, i) => i);
  if (points.length > maxPoints) {
    const byRank = [...chosen].sort((a, b) => (rank[b] ?? 0) - (rank[a] ?? 0));
    const top = byRank.slice(0, maxPoints / 2);
    const rest = byRank.slice(maxPoints / 2);
    const spread = Array.from(
      { length: maxPoints / 2 },
      (_, i) => rest[Math.floor((i * rest.length) / (maxPoints / 2))] as number,
    );
    chosen = [...top, ...spread];
  }
  const pts = chosen.map((i) => points[i] as Float64Array);
  const outs = outputs.map((o) => chosen.map((i) => o[i] as number));
  // About 4·d + 11 fits over the same points: their feature gaps are computed once.
  const gaps = pairGaps(kinds, pts);
  // The noise steps keep the best length scales, and so the kernels computed for them.
  const kernels = new Map<Float64Array, Float64Array | undefined>();
  const score = (h: Hyper) => {
    const gp = new GaussianProcess(kinds, h, pts, outs, 0, gaps, kernels.get(h.lengthScales));
    kernels.set(h.lengthScales, gp.pairKernels);
    return gp.logMarginalLikelihood();
  };

  let best: Hyper = { lengthScales: new Float64Array(d).fill(0.35), noise: 0.01 };
  let bestScore = score(best);
  for (const noise of [MIN_NOISE, 0.001, 0.01, 0.03, 0.1, 0.3]) {
    const h = { lengthScales: best.lengthScales, noise };
    const s = score(h);
    if (s > bestScore) [best, bestScore] = [h, s];
  }
  for (const factor of [3, 1.7]) {
    for (let i = 0; i < d; i++) {
      for (const f of [factor, 1 / factor]) {
        const ls = Float64Array.from(best.lengthScales);
        ls[i] = Math.min(20, Math.max(0.03, (ls[i] as number) * f));
        const h = { lengthScales: ls, noise: best.noise };
        const s = score(h);
        if (s > bestScore) [best, bestScore] = [h, s];
      }
    }
  }
  for (const f of [3, 1 / 3, 1.7, 1 / 1.7]) {
    const h = { lengthScales: best.lengthScales, noise: Math.min(1, Math.max(MIN_NOISE, best.noise * f)) };
    const s = score(h);
    if (s > bestScore) [best, bestScore] = [h, s];
  }
  return best;
}
