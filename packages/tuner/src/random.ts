/**
 * Deterministic randomness: the tuner has no global randomness. The seeded PRNG and the normal
 * variate are perf-model's, so the tuner and the surfaces it is benchmarked on share one generator.
 */
export { mulberry32, normal as gaussian } from '@mako/perf-model';

export type Rng = () => number;

/** Mixes integers into one 32-bit seed (splitmix-style finaliser per step). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export function randomInt(rnd: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(rnd() * n));
}
