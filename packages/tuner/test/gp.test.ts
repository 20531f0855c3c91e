import { describe, expect, it } from 'vitest';
import { FailureModel } from '../src/failure-model.ts';
import { GaussianProcess, fitHyper } from '../src/gp.ts';
import { mulberry32 } from '../src/random.ts';
import { NOMINAL, NUMERIC } from '../src/space.ts';

const kinds = Uint8Array.from([NUMERIC, NUMERIC]);
const point = (a: number, b: number) => Float64Array.from([a, b]);

describe('GaussianProcess', () => {
  const rnd = mulberry32(3);
  const xs = Array.from({ length: 30 }, () => point(rnd(), rnd()));
  const f = (x: Float64Array) => Math.sin(4 * (x[0] as number)) + (x[1] as number) ** 2;
  const ys = xs.map(f);

  it('fits length scales that predict an unseen point well', () => {
    const hyper = fitHyper(kinds, xs, [ys], ys);
    const gp = new GaussianProcess(kinds, hyper, xs, [ys]);
    const probe = point(0.42, 0.37);
    expect(gp.predict(probe).means[0]).toBeCloseTo(f(probe), 1);
    expect(gp.predict(xs[0] as Float64Array).variance).toBeLessThan(0.05);
    expect(gp.predict(point(5, 5)).variance).toBeGreaterThan(0.9);
  });

  it('shrinks variances after a fantasised observation exactly as the rank-one update says', () => {
    const hyper = { lengthScales: Float64Array.from([0.3, 0.3]), noise: 0.01 };
    const gp = new GaussianProcess(kinds, hyper, xs, [ys], 1);
    const lie = point(0.5, 0.5);
    const other = point(0.55, 0.45);
    const pl = gp.predict(lie);
    const po = gp.predict(other);
    const cov = gp.covariance(other, po.whitened, lie, pl.whitened);
    const expected = po.variance - cov ** 2 / (pl.variance + hyper.noise);
    gp.addObservation(lie, pl.means);
    const after = gp.predict(other);
    expect(after.variance).toBeCloseTo(expected, 6);
    expect(after.means[0]).toBeCloseTo(po.means[0] as number, 8);
  });

  it('treats nominal features as equal or different, and inactive ones as neutral', () => {
    const k = Uint8Array.from([NOMINAL]);
    const gp = new GaussianProcess(
      k,
      { lengthScales: Float64Array.from([1]), noise: 0.01 },
      [Float64Array.from([0])],
      [[1]],
    );
    expect(gp.kernel(Float64Array.from([0]), Float64Array.from([0]))).toBe(1);
    expect(gp.kernel(Float64Array.from([0]), Float64Array.from([2]))).toBe(
      gp.kernel(Float64Array.from([0]), Float64Array.from([1])),
    );
    expect(gp.kernel(Float64Array.from([Number.NaN]), Float64Array.from([Number.NaN]))).toBe(1);
  });
});

describe('FailureModel', () => {
  it('draws the OOM boundary between failed and successful neighbours, per failure kind', () => {
    const rnd = mulberry32(7);
    const points = Array.from({ length: 60 }, () => point(rnd(), rnd()));
    // OOM depends on the first feature only; crashes on a corner.
    const failures = points.map((p) =>
      (p[0] as number) > 0.7 ? 'oom' : (p[1] as number) < 0.1 && (p[0] as number) < 0.2 ? 'crash' : null,
    );
    const model = FailureModel.fit(kinds, points, failures);
    expect(model).not.toBeNull();
    expect(model?.probability(point(0.9, 0.5))).toBeGreaterThan(0.8);
    expect(model?.probability(point(0.4, 0.5))).toBeLessThan(0.2);
    expect(model?.probability(point(0.05, 0.03))).toBeGreaterThan(0.5);
    expect(
      FailureModel.fit(
        kinds,
        points,
        points.map(() => null),
      ),
    ).toBeNull();
  });
});
