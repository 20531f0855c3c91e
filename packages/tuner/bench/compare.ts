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
 * TPE runs bench/tpe.py (python3-optuna) as a subprocess; without optuna it is skipped with a note.
 * It sees failures and SLO violations as 0 (no goodput), and its proposals that break the space's
 * rules are repaired the way the tuner's own candidates are.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { propose } from '../src/propose.ts';
import { mixSeed, mulberry32 } from '../src/random.ts';
import { NUMERIC, Space } from '../src/space.ts';
import type { Config, Trial, TunerInput } from '../src/types.ts';
import { AskTellProcess } from './ask-tell.ts';
import { GOODPUT_SCENARIOS, GoodputProblem } from './goodput.ts';
import type { Problem } from './problem.ts';
import { tpotProblems } from './surfaces.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SEEDS = Number(args.get('seeds') ?? 10);
/** Seeds FIRST_SEED … FIRST_SEED + SEEDS − 1: a held-out range (e.g. 100) checks figures tuned on 1–10. */
const FIRST_SEED = Number(args.get('first-seed') ?? 1);
const TRIALS = Number(args.get('trials') ?? 100);
const SURFACES = args.get('surfaces')?.split(',') ?? null;
const METHODS = (args.get('methods') ?? 'tuner,prior,tpe,random').split(',');
const TRUTH_SAMPLES = Number(args.get('truth-samples') ?? 300);
const TARGET = 0.95;
const AT = 50;
const JOBS = Number(args.get('jobs') ?? 1);
const WORKER = args.has('worker') ? Number(args.get('worker')) : null;
const ROW_MARK = 'ROW\t';

