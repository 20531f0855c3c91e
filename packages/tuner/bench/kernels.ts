/**
 * The Gaussian process's hot paths at a proposal's sizes (200 points, 10 features: 3 nominal, one
 * inactive in about a third of the points), median wall time over repetitions:
 * factorising all points, a hyperparameter search, 1000 posterior means (a failure classifier's
 * risk) and 1000 candidates' feature gaps (the metrics' predictions).
 *
 *   tsx bench/kernels.ts
 *
 * With MAKO_GP_BEFORE=<another build's src/gp.ts> it times that build too, alternating, and checks
 * that both give the same posterior means bit for bit.
 */
import { GaussianProcess } from '../src/gp.ts';
import { fitHyper } from '../src/hyper-fit.ts';
import { mulberry32 } from '../src/random.ts';
import { NOMINAL, NUMERIC } from '../src/dims.ts';
import { median } from './methods.ts';

// The third round's build has fitHyper in gp.ts.
type Gp = { GaussianProcess: typeof GaussianProcess; fitHyper: typeof fitHyper };
const current: Gp = { GaussianProcess, fitHyper };
const beforePath = process.env.MAKO_GP_BEFORE;
const before = beforePath ? ((await import(beforePath)) as Gp) : null;

const D = 10;
const kinds = Uint8Array.from({ length: D }, (_, f) => (f < 3 ? NOMINAL : NUMERIC));
const rnd = mulberry32(5);
const point = () =>
  Float64Array.from({ length: D }, (_, f) =>
    f < 3 ? Math.floor(rnd() * 3) : f === D - 1 && rnd() < 0.3 ? Number.NaN : rnd(),
  );
const points = Array.from({ length: 200 }, point);
const ys = points.map((p) => Math.sin(4 * (p[3] as number)) + (p[4] as number) + (p[0] as number) / 3);
const probes = Array.from({ length: 1000 }, point);
const hyper = { lengthScales: new Float64Array(D).fill(0.5), noise: 0.01 };

const timeOf = (f: () => void, reps: number): number => {
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return median(times);
};

function cases(gp: Gp): Record<string, () => number> {
  const fitted = new gp.GaussianProcess(kinds, hyper, points, [ys]);
  const buffer = new Float64Array(points.length * D);
  return {
    'factorise 200 points (ms)': () => timeOf(() => new gp.GaussianProcess(kinds, hyper, points, [ys]), 40),
    'fitHyper over 200 points (ms)': () => timeOf(() => gp.fitHyper(kinds, points, [ys], ys), 40),
    '1000 predictMean (ms)': () =>
      timeOf(() => {
        for (const p of probes) fitted.predictMean(p);
      }, 20),
    '1000 gapsTo (ms)': () =>
      timeOf(() => {
        for (const p of probes) fitted.gapsTo(p, buffer);
      }, 20),
  };
}

const mine = cases(current);
const theirs = before ? cases(before) : null;
for (const [name, run] of Object.entries(mine)) {
  run(); // warm-up
  theirs?.[name]?.();
  const line = `${name}: ${run().toFixed(3)}`;
  console.log(theirs ? `${line}, before ${(theirs[name] as () => number)().toFixed(3)}` : line);
}
if (before) {
  const a = new current.GaussianProcess(kinds, hyper, points, [ys]);
  const b = new before.GaussianProcess(kinds, hyper, points, [ys]);
  const differ = probes.filter((p) => a.predictMean(p) !== b.predictMean(p)).length;
  console.log(differ === 0 ? 'posterior means identical (1000 candidates)' : `${differ} posterior means DIFFER`);
}
