/** Small deterministic PRNG (mulberry32) and helpers; no global randomness anywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string: stable across runs and platforms. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Standard normal variate (Box–Muller). */
export function normal(rnd: () => number): number {
  const u = Math.max(rnd(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
}

/**
 * Gamma variate with the given shape and unit scale (Marsaglia–Tsang; shapes below 1 are boosted
 * by U^(1/shape)).
 */
export function gamma(rnd: () => number, shape: number): number {
  if (shape < 1) return gamma(rnd, shape + 1) * Math.pow(Math.max(rnd(), 1e-12), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(rnd);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = Math.max(rnd(), 1e-12);
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}
