/**
 * The tuner's CPU time per proposal with 200 trials observed (the defaults, then random
 * configurations as measured), on family instances: the median and p95 over every proposal.
 *
 *   tsx bench/latency.ts [--range=dev] [--count=20] [--proposals=5]
 *
 * CPU time (process.cpuUsage), not wall time, so that a shared machine's load counts less; it is
 * still not a quiet machine's figure when the cores are oversubscribed (caches, frequency).
 */
import { propose } from '../src/propose.ts';
import { mulberry32 } from '../src/random.ts';
import type { Trial } from '../src/types.ts';
import { DEV_SEEDS, HELD_OUT_SEEDS, proceduralProblem, tableProblem } from './family.ts';
import { buildSpace, median, oneAtATime } from './methods.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RANGE = args.get('range') ?? 'dev';
const COUNT = Number(args.get('count') ?? 20);
const PROPOSALS = Number(args.get('proposals') ?? 5);

const first = RANGE === 'dev' ? DEV_SEEDS.first : HELD_OUT_SEEDS.first;
const problems = [
  ...Array.from({ length: COUNT }, (_, i) => proceduralProblem(first + i)),
  tableProblem(RANGE === 'dev' ? 'llama' : 'qwen'),
];
const cpu: number[] = [];
for (const p of problems) {
  const space = buildSpace(p);
  const rnd = mulberry32(99);
  const trials: Trial[] = [p.measure(p.defaults, 1)];
  while (trials.length < 200) {
    const c = space.sample(rnd);
    if (c) trials.push(p.measure(c, trials.length));
  }
  for (let seed = 1; seed <= PROPOSALS; seed++) {
    const c0 = process.cpuUsage();
    propose(oneAtATime(p, trials, 1000, seed, false));
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
}
const sorted = [...cpu].sort((a, b) => a - b);
console.log(
  `${problems.length} instances × ${PROPOSALS} proposals at 200 trials: CPU ms median ${median(cpu).toFixed(1)}, p95 ${(sorted[Math.floor(0.95 * (sorted.length - 1))] as number).toFixed(1)}, max ${(sorted.at(-1) as number).toFixed(1)}`,
);
