/**
 * The tuner against Optuna TPE and random search, in one run, on the goodput surfaces
 * (bench/goodput.ts) and the earlier p99-TPOT surfaces (bench/surfaces.ts).
 *
 *   pnpm --filter @mako/tuner bench [-- --seeds=10 --trials=100 --surfaces=chat,rag --methods=tuner,tpe,random --jobs=2]
 *
 * --surfaces picks surfaces by name fragments; --jobs runs that many surfaces at once in worker
 * processes (the machine may be shared: run under nice).
 *
 * Every method measures the engine defaults first, then proposes one configuration at a time;
 * each measurement carries 3 % noise. Per surface and method: the median number of trials until a
 * configuration within 95 % of the true optimum was measured ("never" when the median run did not
 * get there within the trials), and the median of the best true value measured in the first 50
 * trials as a share of the optimum. The optimum is the best noise-free feasible value found by a
 * search of the surface (random configurations, then coordinate refinement of the best, flags
 * included) or by any method in the run. Also the tuner's CPU time per proposal with 200 trials.
 *
 * Optuna runs bench/tpe.py (python3-optuna) as a subprocess; without optuna it is skipped with a
 * note. It is told failures as failures (methods.ts, OptunaOptimiser), and its proposals that break
 * the space's rules are repaired the way the tuner's own candidates are.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { propose } from '../src/propose.ts';
import { mulberry32 } from '../src/random.ts';
import type { Space } from '../src/space.ts';
import type { Trial } from '../src/types.ts';
import { GOODPUT_SCENARIOS, GoodputProblem } from './goodput.ts';
import {
  OptunaOptimiser,
  buildSpace,
  findPython,
  median,
  oneAtATime,
  randomOptimiser,
  runOnce,
  searchOptimum,
  tunerOptimiser,
} from './methods.ts';
import type { Problem } from './problem.ts';
import { tpotProblems } from './surfaces.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SEEDS = Number(args.get('seeds') ?? 10);
/** Seeds FIRST_SEED … FIRST_SEED + SEEDS − 1: a held-out range (e.g. 100) checks figures tuned on 1–10. */
const FIRST_SEED = Number(args.get('first-seed') ?? 1);
const TRIALS = Number(args.get('trials') ?? 100);
const SURFACES = args.get('surfaces')?.split(',') ?? null;
const METHODS = (args.get('methods') ?? 'tuner,prior,tpe,default,random').split(',');
const TRUTH_SAMPLES = Number(args.get('truth-samples') ?? 300);
const TARGET = 0.95;
const AT = 50;
const JOBS = Number(args.get('jobs') ?? 1);
const WORKER = args.has('worker') ? Number(args.get('worker')) : null;
const ROW_MARK = 'ROW\t';

/**
 * 'prior': the tuner given perf-model's prediction as its prior mean (Problem.prior); 'tpe' and
 * 'default': Optuna's multivariate constant-liar TPE and its default sampler (methods.ts).
 */
type Method = 'tuner' | 'prior' | 'tpe' | 'default' | 'random';

/**
 * Median CPU ms of one proposal with 200 trials observed (defaults plus random configurations);
 * with the prior, its predictions for the candidates are part of the cost (memoised per surface,
 * as a caller would).
 */
