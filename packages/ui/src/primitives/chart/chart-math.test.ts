import { describe, expect, it } from 'vitest';
import { bestSoFar, paretoFrontier, roundDomain, valueSpan } from './chart-math';
import type { TrialPoint } from './chart-math';

describe('bestSoFar', () => {
  const trials: TrialPoint[] = [
    { trial: 3, value: 120, outcome: 'ok' },
    { trial: 1, value: null, outcome: 'failed', reason: 'oom' },
    { trial: 2, value: 100, outcome: 'ok' },
    { trial: 4, value: 500, outcome: 'infeasible' },
    { trial: 5, value: 90, outcome: 'ok' },
  ];

  it('tracks the running maximum of feasible trials only, in trial order', () => {
    expect(bestSoFar(trials, 'maximize')).toEqual([
      { trial: 2, best: 100 },
      { trial: 3, best: 120 },
      { trial: 4, best: 120 },
      { trial: 5, best: 120 },
    ]);
  });

  it('tracks the running minimum when minimising', () => {
    expect(bestSoFar(trials, 'minimize').map((point) => point.best)).toEqual([100, 100, 100, 90]);
  });

  it('is empty until something feasible arrives', () => {
    expect(bestSoFar([{ trial: 1, value: null, outcome: 'failed' }], 'maximize')).toEqual([]);
  });
});

describe('paretoFrontier', () => {
  it('keeps only the points nothing else dominates, by ascending x', () => {
    const points = [
      { id: 'a', x: 10, y: 100 },
      { id: 'b', x: 20, y: 80 },
      { id: 'c', x: 15, y: 70 },
      { id: 'd', x: 40, y: 30 },
      { id: 'e', x: 5, y: 90 },
    ];
    expect(paretoFrontier(points).map((point) => point.id)).toEqual(['a', 'b', 'd']);
  });

  it('ignores non-finite values', () => {
    expect(
      paretoFrontier([
        { x: Number.NaN, y: 1 },
        { x: 1, y: 1 },
      ]),
    ).toEqual([{ x: 1, y: 1 }]);
  });
});

describe('valueSpan', () => {
  it('pads the spread by 8 %', () => {
    expect(valueSpan([100, 200, 150])).toEqual({ floor: 100, ceiling: 200, pad: 8 });
  });

  it('pads a single value by a tenth of it, and zero or nothing by one', () => {
    expect(valueSpan([50]).pad).toBe(5);
    expect(valueSpan([0]).pad).toBe(1);
    expect(valueSpan([])).toEqual({ floor: 0, ceiling: 1, pad: 0.08 });
  });
});

describe('roundDomain', () => {
  it('widens both ends to the power of ten below the spread', () => {
    expect(roundDomain(1234, 5678, 4444)).toEqual([1000, 6000]);
    expect(roundDomain(-37, 412, 449)).toEqual([-100, 500]);
  });
});
