/**
 * How the running error's correction (services/predictions/running-error.ts) converges: a setting
 * whose engine really runs `BIAS` × what perf-model predicts, measured with run-to-run spread
 * `SPREAD` (log-normal, relative), one benchmark after another. After n benchmarks the corrected
 * prediction is perf-model's × correctionFactor(mean ln ratio of the n, n); the figure is the
 * median over TRIALS settings of |corrected / true − 1|, against the uncorrected |1/BIAS − 1|.
 * Pure arithmetic on the same functions the server uses; no database, no clock.
 *
 *   pnpm --filter @mako/api exec tsx bench/prediction-convergence.ts
 */
import { mulberry32, normal } from '@mako/perf-model';
import { correctionFactor } from '../src/services/predictions/running-error.ts';

const BIAS = Number(process.env.BIAS ?? 1.2);
const SPREAD = Number(process.env.SPREAD ?? 0.1);
const TRIALS = Number(process.env.TRIALS ?? 2000);
const STEPS = [0, 1, 2, 3, 5, 10, 20, 50];

const rnd = mulberry32(25);
const errors = new Map<number, number[]>(STEPS.map((n) => [n, []]));
for (let t = 0; t < TRIALS; t++) {
  let sum = 0;
  for (let n = 0; n <= STEPS[STEPS.length - 1]!; n++) {
    if (errors.has(n)) {
      const factor = correctionFactor(n === 0 ? null : sum / n, n);
      errors.get(n)!.push(Math.abs(factor / BIAS - 1));
    }
    // The next benchmark: ln(measured / predicted) = ln BIAS + spread.
    sum += Math.log(BIAS) + SPREAD * normal(rnd);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`bias ${BIAS}, run-to-run spread ${SPREAD * 100} %, ${TRIALS} settings`);
console.log('benchmarks  median |corrected/true - 1|');
for (const n of STEPS) console.log(`${String(n).padStart(10)}  ${(median(errors.get(n)!) * 100).toFixed(1)} %`);
