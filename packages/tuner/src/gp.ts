import { NOMINAL } from './dims.ts';

/**
 * Gaussian-process regression with a Matérn-5/2 kernel over the mixed feature encoding of
 * space.ts: |a − b| for numeric and ordinal features, 0/1 mismatch for nominal ones, 0 when both
 * are inactive (NaN) and 0.5 when only one is. Outputs are standardised by the caller; the signal
 * variance is 1. Several outputs (objective and constraint metrics) share one factorisation.
 */
export interface Hyper {
  /** Per-dimension length scales in feature units. */
  lengthScales: Float64Array;
  /** Observation noise variance relative to the unit signal variance. */
  noise: number;
}

export function featureGap(a: number, b: number, kind: number): number {
  const na = Number.isNaN(a);
  const nb = Number.isNaN(b);
  if (na || nb) return na && nb ? 0 : 0.5;
  if (kind === NOMINAL) return a === b ? 0 : 1;
  return Math.abs(a - b);
}

export function scaledDistance2(
  a: Float64Array,
  b: Float64Array,
  kinds: Uint8Array,
  inverseScales: Float64Array,
): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const g = featureGap(a[i] as number, b[i] as number, kinds[i] as number) * (inverseScales[i] as number);
    s += g * g;
  }
  return s;
}

export function matern52(r2: number): number {
  const r = Math.sqrt(5 * r2);
  return (1 + r + (r * r) / 3) * Math.exp(-r);
}

const JITTER = 1e-8;
/** Noise floor relative to the unit signal variance (ill-conditioned fits raise it further). */
const MIN_NOISE = 1e-4;

export class GaussianProcess {
  private readonly inv: Float64Array;
  private readonly points: Float64Array[] = [];
  private readonly outputs: number[][];
  private capacity: number;
  /** Lower-triangular Cholesky factor of K + noise·I, row-major with stride `capacity`. */
  private chol: Float64Array;
  private alphas: Float64Array[] = [];

  /** Noise variance actually used: raised above the requested one when the matrix is ill-conditioned. */
  noise: number;

  constructor(
    private readonly kinds: Uint8Array,
    readonly hyper: Hyper,
    points: readonly Float64Array[],
    outputs: readonly (readonly number[])[],
    extra = 0,
  ) {
    this.inv = hyper.lengthScales.map((l) => 1 / l);
    this.outputs = outputs.map((o) => [...o]);
    this.capacity = points.length + extra;
    this.chol = new Float64Array(this.capacity * this.capacity);
    // Very smooth kernels over hundreds of points are numerically singular: retry with more noise.
    this.noise = hyper.noise;
    while (!points.every((p) => this.appendPoint(p)) && this.noise < 1) {
      this.noise *= 10;
      this.points.length = 0;
    }
    this.solveAll();
  }

  get n(): number {
    return this.points.length;
  }

