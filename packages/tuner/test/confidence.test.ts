import { describe, expect, it } from 'vitest';
import { mergeRepeats, propose, spreadOf, verdictOf } from '../src/index.ts';
import { input, trial } from './helpers.ts';

describe('spreadOf', () => {
  it('gives one measurement no interval', () => {
    expect(spreadOf([100])).toEqual({ n: 1, mean: 100, min: 100, max: 100, interval: null });
  });

  it('gives the 95 % t interval of the mean', () => {
    // mean 100, sample sd 10, n 3: half-width 4.303 · 10 / √3 = 24.84
    const s = spreadOf([90, 100, 110]);
    expect(s).toMatchObject({ n: 3, mean: 100, min: 90, max: 110 });
    expect(s.interval!.low).toBeCloseTo(75.16, 2);
    expect(s.interval!.high).toBeCloseTo(124.84, 2);
    // Identical readings: no doubt left.
    expect(spreadOf([5, 5]).interval).toEqual({ low: 5, high: 5 });
  });

  it('refuses no values', () => {
    expect(() => spreadOf([])).toThrow();
  });
});

describe('verdictOf', () => {
  const tight = (mean: number) => spreadOf([mean - 1, mean, mean + 1]);
  it('confirms a best whose interval is clear of the runner-up’s', () => {
    expect(verdictOf(tight(110), tight(100))).toBe('confirmed');
    expect(verdictOf(tight(110), null)).toBe('confirmed');
  });
  it('says within noise when the intervals overlap, whichever mean is higher', () => {
    expect(verdictOf(tight(102), tight(100))).toBe('within_noise');
    expect(verdictOf(spreadOf([90, 130]), tight(100))).toBe('within_noise');
  });
  it('knows nothing of the noise until both are re-measured', () => {
    expect(verdictOf(spreadOf([110]), tight(100))).toBe('not_remeasured');
    expect(verdictOf(tight(110), spreadOf([100]))).toBe('not_remeasured');
  });
});

describe('mergeRepeats', () => {
  it('leaves trials without repeats as they are', () => {
    const trials = [trial({ x: 0.1 }, { y: 1 }), trial({ x: 0.2 }, 'oom')];
    expect(mergeRepeats(trials)).toBe(trials);
  });

  it('averages a configuration’s measurements, whatever its keys’ order, in first-measured order', () => {
    const merged = mergeRepeats([
      trial({ a: 1, b: true }, { y: 10, z: 1 }),
      trial({ c: 2 }, { y: 5 }),
      trial({ b: true, a: 1 }, { y: 20 }),
      trial({ a: 1, b: true }, { y: 30, z: 3 }),
    ]);
    expect(merged).toEqual([
      { config: { a: 1, b: true }, metrics: { y: 20 }, failure: null },
      { config: { c: 2 }, metrics: { y: 5 }, failure: null },
    ]);
  });

  it('counts a configuration that failed once as failed', () => {
    const merged = mergeRepeats([trial({ x: 0.5 }, { y: 10 }), trial({ x: 0.5 }, 'oom')]);
    expect(merged).toEqual([{ config: { x: 0.5 }, metrics: null, failure: { kind: 'oom' } }]);
  });
});

describe('propose with re-measured trials', () => {
  it('counts a re-measured configuration once against the budget', () => {
    const trials = [
      trial({ x: 0.1 }, { y: 1 }),
      trial({ x: 0.9 }, { y: 2 }),
      trial({ x: 0.9 }, { y: 2.1 }),
      trial({ x: 0.9 }, { y: 1.9 }),
    ];
    expect(propose(input({ trials, budget: { max_trials: 3, max_parallel: 1 } })).kind).toBe('propose');
    expect(propose(input({ trials, budget: { max_trials: 2, max_parallel: 1 } }))).toEqual({
      kind: 'complete',
      reason: 'budget',
    });
  });

  it('proposes as it would for the means', () => {
    const repeated = [
      trial({ x: 0.2 }, { y: 1 }),
      trial({ x: 0.5 }, { y: 3 }),
      trial({ x: 0.8 }, { y: 2 }),
      trial({ x: 0.4 }, { y: 2.5 }),
      trial({ x: 0.5 }, { y: 5 }),
    ];
    const means = [
      trial({ x: 0.2 }, { y: 1 }),
      trial({ x: 0.5 }, { y: 4 }),
      trial({ x: 0.8 }, { y: 2 }),
      trial({ x: 0.4 }, { y: 2.5 }),
    ];
    expect(propose(input({ trials: repeated, seed: 3 }))).toEqual(propose(input({ trials: means, seed: 3 })));
  });
});
