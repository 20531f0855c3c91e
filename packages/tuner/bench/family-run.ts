/**
 * Runs methods on instances of the benchmark family (family.ts) and appends one JSON line per
 * instance and method to --out; family-report.ts turns the lines into the README's tables.
 *
 *   tsx bench/family-run.ts --range=dev --from=0 --count=40 --methods=tuner,random --out=runs.jsonl
 *
 * --range: dev (procedural seeds from 1, the Llama table, named surfaces with run seeds from 1) or
 *   heldout (procedural seeds from 100 001, the Qwen table, named surfaces with run seeds from 100).
 *   The held-out range is only run to report, never to decide a change (README).
 * --members: procedural (default), table or named. --from/--count: which instances (for procedural,
 *   seeds; for table and named, run seeds).
 * --methods: tuner, tpe, default, random, tuner-off:<mechanism>[+<mechanism>…] for the ablation
 *   (mechanisms.ts), and before: another build's propose() (MAKO_TUNER_BEFORE=<path to its
 *   src/propose.ts>, e.g. an earlier commit extracted with git archive) for before/after figures.
 * Every method measures the defaults first, then one configuration at a time, with the instance's
 * noise; the run seed is the instance's seed, so every method sees the same noise.
 */
import { appendFileSync } from 'node:fs';
import { MECHANISMS } from '../src/mechanisms.ts';
import type { Mechanism } from '../src/mechanisms.ts';
import { DEV_SEEDS, HELD_OUT_SEEDS, namedProblems, proceduralProblem, tableProblem } from './family.ts';
import type { FamilyProblem } from './family.ts';
import type { TunerInput, TunerOutput } from '../src/types.ts';
import type { Optimiser } from './methods.ts';
import {
  OptunaOptimiser,
  buildSpace,
  findPython,
  oneAtATime,
  randomOptimiser,
  runOnce,
  searchOptimum,
  tunerOptimiser,
} from './methods.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RANGE = args.get('range') ?? 'dev';
const MEMBERS = args.get('members') ?? 'procedural';
const FROM = Number(args.get('from') ?? 0);
const COUNT = Number(args.get('count') ?? 20);
const TRIALS = Number(args.get('trials') ?? 100);
const METHODS = (args.get('methods') ?? 'tuner,tpe,default,random').split(',');
const OUT = args.get('out');
if (!OUT) throw new Error('--out=<file> is required');
if (RANGE !== 'dev' && RANGE !== 'heldout') throw new Error('--range must be dev or heldout');

function instances(): { problem: () => FamilyProblem; seed: number }[] {
  const range = RANGE === 'dev' ? DEV_SEEDS : HELD_OUT_SEEDS;
  const runSeed = (i: number) => (RANGE === 'dev' ? 1 : 100) + FROM + i;
  if (MEMBERS === 'procedural')
    return Array.from({ length: COUNT }, (_, i) => range.first + FROM + i)
      .filter((seed) => seed <= range.last)
      .map((seed) => ({ problem: () => proceduralProblem(seed), seed }));
  if (MEMBERS === 'table') {
    const table = tableProblem(RANGE === 'dev' ? 'llama' : 'qwen');
    return Array.from({ length: COUNT }, (_, i) => ({ problem: () => table, seed: runSeed(i) }));
  }
  const named = namedProblems();
  return named.flatMap((p) => Array.from({ length: COUNT }, (_, i) => ({ problem: () => p, seed: runSeed(i) })));
}

async function before(): Promise<(input: TunerInput) => TunerOutput> {
  const path = process.env.MAKO_TUNER_BEFORE;
  if (!path) throw new Error('method before needs MAKO_TUNER_BEFORE=<path to src/propose.ts>');
  return ((await import(path)) as { propose: (input: TunerInput) => TunerOutput }).propose;
}

async function main(): Promise<void> {
  const earlier = METHODS.includes('before') ? await before() : null;
  const python = METHODS.some((m) => m === 'tpe' || m === 'default') ? findPython() : null;
  for (const { problem, seed } of instances()) {
    const p = problem();
    const space = buildSpace(p);
    const runs: { method: string; truths: (number | null)[]; ms: number }[] = [];
    for (const method of METHODS) {
      let optimiser: Optimiser;
      if (method === 'tuner') optimiser = tunerOptimiser(p, seed, false, TRIALS);
      else if (method.startsWith('tuner-off:')) {
        const off = method.slice('tuner-off:'.length).split('+') as Mechanism[];
        for (const m of off) if (!MECHANISMS.includes(m)) throw new Error(`unknown mechanism '${m}'`);
        optimiser = tunerOptimiser(p, seed, false, TRIALS, new Set(off));
      } else if (method === 'before' && earlier) {
        optimiser = {
          next: async (trials) => {
            const out = earlier({ ...oneAtATime(p, trials, TRIALS, seed, false), warmStart: { defaults: p.defaults } });
            return out.kind === 'propose' ? (out.configs[0] ?? null) : null;
          },
          close: () => undefined,
        };
      } else if (method === 'random') optimiser = randomOptimiser(p, space, seed);
      else if (method === 'tpe' || method === 'default') {
        if (!python) throw new Error('no python3 with optuna (apt-get install -y python3-optuna)');
        optimiser = new OptunaOptimiser(python, p, space, seed, method);
      } else throw new Error(`unknown method '${method}'`);
      const t0 = performance.now();
      runs.push({ method, truths: await runOnce(p, optimiser, seed, TRIALS), ms: performance.now() - t0 });
    }
    const searched = searchOptimum(p, space, MEMBERS === 'procedural' ? 2000 : 300).value;
    const found = Math.max(...runs.flatMap((r) => r.truths.map((v) => v ?? Number.NEGATIVE_INFINITY)));
    for (const r of runs)
      appendFileSync(
        OUT as string,
        `${JSON.stringify({
          instance: p.name,
          seed,
          range: RANGE,
          kind: p.kind,
          traits: p.traits,
          method: r.method,
          optimum: Math.max(searched, found),
          ms: Math.round(r.ms),
          truths: r.truths.map((v) => (v === null ? null : Number(v.toPrecision(6)))),
        })}\n`,
      );
  }
}

await main();