  kernel(a: Float64Array, b: Float64Array): number {
    // Inlined scaledDistance2 + matern52: this is the innermost loop of every prediction.
    const kinds = this.kinds;
    const inv = this.inv;
    let s = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as number;
      const y = b[i] as number;
      let g: number;
      if (x !== x || y !== y) g = x !== x && y !== y ? 0 : 0.5;
      else if (kinds[i] === NOMINAL) g = x === y ? 0 : 1;
      else g = x > y ? x - y : y - x;
      g *= inv[i] as number;
      s += g * g;
    }
    const r = Math.sqrt(5 * s);
    return (1 + r + (r * r) / 3) * Math.exp(-r);
  }

  /** Extends the Cholesky factor by one point; false when it has (numerically) nothing left. */
  private appendPoint(x: Float64Array): boolean {
    const n = this.points.length;
    if (n === this.capacity) this.grow();
    const stride = this.capacity;
    const L = this.chol;
    let diag = 1 + this.noise + JITTER;
    for (let j = 0; j < n; j++) {
      let s = this.kernel(x, this.points[j] as Float64Array);
      for (let k = 0; k < j; k++) s -= (L[n * stride + k] as number) * (L[j * stride + k] as number);
      const v = s / (L[j * stride + j] as number);
      L[n * stride + j] = v;
      diag -= v * v;
    }
    L[n * stride + n] = Math.sqrt(Math.max(diag, 1e-9));
    this.points.push(x);
    return diag > 1e-9;
  }

  private grow(): void {
    const old = this.capacity;
    const next = Math.max(8, old * 2);
    const L = new Float64Array(next * next);
    for (let i = 0; i < old; i++) for (let j = 0; j <= i; j++) L[i * next + j] = this.chol[i * old + j] as number;
    this.chol = L;
    this.capacity = next;
  }

  private solve(y: readonly number[]): Float64Array {
    const n = this.points.length;
    const stride = this.capacity;
    const L = this.chol;
    const z = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = y[i] as number;
      for (let k = 0; k < i; k++) s -= (L[i * stride + k] as number) * (z[k] as number);
      z[i] = s / (L[i * stride + i] as number);
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = z[i] as number;
      for (let k = i + 1; k < n; k++) s -= (L[k * stride + i] as number) * (z[k] as number);
      z[i] = s / (L[i * stride + i] as number);
    }
    return z;
  }

  private solveAll(): void {
    this.alphas = this.outputs.map((y) => this.solve(y));
  }

  /** Log marginal likelihood summed over the outputs. */
  logMarginalLikelihood(): number {
    const n = this.points.length;
    let logDet = 0;
    for (let i = 0; i < n; i++) logDet += Math.log(this.chol[i * this.capacity + i] as number);
    let total = 0;
    this.outputs.forEach((y, o) => {
      const a = this.alphas[o] as Float64Array;
      let fit = 0;
      for (let i = 0; i < n; i++) fit += (y[i] as number) * (a[i] as number);
      total += -0.5 * fit - logDet - 0.5 * n * Math.log(2 * Math.PI);
    });
    return total;
  }

  /** Adds a fantasised observation (the constant-liar / kriging-believer step of batch proposals). */
  addObservation(x: Float64Array, values: readonly number[]): void {
    // A fantasy at an observed point adds no information; the floored diagonal keeps it harmless.
    this.appendPoint(x);
    values.forEach((v, o) => this.outputs[o]?.push(v));
    this.solveAll();
  }

  /** Posterior mean of the first output only: O(n) instead of O(n²). */
  predictMean(x: Float64Array): number {
    const a = this.alphas[0] as Float64Array;
    let m = 0;
    for (let i = 0; i < this.points.length; i++) m += this.kernel(x, this.points[i] as Float64Array) * (a[i] as number);
    return m;
  }

  /**
   * Posterior means of every output and the latent variance at x; `whitened` is L⁻¹k(x), which
   * lets a caller update the variance cheaply after fantasised observations (see batch proposals).
   */
  predict(x: Float64Array): { means: number[]; variance: number; whitened: Float64Array } {
    const n = this.points.length;
    const stride = this.capacity;
    const L = this.chol;
    const k = new Float64Array(n);
    for (let i = 0; i < n; i++) k[i] = this.kernel(x, this.points[i] as Float64Array);
    const means = this.alphas.map((a) => {
      let m = 0;
      for (let i = 0; i < n; i++) m += (k[i] as number) * (a[i] as number);
      return m;
    });
    // v = L⁻¹k, variance = k(x,x) − |v|²; solved in place over k.
    let norm = 0;
    for (let i = 0; i < n; i++) {
      let s = k[i] as number;
      const row = i * stride;
      for (let j = 0; j < i; j++) s -= (L[row + j] as number) * (k[j] as number);
      const v = s / (L[row + i] as number);
      k[i] = v;
      norm += v * v;
    }
    return { means, variance: Math.max(1e-10, 1 - norm), whitened: k };
  }

  /** Prior-minus-data covariance of two points from their whitened kernel vectors. */
  covariance(a: Float64Array, whitenedA: Float64Array, b: Float64Array, whitenedB: Float64Array): number {
    let dot = 0;
    for (let i = 0; i < whitenedA.length; i++) dot += (whitenedA[i] as number) * (whitenedB[i] as number);
    return this.kernel(a, b) - dot;
  }
}

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
  const score = (h: Hyper) => new GaussianProcess(kinds, h, pts, outs).logMarginalLikelihood();

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
