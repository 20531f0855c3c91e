import { describe, expect, it } from 'vitest';
import { sweepVerdict, type SweepPoint } from '../src/vocabulary/sweeps.ts';

const point = (load: number, request_throughput: number, extra: Partial<SweepPoint> = {}): SweepPoint => ({
  load,
  passed: true,
  saturated: false,
  request_throughput,
  e2el_p99_ms: 1000 + load * 50,
  ...extra,
});

describe('sweepVerdict', () => {
  it('names the highest passing load, the first miss above it and the knee, in any level order', () => {
    const levels = [
      point(64, 11.8, { passed: false }),
      point(1, 1),
      point(32, 10.2),
      point(2, 2),
      point(48, 11.2),
      point(56, 11.5, { passed: false }),
      point(8, 5.6),
    ];
    // 90 % of the most measured (11.8) is 10.62: 48 is the first level to reach it.
    expect(sweepVerdict(levels)).toEqual({ best_load: 48, first_fail_load: 56, knee_load: 48 });
  });

  it('counts a saturated level as a miss and keeps it off the curve', () => {
    const levels = [point(1, 1), point(2, 2), point(4, 3.9), point(8, 20, { saturated: true })];
    // Throughput still climbs at the top of what was measured: no knee.
    expect(sweepVerdict(levels)).toEqual({ best_load: 4, first_fail_load: 8, knee_load: null });
  });

  it('has no best load when even the first level missed', () => {
    expect(sweepVerdict([point(1, 1, { passed: false })])).toEqual({
      best_load: null,
      first_fail_load: 1,
      knee_load: null,
    });
    expect(sweepVerdict([])).toEqual({ best_load: null, first_fail_load: null, knee_load: null });
  });
});
