import { NOMINAL } from './dims.ts';
import { byFeature, featureGap, kernelsByFeature } from './kernel.ts';

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

const JITTER = 1e-8;

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

  /**
   * The kernel of every pair of the initial points, in pairGaps's order, when built from gaps: a
   * process with the same points and length scales but another noise can take it (fitHyper).
   */
  readonly pairKernels: Float64Array | undefined;
  /**
   * The initial points by feature (columns[f][j] is feature f of point j) when there are no
   * pairKernels: kernelsTo reads them. Points a fantasy adds later are not in them.
   */
  private readonly columns: Float64Array[] = [];

  /**
   * `gaps`: pairGaps(kinds, points), when several processes share the points (fitHyper);
   * `kernels`: another process's pairKernels over the same points with the same length scales.
   */
  constructor(
    private readonly kinds: Uint8Array,
    readonly hyper: Hyper,
    points: readonly Float64Array[],
    outputs: readonly (readonly number[])[],
    extra = 0,
    gaps?: Float64Array,
    kernels?: Float64Array,
  ) {
    this.inv = hyper.lengthScales.map((l) => 1 / l);
    this.pairKernels = kernels ?? (gaps ? this.kernelsOfPairs(gaps) : undefined);
    if (!this.pairKernels) this.columns = byFeature(points, hyper.lengthScales.length);
    this.outputs = outputs.map((o) => [...o]);
    this.capacity = points.length + extra;
    this.chol = new Float64Array(this.capacity * this.capacity);
    // Very smooth kernels over hundreds of points are numerically singular: retry with more noise.
    this.noise = hyper.noise;
    while (!this.factorise(points) && this.noise < 1) {
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

  /** The kernel from precomputed feature gaps (gapsTo, pairGaps) at `offset`: the same value as kernel(). */
  private kernelOfGaps(gaps: Float64Array, offset: number): number {
    const inv = this.inv;
    let s = 0;
    for (let i = 0; i < inv.length; i++) {
      const g = (gaps[offset + i] as number) * (inv[i] as number);
      s += g * g;
    }
    const r = Math.sqrt(5 * s);
    return (1 + r + (r * r) / 3) * Math.exp(-r);
  }

  /** kernelOfGaps of every pair in pairGaps's `gaps`. */
  private kernelsOfPairs(gaps: Float64Array): Float64Array {
    const d = this.inv.length;
    const out = new Float64Array(gaps.length / d);
    for (let p = 0; p < out.length; p++) out[p] = this.kernelOfGaps(gaps, p * d);
    return out;
  }

  /**
   * The Cholesky factor of all `points` at once, as appendPoint would build it point by point
   * (the same operations in the same order, so the same bits), but two rows by two columns at a
   * time: their four running sums are independent, so the processor overlaps them instead of
   * waiting on one chain of subtractions, and each value loaded serves two of them. False at the
   * first point with (numerically) nothing left, which is kept, as appendPoint keeps it.
   */
  private factorise(points: readonly Float64Array[]): boolean {
    const n = points.length;
    const stride = this.capacity;
    const L = this.chol;
    const kernels = this.pairKernels;
    const bufferA = kernels ? undefined : new Float64Array(n);
    const bufferB = kernels ? undefined : new Float64Array(n);
    // Row r's kernels against the points before it: pair (r, j < r) is at r(r − 1)/2 + j in pairKernels.
    const row = (r: number, buffer: Float64Array | undefined): Float64Array =>
      kernels
        ? kernels.subarray((r * (r - 1)) / 2, (r * (r - 1)) / 2 + r)
        : kernelsByFeature(this.columns, this.kinds, this.inv, points[r] as Float64Array, r, buffer as Float64Array);
    for (let a = 0; a < n; a += 2) {
      const b = a + 1;
      const pair = b < n;
      const kA = row(a, bufferA);
      const kB = pair ? row(b, bufferB) : kA;
      const ra = a * stride;
      const rb = b * stride;
      let diagA = 1 + this.noise + JITTER;
      let diagB = diagA;
      if (pair)
        // a is even, so columns 0 … a − 1 come in pairs (j, j + 1); column j + 1's sums take their
        // last term, from column j's result, after it.
        for (let j = 0; j < a; j += 2) {
          const rj = j * stride;
          const rk = rj + stride;
          let sa = kA[j] as number;
          let sb = kB[j] as number;
          let ta = kA[j + 1] as number;
          let tb = kB[j + 1] as number;
          for (let m = 0; m < j; m++) {
            const l = L[rj + m] as number;
            const lk = L[rk + m] as number;
            const xa = L[ra + m] as number;
            const xb = L[rb + m] as number;
            sa -= xa * l;
            sb -= xb * l;
            ta -= xa * lk;
            tb -= xb * lk;
          }
          const dj = L[rj + j] as number;
          const vb = sb / dj;
          L[rb + j] = vb;
          diagB -= vb * vb;
          const va = sa / dj;
          L[ra + j] = va;
          diagA -= va * va;
          const lk = L[rk + j] as number;
          ta -= va * lk;
          tb -= vb * lk;
          const dk = L[rk + j + 1] as number;
          const wb = tb / dk;
          L[rb + j + 1] = wb;
          diagB -= wb * wb;
          const wa = ta / dk;
          L[ra + j + 1] = wa;
          diagA -= wa * wa;
        }
      else
        for (let j = 0; j < a; j++) {
          const rj = j * stride;
          let sa = kA[j] as number;
          for (let m = 0; m < j; m++) sa -= (L[ra + m] as number) * (L[rj + m] as number);
          const va = sa / (L[rj + j] as number);
          L[ra + j] = va;
          diagA -= va * va;
        }
      L[ra + a] = Math.sqrt(Math.max(diagA, 1e-9));
      this.points.push(points[a] as Float64Array);
      if (!(diagA > 1e-9)) return false;
      if (!pair) break;
      let sb = kB[a] as number;
      for (let m = 0; m < a; m++) sb -= (L[rb + m] as number) * (L[ra + m] as number);
      const vb = sb / (L[ra + a] as number);
      L[rb + a] = vb;
      diagB -= vb * vb;
      L[rb + b] = Math.sqrt(Math.max(diagB, 1e-9));
      this.points.push(points[b] as Float64Array);
      if (!(diagB > 1e-9)) return false;
    }
    return true;
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
    const n = this.points.length;
    let m = 0;
    if (this.columns.length > 0 && n <= (this.columns[0] as Float64Array).length) {
      // The points are the initial ones (or the first of them, when the factorisation stopped early).
      const k = kernelsByFeature(this.columns, this.kinds, this.inv, x, n, (this.meanRow ??= new Float64Array(n)));
      for (let i = 0; i < n; i++) m += (k[i] as number) * (a[i] as number);
    } else for (let i = 0; i < n; i++) m += this.kernel(x, this.points[i] as Float64Array) * (a[i] as number);
    return m;
  }

  /** predictMean's kernels, reused candidate after candidate. */
  private meanRow: Float64Array | undefined;

  /**
   * Posterior means of every output and the latent variance at x; `whitened` is L⁻¹k(x), which
   * lets a caller update the variance cheaply after fantasised observations (see batch proposals).
   */
  predict(x: Float64Array): { means: number[]; variance: number; whitened: Float64Array } {
    return this.predictGaps([this.gapsTo(x)])[0] as { means: number[]; variance: number; whitened: Float64Array };
  }

  /** Whether `other` has the same points in the same order, so that gapsTo's rows serve both. */
  hasPointsOf(other: GaussianProcess): boolean {
    if (other.points.length !== this.points.length) return false;
    for (let i = 0; i < this.points.length; i++) if (other.points[i] !== this.points[i]) return false;
    return true;
  }

  /**
   * featureGap of x against each point, row-major (point, feature), into `out` when given (it must
   * hold n·d values): every process over the same points can use it.
   */
  gapsTo(x: Float64Array, out: Float64Array = new Float64Array(this.points.length * this.kinds.length)): Float64Array {
    const kinds = this.kinds;
    const d = kinds.length;
    const n = this.points.length;
    // The initial points feature by feature (featureGap's values, its tests once per feature)...
    const initial = this.columns.length > 0 ? Math.min(n, (this.columns[0] as Float64Array).length) : 0;
    for (let i = 0; i < d && initial > 0; i++) {
      const column = this.columns[i] as Float64Array;
      const v = x[i] as number;
      if (v !== v) for (let j = 0; j < initial; j++) out[j * d + i] = column[j] !== column[j] ? 0 : 0.5;
      else if (kinds[i] === NOMINAL)
        for (let j = 0; j < initial; j++) {
          const y = column[j] as number;
          out[j * d + i] = y !== y ? 0.5 : v === y ? 0 : 1;
        }
      else
        for (let j = 0; j < initial; j++) {
          const y = column[j] as number;
          out[j * d + i] = y !== y ? 0.5 : Math.abs(v - y);
        }
    }
    // ...and the fantasies added since point by point.
    for (let j = initial; j < n; j++) {
      const p = this.points[j] as Float64Array;
      const row = j * d;
      for (let i = 0; i < d; i++) out[row + i] = featureGap(x[i] as number, p[i] as number, kinds[i] as number);
    }
    return out;
  }

  /**
   * predict() for several points from their gapsTo rows: the same operations in the same order
   * per point, so the same bits, but four points at a time through the triangular solve, whose
   * four running sums the processor overlaps instead of waiting on one chain of subtractions.
   */
  predictGaps(gaps: readonly Float64Array[]): { means: number[]; variance: number; whitened: Float64Array }[] {
    const out: { means: number[]; variance: number; whitened: Float64Array }[] = [];
    for (let c = 0; c < gaps.length; c += 4) {
      // A short last group repeats its last point: computed and thrown away.
      const group = [0, 1, 2, 3].map((q) => gaps[Math.min(c + q, gaps.length - 1)] as Float64Array);
      const results = this.predictFour(group as [Float64Array, Float64Array, Float64Array, Float64Array]);
      out.push(...results.slice(0, Math.min(4, gaps.length - c)));
    }
    return out;
  }

  private predictFour(
    gaps: [Float64Array, Float64Array, Float64Array, Float64Array],
  ): { means: number[]; variance: number; whitened: Float64Array }[] {
    const n = this.points.length;
    const d = this.inv.length;
    const stride = this.capacity;
    const L = this.chol;
    const ks = gaps.map((g) => {
      const k = new Float64Array(n);
      for (let i = 0; i < n; i++) k[i] = this.kernelOfGaps(g, i * d);
      return k;
    });
    const [k0, k1, k2, k3] = ks as [Float64Array, Float64Array, Float64Array, Float64Array];
    const means = ks.map((k) =>
      this.alphas.map((a) => {
        let m = 0;
        for (let i = 0; i < n; i++) m += (k[i] as number) * (a[i] as number);
        return m;
      }),
    );
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    let n3 = 0;
    for (let i = 0; i < n; i++) {
      const row = i * stride;
      let s0 = k0[i] as number;
      let s1 = k1[i] as number;
      let s2 = k2[i] as number;
      let s3 = k3[i] as number;
      for (let j = 0; j < i; j++) {
        const l = L[row + j] as number;
        s0 -= l * (k0[j] as number);
        s1 -= l * (k1[j] as number);
        s2 -= l * (k2[j] as number);
        s3 -= l * (k3[j] as number);
      }
      const diag = L[row + i] as number;
      const v0 = s0 / diag;
      const v1 = s1 / diag;
      const v2 = s2 / diag;
      const v3 = s3 / diag;
      k0[i] = v0;
      k1[i] = v1;
      k2[i] = v2;
      k3[i] = v3;
      n0 += v0 * v0;
      n1 += v1 * v1;
      n2 += v2 * v2;
      n3 += v3 * v3;
    }
    return [n0, n1, n2, n3].map((norm, q) => ({
      means: means[q] as number[],
      variance: Math.max(1e-10, 1 - norm),
      whitened: ks[q] as Float64Array,
    }));
  }

  /** Prior-minus-data covariance of two points from their whitened kernel vectors. */
  covariance(a: Float64Array, whitenedA: Float64Array, b: Float64Array, whitenedB: Float64Array): number {
    let dot = 0;
    for (let i = 0; i < whitenedA.length; i++) dot += (whitenedA[i] as number) * (whitenedB[i] as number);
    return this.kernel(a, b) - dot;
  }
}
