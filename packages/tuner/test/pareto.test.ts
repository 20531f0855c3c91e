import { describe, expect, it } from 'vitest';
import { dominates, hypervolume, orient, paretoFront, propose } from '../src/index.ts';
import type { Config, Objective, SearchSpace, Trial } from '../src/index.ts';
import { mixSeed, mulberry32 } from '../src/random.ts';
import { input, num, proposed, trial } from './helpers.ts';

describe('paretoFront', () => {
  it('keeps the points nothing dominates, with 2 objectives', () => {
    const points = [
      [1, 5],
      [2, 4],
      [2, 3], // dominated by [2, 4]
      [4, 1],
      [3, 1], // dominated by [4, 1]
      [0, 0],
    ];
    expect(paretoFront(points)).toEqual([0, 1, 3]);
  });

  it('keeps the points nothing dominates, with 3 objectives', () => {
    const points = [
      [1, 1, 1],
      [2, 0, 0],
      [1, 1, 0], // dominated by [1, 1, 1]
      [0, 0, 3],
      [0, 0, 2], // dominated by [0, 0, 3]
    ];
    expect(paretoFront(points)).toEqual([0, 1, 3]);
  });

  it('keeps equal points both, and a single point alone', () => {
    expect(
      paretoFront([
        [1, 2],
        [1, 2],
      ]),
    ).toEqual([0, 1]);
    expect(paretoFront([[3, 3]])).toEqual([0]);
    expect(paretoFront([])).toEqual([]);
    expect(dominates([1, 2], [1, 2])).toBe(false);
    expect(dominates([1, 3], [1, 2])).toBe(true);
  });

  it('orients minimised objectives so larger is better', () => {
    expect(orient([100, 20], [{ direction: 'maximize' }, { direction: 'minimize' }])).toEqual([100, -20]);
  });
});

describe('hypervolume', () => {
  it('is the area of the union of boxes with 2 objectives', () => {
    // Boxes 3×1 and 1×3 from the origin overlap in 1×1: 3 + 3 − 1.
    expect(
      hypervolume(
        [
          [3, 1],
          [1, 3],
        ],
        [0, 0],
      ),
    ).toBeCloseTo(5, 12);
    // A dominated point and a point below the reference add nothing.
    expect(
      hypervolume(
        [
          [3, 1],
          [1, 3],
          [1, 1],
          [5, -1],
        ],
        [0, 0],
      ),
    ).toBeCloseTo(5, 12);
    expect(hypervolume([], [0, 0])).toBe(0);
  });

  it('is the volume of the union of boxes with 3 objectives', () => {
    // [0,1]²×[0,2] ∪ [0,2]²×[0,1]: 2 + 4 − 1.
    expect(
      hypervolume(
        [
          [1, 1, 2],
          [2, 2, 1],
        ],
        [0, 0, 0],
      ),
    ).toBeCloseTo(5, 12);
    expect(hypervolume([[2, 3, 4]], [1, 1, 1])).toBeCloseTo(1 * 2 * 3, 12);
  });

  it('agrees with counting grid cells for 3-objective points', () => {
    const rnd = mulberry32(7);
    // Coordinates on a 0.1 grid, so that counting cells of 0.05 is exact.
    const points = Array.from({ length: 12 }, () => [1, 2, 3].map(() => Math.ceil(rnd() * 10) / 10));
    const n = 20;
    let inside = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        for (let k = 0; k < n; k++) {
          const c = [(i + 0.5) / n, (j + 0.5) / n, (k + 0.5) / n];
          if (points.some((p) => p.every((v, d) => v >= (c[d] as number)))) inside++;
        }
    expect(hypervolume(points, [0, 0, 0])).toBeCloseTo(inside / n ** 3, 10);
  });

  it('refuses other numbers of objectives', () => {
    expect(() => hypervolume([[1]], [0])).toThrow(/2 or 3/);
  });
});

/**
 * Two conflicting objectives over x (a = x, b = 1 − x) that both lose when y leaves 0.5, and a
 * third (c) that prefers y high: the 2-objective front is y = 0.5, every x.
 */
const SPACE: SearchSpace = {
  parameters: [
    { kind: 'float', name: 'x', low: 0, high: 1 },
    { kind: 'float', name: 'y', low: 0, high: 1 },
  ],
};
const measure = (c: Config) => {
  const x = num(c, 'x');
  const off = 4 * (num(c, 'y') - 0.5) ** 2;
  return { a: 1 + x - off, b: 2 - x - off, c: 1 + num(c, 'y') };
};
const TWO: Objective[] = [
  { metric: 'a', direction: 'maximize' },
  { metric: 'b', direction: 'maximize' },
];

