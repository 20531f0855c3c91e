/**
 * Whether a change to the tuner leaves its proposals as they were: this build and another
 * (MAKO_TUNER_BEFORE=<that build's src/propose.ts>) propose on the same inputs, and the outputs are
 * compared byte for byte (JSON). A performance change that should not alter behaviour must print
 * "all identical".
 *
 *   MAKO_TUNER_BEFORE=/path/to/before/packages/tuner/src/propose.ts tsx bench/same-proposals.ts
 *
 * The inputs: 9 family instances (development seeds 1–8 and the Llama table) × 20, 60 and 200
 * trials observed (the engine defaults, then random configurations as measured) × 1 and 3
 * configurations asked for × 2 seeds = 108; the 3-configuration inputs alternate a pending
 * configuration and the objective's prior, so batches, fantasies and the prior mean are covered.
 */
import { propose } from '../src/propose.ts';
import { mulberry32 } from '../src/random.ts';
import type { Trial, TunerInput, TunerOutput } from '../src/types.ts';
import { DEV_SEEDS, proceduralProblem, tableProblem } from './family.ts';
import { buildSpace, oneAtATime } from './methods.ts';

const beforePath = process.env.MAKO_TUNER_BEFORE;
if (!beforePath) throw new Error('Set MAKO_TUNER_BEFORE to the src/propose.ts of the build to compare with');
const before = ((await import(beforePath)) as { propose: (input: TunerInput) => TunerOutput }).propose;

const problems = [
  ...Array.from({ length: 8 }, (_, i) => proceduralProblem(DEV_SEEDS.first + i)),
  tableProblem('llama'),
];
let inputs = 0;
let identical = 0;
for (const p of problems) {
  const space = buildSpace(p);
  const rnd = mulberry32(7);
  const trials: Trial[] = [p.measure(p.defaults, 1)];
  for (const n of [20, 60, 200]) {
    while (trials.length < n) {
      const c = space.sample(rnd);
      if (c) trials.push(p.measure(c, trials.length));
    }
    for (const count of [1, 3])
      for (const seed of [1, 2]) {
        const base = oneAtATime(p, trials.slice(0, n), 1000, seed, count === 3 && seed === 2);
        const pendingConfig = count === 3 && seed === 1 ? space.sample(mulberry32(n)) : null;
        const input: TunerInput = {
          ...base,
          count,
          pending: pendingConfig ? [pendingConfig] : [],
          budget: { max_trials: 1000, max_parallel: 4 },
        };
        const now = JSON.stringify(propose(input));
        const then = JSON.stringify(before(input));
        inputs++;
        if (now === then) identical++;
        else console.log(`${p.name}, ${n} trials, count ${count}, seed ${seed}:\n  now    ${now}\n  before ${then}`);
      }
  }
}
console.log(identical === inputs ? `all identical (${inputs} inputs)` : `${inputs - identical} of ${inputs} differ`);
