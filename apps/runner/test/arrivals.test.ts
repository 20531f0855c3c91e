import { describe, expect, it } from 'vitest';
import { arrivalSchedule, interArrivalGaps } from '../src/bench/arrivals.ts';
import { Rng } from '../src/bench/random.ts';
import { coefficientOfVariation, gammaP, ksCritical01, ksStatistic, mean } from './stats.ts';

const N = 40_000;

describe('inter-arrival gaps', () => {
  it('are exponential at burstiness 1 (a Poisson process): mean 1/rate, CV 1, KS against the exponential', () => {
    const rate = 500;
    const gaps = interArrivalGaps(new Rng(42), N, rate, 1);
    expect(mean(gaps)).toBeCloseTo(1 / rate, 4);
    expect(Math.abs(mean(gaps) * rate - 1)).toBeLessThan(0.02);
    expect(Math.abs(coefficientOfVariation(gaps) - 1)).toBeLessThan(0.03);
    expect(ksStatistic(gaps, (x) => 1 - Math.exp(-rate * x))).toBeLessThan(ksCritical01(N));
  });

  it.each([0.25, 0.5, 2, 4])(
    'are gamma with shape b at burstiness %s: same mean rate, CV 1/√b, KS against that gamma',
    (b) => {
      const rate = 20;
      const gaps = interArrivalGaps(new Rng(7), N, rate, b);
      expect(Math.abs(mean(gaps) * rate - 1)).toBeLessThan(0.03);
      expect(Math.abs(coefficientOfVariation(gaps) / (1 / Math.sqrt(b)) - 1)).toBeLessThan(0.04);
      const scale = 1 / (rate * b);
      expect(ksStatistic(gaps, (x) => gammaP(b, x / scale))).toBeLessThan(ksCritical01(N));
    },
  );

  it('the KS check has power: bursty gaps are rejected as exponential', () => {
    const rate = 20;
    const gaps = interArrivalGaps(new Rng(7), N, rate, 0.5);
    expect(ksStatistic(gaps, (x) => 1 - Math.exp(-rate * x))).toBeGreaterThan(5 * ksCritical01(N));
  });

  it('the gamma CDF helper matches known values', () => {
    expect(gammaP(1, 1)).toBeCloseTo(1 - Math.exp(-1), 12);
    expect(gammaP(0.5, 2)).toBeCloseTo(0.9544997361036416, 10); // erf(√2)
    expect(gammaP(3, 2)).toBeCloseTo(0.3233235838169366, 10);
  });
});

describe('arrival schedule', () => {
  it('is deterministic under a seed and differs between seeds', () => {
    const a = arrivalSchedule({ count: 500, rate: 50, burstiness: 1, seed: 1 });
    const b = arrivalSchedule({ count: 500, rate: 50, burstiness: 1, seed: 1 });
    const c = arrivalSchedule({ count: 500, rate: 50, burstiness: 1, seed: 2 });
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
  });

  it('is increasing and ends at exactly count/rate, so the achieved mean rate is the target', () => {
    for (const burstiness of [0.3, 1, 3]) {
      const offsets = arrivalSchedule({ count: 1000, rate: 250, burstiness, seed: 3 });
      for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThanOrEqual(offsets[i - 1] as number);
      expect(offsets[offsets.length - 1]).toBeCloseTo((1000 / 250) * 1000, 6);
    }
  });

  it('keeps the shape of the gaps after rescaling (CV of a bursty schedule stays near 1/√b)', () => {
    const offsets = arrivalSchedule({ count: N, rate: 100, burstiness: 0.25, seed: 11 });
    const gaps = offsets.map((t, i) => t - (i === 0 ? 0 : (offsets[i - 1] as number)));
    expect(Math.abs(coefficientOfVariation(gaps) / 2 - 1)).toBeLessThan(0.05);
  });

  it("sends everything at once at rate 'inf'", () => {
    expect(Array.from(arrivalSchedule({ count: 5, rate: 'inf', burstiness: 1, seed: 0 }))).toEqual([0, 0, 0, 0, 0]);
  });
});