/** 'prior': the tuner given perf-model's prediction as its prior mean (Problem.prior). */
type Method = 'tuner' | 'prior' | 'tpe' | 'random';

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length / 2;
  return s.length % 2 ? (s[Math.floor(m)] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function buildSpace(p: Problem): Space {
  const space = Space.create(p.space, p.context);
  if (typeof space === 'string') throw new Error(`${p.name}: ${space}`);
  return space;
}

/** The measured objective if the trial ran and met every constraint as measured, else null. */
function measuredValue(p: Problem, t: Trial): number | null {
  if (t.failure || !t.metrics) return null;
  const m = t.metrics;
  for (const c of p.constraints) {
    const v = m[c.metric];
    if (typeof v !== 'number') return null;
    const ok = c.op === '<=' ? v <= c.value : c.op === '<' ? v < c.value : c.op === '>=' ? v >= c.value : v > c.value;
    if (!ok) return null;
  }
  return m[p.objective.metric] ?? null;
}

interface Optimiser {
  next(trials: Trial[]): Promise<Config | null>;
  close(): void;
}

/** The tuner's input for `p` after `trials`: one configuration asked for, nothing pending. */
function oneAtATime(p: Problem, trials: Trial[], maxTrials: number, seed: number, withPrior: boolean): TunerInput {
  return {
    ...(withPrior ? { prior: (c: Config) => p.prior(c) } : {}),
    space: p.space,
    objective: p.objective,
    constraints: p.constraints,
    trials,
    pending: [],
    budget: { max_trials: maxTrials, max_parallel: 1 },
    context: p.context,
    seed,
    count: 1,
  };
}

function tunerOptimiser(p: Problem, seed: number, withPrior: boolean): Optimiser {
  return {
    next: async (trials) => {
      const out = propose({ ...oneAtATime(p, trials, TRIALS, seed, withPrior), warmStart: { defaults: p.defaults } });
      if (out.kind === 'error') throw new Error(out.message);
      return out.kind === 'propose' ? (out.configs[0] ?? null) : null;
    },
    close: () => undefined,
  };
}

function randomOptimiser(p: Problem, space: Space, seed: number): Optimiser {
  const rnd = mulberry32(mixSeed(seed, 0xa11));
  const seen = new Set<string>();
  return {
    next: async (trials) => {
      if (trials.length === 0) {
        seen.add(space.key(p.defaults));
        return p.defaults;
      }
      for (let i = 0; i < 100; i++) {
        const c = space.sample(rnd);
        if (c && !seen.has(space.key(c))) {
          seen.add(space.key(c));
          return c;
        }
      }
      return null;
    },
    close: () => undefined,
  };
}

const TPE_SCRIPT = fileURLToPath(new URL('./tpe.py', import.meta.url));

/** A Python that has optuna, or null. */
function findPython(): string | null {
  for (const python of [process.env.MAKO_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean) as string[]) {
    const probe = spawnSync(python, ['-c', 'import optuna'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return null;
}

class TpeOptimiser implements Optimiser {
  private readonly process: AskTellProcess;
  private readonly rnd;
  private told = 0;

  constructor(
    python: string,
    private readonly p: Problem,
    private readonly space: Space,
    seed: number,
  ) {
    const spec = { seed, parameters: p.space.parameters, enqueue: [p.defaults] };
    this.process = new AskTellProcess(python, TPE_SCRIPT, spec, 'tpe');
    this.rnd = mulberry32(mixSeed(seed, 0x7be));
  }

  async next(trials: Trial[]): Promise<Config | null> {
    if (trials.length === 0) await this.process.read();
    for (; this.told < trials.length; this.told++) {
      // Failures and SLO violations deliver no goodput.
      this.process.write({ value: measuredValue(this.p, trials[this.told] as Trial) ?? 0 });
    }
    const config = { ...((await this.process.read()).config as Config) };
    return this.space.valid(config) ? config : this.space.legalise(config, this.rnd);
  }

  close(): void {
    this.process.close();
  }
}

/** True values (null = infeasible) of every trial of one run. */
async function runOnce(p: Problem, optimiser: Optimiser, seed: number): Promise<(number | null)[]> {
  const trials: Trial[] = [];
  const truths: (number | null)[] = [];
  try {
    while (trials.length < TRIALS) {
      const config = await optimiser.next(trials);
      if (!config) break;
      trials.push(p.measure(config, mixSeed(seed, trials.length)));
      truths.push(p.truth(config).value);
    }
  } finally {
    optimiser.close();
  }
  return truths;
}

/** The best noise-free feasible value: random configurations, then coordinate refinement. */
function searchOptimum(p: Problem, space: Space): { value: number; config: Config } {
  const rnd = mulberry32(7);
  const score = (c: Config) => p.truth(c).value ?? Number.NEGATIVE_INFINITY;
  const pool: Config[] = [p.defaults];
  for (let i = 0; i < TRUTH_SAMPLES; i++) {
    const c = space.sample(rnd);
    if (c) pool.push(c);
  }
  const starts = pool
    .filter((c) => score(c) > Number.NEGATIVE_INFINITY)
    .sort((a, b) => score(b) - score(a))
    .slice(0, 6);
  let best = starts[0] ?? p.defaults;
  for (const start of starts) {
    let current = start;
    for (let pass = 0; pass < 6; pass++) {
      let improved = false;
      for (let i = 0; i < space.size; i++) {
        const base = space.encode(current);
        if (Number.isNaN(base[i] as number) && space.dim(i).when === undefined) continue;
        const d = space.dim(i);
        const moves =
          d.kind === NUMERIC
            ? [-0.2, -0.06, -0.02, 0.02, 0.06, 0.2].map((step) => Math.min(1, Math.max(0, (base[i] as number) + step)))
            : d.choices.map((_, k) => (d.kind === 1 ? (d.choices.length > 1 ? k / (d.choices.length - 1) : 0.5) : k));
        for (const v of moves) {
          const f = Float64Array.from(base);
          f[i] = v;
          const c = space.legalise(space.decode(f, rnd), rnd);
          if (c && score(c) > score(current)) {
            current = c;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
    if (score(current) > score(best)) best = current;
  }
  return { value: score(best), config: best };
}

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
          ? tunerOptimiser(p, seed, m === 'prior')
          : m === 'random'
            ? randomOptimiser(p, space, seed)
            : new TpeOptimiser(python as string, p, space, seed);
      list.push(await runOnce(p, optimiser, seed));
    }
    runs.set(m, list);
  }
  const searched = searchOptimum(p, space);
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
  if (METHODS.includes('tpe')) {
    python = findPython();
    if (!python)
      console.log(
        'Optuna TPE skipped: no python3 with optuna found (apt-get install -y python3-optuna, or set MAKO_PYTHON)',
      );
  }
  const methods = (['tuner', 'prior', 'tpe', 'random'] as Method[]).filter(
    (m) => METHODS.includes(m) && (m !== 'tpe' || python),
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