function proposalCpuMs(p: Problem, space: Space, withPrior: boolean): number {
  const rnd = mulberry32(99);
  const trials: Trial[] = [p.measure(p.defaults, 1)];
  while (trials.length < 200) {
    const c = space.sample(rnd);
    if (c) trials.push(p.measure(c, trials.length));
  }
  const cpu: number[] = [];
  for (let seed = 1; seed <= 5; seed++) {
    const c0 = process.cpuUsage();
    propose(oneAtATime(p, trials, 1000, seed, withPrior));
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return median(cpu);
}

function problems(): Problem[] {
  const all: Problem[] = [...GOODPUT_SCENARIOS.map((s) => new GoodputProblem(s)), ...tpotProblems()];
  if (!SURFACES) return all;
  return all.filter((p) => SURFACES.some((s) => p.name.toLowerCase().includes(s.toLowerCase())));
}

const fmtTrials = (v: number) => (Number.isFinite(v) ? String(v) : 'never');

/** Runs every method on one surface; prints its details and returns its table row. */
async function benchSurface(p: Problem, methods: Method[], python: string | null): Promise<string> {
  const t0 = performance.now();
  const space = buildSpace(p);
  const runs = new Map<Method, (number | null)[][]>();
  for (const m of methods) {
    const list: (number | null)[][] = [];
    for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
      const optimiser =
        m === 'tuner' || m === 'prior'
          ? tunerOptimiser(p, seed, m === 'prior', TRIALS)
          : m === 'random'
            ? randomOptimiser(p, space, seed)
            : new OptunaOptimiser(python as string, p, space, seed, m);
      list.push(await runOnce(p, optimiser, seed, TRIALS));
    }
    runs.set(m, list);
  }
  const searched = searchOptimum(p, space, TRUTH_SAMPLES);
  let optimum = searched.value;
  let foundBy = 'search';
  for (const [m, list] of runs)
    for (const r of list)
      for (const v of r)
        if (v !== null && v > optimum) {
          optimum = v;
          foundBy = m;
        }
  const stats = new Map<Method, { reach: number; best50: number; never: number; perSeed: number[] }>();
  for (const [m, list] of runs) {
    const reach = list.map((r) => {
      const i = r.findIndex((v) => v !== null && v >= TARGET * optimum);
      return i < 0 ? Number.POSITIVE_INFINITY : i + 1;
    });
    const best50 = list.map((r) => Math.max(0, ...r.slice(0, AT).map((v) => v ?? 0)) / optimum);
    stats.set(m, {
      reach: median(reach),
      best50: median(best50),
      never: reach.filter((v) => !Number.isFinite(v)).length,
      perSeed: reach,
    });
  }
  const cpu = methods.includes('tuner') ? proposalCpuMs(p, space, false) : Number.NaN;
  const cpuPrior = methods.includes('prior') ? proposalCpuMs(p, space, true) : Number.NaN;
  console.log(`\n## ${p.name}`);
  console.log(
    `optimum ${optimum.toFixed(0)} ${p.objective.metric} (found by ${foundBy}; search: ${searched.value.toFixed(0)} at ${JSON.stringify(searched.config)})`,
  );
  for (const [m, s] of stats)
    console.log(
      `  ${m.padEnd(6)} median trials to ${TARGET * 100} %: ${fmtTrials(s.reach)} (never within ${TRIALS}: ${s.never}/${SEEDS}); median best after ${AT}: ${s.best50.toFixed(3)}; per seed: ${s.perSeed.map(fmtTrials).join(' ')}`,
    );
  console.log(
    `  tuner CPU per proposal at 200 trials: ${cpu.toFixed(1)} ms (with the prior: ${cpuPrior.toFixed(1)} ms); ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const cell = (m: Method, f: (s: { reach: number; best50: number }) => string) => {
    const s = stats.get(m);
    return s ? f(s) : 'skipped';
  };
  return `| ${p.name} | ${methods.map((m) => cell(m, (s) => fmtTrials(s.reach))).join(' | ')} | ${methods.map((m) => cell(m, (s) => s.best50.toFixed(3))).join(' | ')} | ${cpu.toFixed(1)} / ${cpuPrior.toFixed(1)} |`;
}

async function main(): Promise<void> {
  let python: string | null = null;
  if (METHODS.includes('tpe') || METHODS.includes('default')) {
    python = findPython();
    if (!python)
      console.log(
        'Optuna TPE skipped: no python3 with optuna found (apt-get install -y python3-optuna, or set MAKO_PYTHON)',
      );
  }
  const methods = (['tuner', 'prior', 'tpe', 'default', 'random'] as Method[]).filter(
    (m) => METHODS.includes(m) && ((m !== 'tpe' && m !== 'default') || python),
  );
  const rows: string[] = [];
  const started = performance.now();
  const list = problems();
  if (WORKER !== null) {
    const p = list[WORKER];
    if (p) console.log(`${ROW_MARK}${await benchSurface(p, methods, python)}`);
    return;
  }
  if (JOBS <= 1) for (const p of list) rows.push(await benchSurface(p, methods, python));
  else {
    // Surfaces in parallel worker processes (same script, one surface each); output in order.
    const outputs: string[] = new Array<string>(list.length).fill('');
    let next = 0;
    const script = fileURLToPath(import.meta.url);
    const worker = async (): Promise<void> => {
      for (let i = next++; i < list.length; i = next++) {
        const child = spawn(process.execPath, [...process.execArgv, script, ...process.argv.slice(2), `--worker=${i}`]);
        let text = '';
        child.stdout.on('data', (d: Buffer) => (text += d.toString()));
        child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        if (code !== 0) throw new Error(`surface '${list[i]?.name}' failed (exit ${code})`);
        outputs[i] = text;
        console.log(
          text
            .split('\n')
            .filter((l) => !l.startsWith(ROW_MARK))
            .join('\n'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(JOBS, list.length) }, worker));
    for (const text of outputs) {
      const row = text.split('\n').find((l) => l.startsWith(ROW_MARK));
      if (row) rows.push(row.slice(ROW_MARK.length));
    }
  }
  console.log(
    `\nMedian of ${SEEDS} seeds, ${TRIALS} trials, 3 % noise; trials to ${TARGET * 100} % of the optimum ("never": not within ${TRIALS}) and best-so-far after ${AT} trials.`,
  );
  console.log(
    `| surface | ${methods.map((m) => `${m}: trials to ${TARGET * 100} %`).join(' | ')} | ${methods.map((m) => `${m}: best @${AT}`).join(' | ')} | tuner CPU ms/proposal @200 (without / with prior) |`,
  );
  console.log(`|---|${methods.map(() => '---|---|').join('')}---|`);
  for (const r of rows) console.log(r);
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
