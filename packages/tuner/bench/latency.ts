/**
 * The tuner's CPU time per proposal with 200 trials observed (the defaults, then random
 * configurations as measured), on family instances: the median and p95 over every proposal.
 *
 *   tsx bench/latency.ts [--range=dev] [--count=20] [--proposals=5]
 *
 * CPU time (process.cpuUsage), not wall time, so that a shared machine's load counts less; it is
 * still not a quiet machine's figure when the cores are oversubscribed (caches, frequency). With
 * MAKO_TUNER_BEFORE=<another build's src/propose.ts> it times that build on the same proposals,
 * alternating with this one, and prints the ratio: the comparison a loaded machine still allows.
 */
import { propose } from '../src/propose.ts';
import type { TunerInput, TunerOutput } from '../src/types.ts';
import { mulberry32 } from '../src/random.ts';
import type { Trial } from '../src/types.ts';
import { DEV_SEEDS, HELD_OUT_SEEDS, proceduralProblem, tableProblem } from './family.ts';
import { buildSpace, median, oneAtATime } from './methods.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RANGE = args.get('range') ?? 'dev';
const COUNT = Number(args.get('count') ?? 20);
const PROPOSALS = Number(args.get('proposals') ?? 5);

const firstSeed = RANGE === 'dev' ? DEV_SEEDS.first : HELD_OUT_SEEDS.first;
const problems = [
  ...Array.from({ length: COUNT }, (_, i) => proceduralProblem(firstSeed + i)),
  tableProblem(RANGE === 'dev' ? 'llama' : 'qwen'),
];
const beforePath = process.env.MAKO_TUNER_BEFORE;
const before = beforePath
  ? ((await import(beforePath)) as { propose: (input: TunerInput) => TunerOutput }).propose
  : null;
const cpuTime = (f: () => void): number => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const cpu: number[] = [];
const cpuBefore: number[] = [];
const inputs = problems.map((p) => {
  const space = buildSpace(p);
  const rnd = mulberry32(99);
  const trials: Trial[] = [p.measure(p.defaults, 1)];
  while (trials.length < 200) {
    const c = space.sample(rnd);
    if (c) trials.push(p.measure(c, trials.length));
  }
  return Array.from({ length: PROPOSALS }, (_, i) => oneAtATime(p, trials, 1000, i + 1, false));
});
// One untimed proposal per build first: the API's proposer is a long-lived worker, and otherwise
// the first timed proposal of whichever build runs first carries the compiler's warm-up.
const first = inputs[0]?.[0];
if (first) {
  propose(first);
  before?.(first);
}
for (const input of inputs.flat()) {
  cpu.push(cpuTime(() => propose(input)));
  if (before) cpuBefore.push(cpuTime(() => before(input)));
}
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(0.95 * (sorted.length - 1))] as number;
  return `CPU ms median ${median(ms).toFixed(1)}, p95 ${p95.toFixed(1)}, max ${(sorted.at(-1) as number).toFixed(1)}`;
};
console.log(`${problems.length} instances × ${PROPOSALS} proposals at 200 trials: ${summary(cpu)}`);
if (before) {
  const ratios = cpu.map((v, i) => v / (cpuBefore[i] as number));
  console.log(`before (${beforePath}): ${summary(cpuBefore)}; median ratio this / before ${median(ratios).toFixed(3)}`);
}