function frontVolume(trials: Trial[], objectives: Objective[], reference: number[]): number {
  const points = trials.map((t) =>
    orient(
      objectives.map((o) => t.metrics?.[o.metric] as number),
      objectives,
    ),
  );
  return hypervolume(
    paretoFront(points).map((i) => points[i] as number[]),
    reference,
  );
}

function search(objectives: Objective[], seed: number, steps: number): Trial[] {
  const trials: Trial[] = [];
  for (let i = 0; i < steps; i++) {
    const out = propose(
      input({
        space: SPACE,
        objective: objectives[0] as Objective,
        objectives,
        trials,
        seed,
        budget: { max_trials: 100, max_parallel: 1 },
      }),
    );
    for (const c of proposed(out)) trials.push(trial(c, measure(c)));
  }
  return trials;
}

describe('multi-objective proposals', () => {
  it('finds more of the front than random search in the same number of trials', () => {
    const reference = [0, 0];
    let wins = 0;
    for (const seed of [1, 2, 3]) {
      const tuned = frontVolume(search(TWO, seed, 30), TWO, reference);
      const rnd = mulberry32(mixSeed(seed, 99));
      const random = Array.from({ length: 30 }, () => {
        const c = { x: rnd(), y: rnd() };
        return trial(c, measure(c));
      });
      if (tuned > frontVolume(random, TWO, reference)) wins++;
    }
    expect(wins).toBe(3);
  });

  it('spreads its trials along the front instead of settling on one end of it', () => {
    const trials = search(TWO, 4, 30);
    const points = trials.map((t) => [t.metrics?.a as number, t.metrics?.b as number]);
    const front = paretoFront(points).map((i) => (trials[i] as Trial).config);
    const xs = front.map((c) => num(c, 'x'));
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.6);
    // The true front is y = 0.5; one random configuration in ten is this close.
    expect(front.filter((c) => Math.abs(num(c, 'y') - 0.5) < 0.05).length).toBeGreaterThanOrEqual(4);
  });

  it('searches three objectives', () => {
    const three: Objective[] = [...TWO, { metric: 'c', direction: 'maximize' }];
    const trials = search(three, 5, 20);
    expect(new Set(trials.map((t) => JSON.stringify(t.config))).size).toBe(20);
    expect(frontVolume(trials, three, [0, 0, 0])).toBeGreaterThan(0);
  });

  it('gives a batch of different configurations, one weight each', () => {
    const trials = search(TWO, 6, 10);
    const out = proposed(
      propose(
        input({
          space: SPACE,
          objective: TWO[0]!,
          objectives: TWO,
          trials,
          count: 3,
          budget: { max_trials: 100, max_parallel: 4 },
        }),
      ),
    );
    expect(out).toHaveLength(3);
    expect(new Set(out.map((c) => JSON.stringify(c))).size).toBe(3);
  });

  it('is deterministic for a seed', () => {
    expect(search(TWO, 8, 12)).toEqual(search(TWO, 8, 12));
  });

  it('minimises objectives whose direction says so', () => {
    // The same surface with b negated and minimised: the same trade-off.
    const negated: Objective[] = [TWO[0]!, { metric: 'nb', direction: 'minimize' }];
    const trials: Trial[] = [];
    for (let i = 0; i < 25; i++) {
      const out = propose(input({ space: SPACE, objective: negated[0]!, objectives: negated, trials, seed: 3 }));
      for (const c of proposed(out)) {
        const m = measure(c);
        trials.push(trial(c, { a: m.a, nb: -m.b }));
      }
    }
    const front = paretoFront(trials.map((t) => orient([t.metrics?.a as number, t.metrics?.nb as number], negated)));
    const xs = front.map((i) => num((trials[i] as Trial).config, 'x'));
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.5);
  });

  it('names the problem with the objectives', () => {
    const dup = propose(input({ objectives: [TWO[0]!, TWO[0]!] }));
    expect(dup).toEqual({ kind: 'error', message: "The objective 'a' is named twice" });
    const four = propose(
      input({
        objectives: ['a', 'b', 'c', 'd'].map((metric) => ({ metric, direction: 'maximize' as const })),
      }),
    );
    expect(four).toEqual({ kind: 'error', message: 'At most three objectives can be searched together' });
  });

  it('treats one objective in the list as a single-objective search', () => {
    const single = input({ trials: [trial({ x: 0.2 }, { y: 1 })] });
    expect(propose({ ...single, objectives: [single.objective] })).toEqual(propose(single));
  });
});
