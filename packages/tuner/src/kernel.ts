/** The Matérn-5/2 kernel over the mixed feature encoding of space.ts, and the feature gaps it reads (gp.ts). */
import { NOMINAL } from './dims.ts';

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

/** featureGap of every pair of points, the lower triangle row by row: (a, j < a) at ((a(a − 1)/2 + j)·d). */
export function pairGaps(kinds: Uint8Array, points: readonly Float64Array[]): Float64Array {
  const d = kinds.length;
  const out = new Float64Array(((points.length * (points.length - 1)) / 2) * d);
  let o = 0;
  for (let a = 1; a < points.length; a++)
    for (let j = 0; j < a; j++)
      for (let i = 0; i < d; i++)
        out[o++] = featureGap(
          (points[a] as Float64Array)[i] as number,
          (points[j] as Float64Array)[i] as number,
          kinds[i] as number,
        );
  return out;
}

/** The points by feature: out[f][j] is feature f of point j. */
export function byFeature(points: readonly Float64Array[], d: number): Float64Array[] {
  return Array.from({ length: d }, (_, f) => Float64Array.from(points, (p) => p[f] as number));
}

export function matern52(r2: number): number {
  const r = Math.sqrt(5 * r2);
  return (1 + r + (r * r) / 3) * Math.exp(-r);
}

/**
 * kernel(x, point j) of a process for each of its first `count` points into `out`, from its points
 * by feature (columns[f][j]): each feature's kind and x's value are tested once for all the points
 * instead of once per pair, and each sum takes the features in kernel()'s order, so the same bits.
 */
export function kernelsByFeature(
  columns: readonly Float64Array[],
  kinds: Uint8Array,
  inv: Float64Array,
  x: Float64Array,
  count: number,
  out: Float64Array,
): Float64Array {
  out.fill(0, 0, count);
  for (let f = 0; f < inv.length; f++) {
    const column = columns[f] as Float64Array;
    const w = inv[f] as number;
    const v = x[f] as number;
    if (v !== v)
      for (let j = 0; j < count; j++) {
        const y = column[j] as number;
        const g = (y !== y ? 0 : 0.5) * w;
        out[j] = (out[j] as number) + g * g;
      }
    else if (kinds[f] === NOMINAL)
      for (let j = 0; j < count; j++) {
        const y = column[j] as number;
        const g = (y !== y ? 0.5 : v === y ? 0 : 1) * w;
        out[j] = (out[j] as number) + g * g;
      }
    else
      for (let j = 0; j < count; j++) {
        const y = column[j] as number;
        const g = (y !== y ? 0.5 : v > y ? v - y : y - v) * w;
        out[j] = (out[j] as number) + g * g;
      }
  }
  for (let j = 0; j < count; j++) {
    const r = Math.sqrt(5 * (out[j] as number));
    out[j] = (1 + r + (r * r) / 3) * Math.exp(-r);
  }
  return out;
}
