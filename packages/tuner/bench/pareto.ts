/**
 * Multi-objective benchmark: the tuner's Pareto search against random search, Optuna NSGA-II and
 * Optuna's multi-objective TPE, on the p99-TPOT surfaces (bench/surfaces.ts) with the InferenceMAX
 * axes as objectives: output tokens/s per GPU against output tokens/s per user (1000 / mean TPOT),
 * both maximised. Larger batches raise the first and lower the second.
 *
 *   pnpm --filter @mako/tuner bench:pareto [-- --seeds=5 --first-seed=1 --trials=50 --surfaces=L40S --methods=tuner,before,random,nsga2,motpe]
 *
 * Every method measures the engine defaults first, then one configuration at a time, with 3 %
 * noise. The score of a run is the hypervolume of the noise-free values of the configurations it
 * measured, over the hypervolume of the true front: the front of a dense sample of the surface
 * (--truth-samples random configurations, the defaults, and every configuration any method
 * measured). The reference point sits 10 % of the true front's range below its worst point on each
 * axis. Failed runs (OOM, crash) count for nothing. Per surface and method: the median over seeds.
 *
 * Optuna runs bench/pareto.py (python3-optuna) as a subprocess; NSGA-II with a population of 10
 * (its default of 50 would leave it one random generation in 50 trials).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '@mako/contract';
import type { RuntimeOptions } from '@mako/contract';
import { simulate } from '@mako/perf-model';
import { hypervolume, paretoFront, propose } from '../src/index.ts';
import { mixSeed, mulberry32 } from '../src/random.ts';
import { Space } from '../src/space.ts';
import type { Config, Objective, Trial } from '../src/types.ts';
import { AskTellProcess } from './ask-tell.ts';
import { SCENARIOS, Surface, scenarioSpace } from './surfaces.ts';
import type { Scenario } from './surfaces.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SEEDS = Number(args.get('seeds') ?? 5);
const TRIALS = Number(args.get('trials') ?? 50);
const SURFACES = args.get('surfaces')?.split(',') ?? null;
const METHODS = (args.get('methods') ?? 'tuner,random,nsga2,motpe').split(',') as Method[];
const TRUTH_SAMPLES = Number(args.get('truth-samples') ?? 2000);
const NSGA_POPULATION = 10;

/** 'before': another build's propose() (MAKO_TUNER_BEFORE=<its src/index.ts>), for before/after figures. */
type Method = 'tuner' | 'before' | 'random' | 'nsga2' | 'motpe';
const FIRST_SEED = Number(args.get('first-seed') ?? 1);
const earlier = METHODS.includes('before')
  ? ((await import(process.env.MAKO_TUNER_BEFORE ?? '')) as { propose: typeof propose }).propose
  : null;

const OBJECTIVES: Objective[] = [
  { metric: 'output_throughput_per_gpu', direction: 'maximize' },
  { metric: 'output_throughput_per_user', direction: 'maximize' },
];

interface Bench {
  scenario: Scenario;
  surface: Surface;
  space: Space;
  defaults: Config;
  /** Noise-free objective values, or null when the configuration fails. */
  truth(config: Config): number[] | null;
  measure(config: Config, seed: number): Trial;
}

/** The surface's flat metrics plus the two InferenceMAX axes. */
function withAxes(metrics: Record<string, number>, gpuCount: number): Record<string, number> {
  const tpot = metrics['tpot_ms.mean'] ?? 0;
  return {
    ...metrics,
    output_throughput_per_gpu: (metrics.output_throughput ?? 0) / gpuCount,
    ...(tpot > 0 ? { output_throughput_per_user: 1000 / tpot } : {}),
  };
}

function bench(scenario: Scenario): Bench {
  const surface = new Surface(scenario);
  const spec = scenarioSpace(scenario);
  const space = Space.create(spec, { gpu_count: scenario.gpuCount, max_seq_length: 4096 });
  if (typeof space === 'string') throw new Error(`${scenario.name}: ${space}`);
  const noiseFree = new Map<string, number[] | null>();
  return {
    scenario,
    surface,
    space,
    defaults: defaultConfig(scenario.runtime, scenario.flags),
    truth(config) {
      const key = space.key(config);
      if (noiseFree.has(key)) return noiseFree.get(key) ?? null;
      const out0 = simulate({
        model: scenario.model,
        gpu: scenario.gpu,
        gpu_count: scenario.gpuCount,
        runtime: scenario.runtime,
        config: config as RuntimeOptions,
        workload: scenario.workload,
        noise: 0,
        seed: 0,
      });
      const t = out0.ok
        ? { output_throughput: out0.metrics.output_throughput, 'tpot_ms.mean': out0.metrics.tpot_ms.mean }
        : null;
      const values = t ? OBJECTIVES.map((o) => withAxes(t, scenario.gpuCount)[o.metric] ?? Number.NaN) : null;
      const out = values && values.every(Number.isFinite) ? values : null;
      noiseFree.set(key, out);
      return out;
    },
    measure(config, seed) {
      const t = surface.measure(config, seed);
      return t.metrics ? { ...t, metrics: withAxes(t.metrics, scenario.gpuCount) } : t;
    },
  };
}

interface Optimiser {
  next(trials: Trial[]): Promise<Config | null>;
  close(): void;
}

function tuner(b: Bench, seed: number, proposeWith = propose): Optimiser {
  return {
    next: async (trials) => {
      const out = proposeWith({
        space: scenarioSpace(b.scenario),
        objective: OBJECTIVES[0] as Objective,
        objectives: OBJECTIVES,
        constraints: [],
        trials,
        pending: [],
        budget: { max_trials: TRIALS, max_parallel: 1 },
        context: { gpu_count: b.scenario.gpuCount, max_seq_length: 4096 },
        seed,
        count: 1,
        warmStart: { defaults: b.defaults },
      });
      if (out.kind === 'error') throw new Error(out.message);
      return out.kind === 'propose' ? (out.configs[0] ?? null) : null;
    },
    close: () => undefined,
  };
}

function random(b: Bench, seed: number): Optimiser {
  const rnd = mulberry32(mixSeed(seed, 0xa11));
  return {
    next: async (trials) => (trials.length === 0 ? b.defaults : b.space.sample(rnd)),
    close: () => undefined,
  };
}

const SCRIPT = fileURLToPath(new URL('./pareto.py', import.meta.url));
const PYTHON = process.env.MAKO_PYTHON ?? '/usr/bin/python3';

class OptunaOptimiser implements Optimiser {
  private readonly process: AskTellProcess;
  private readonly rnd;
  private told = 0;

  constructor(
    private readonly b: Bench,
    sampler: 'nsga2' | 'tpe',
    seed: number,
  ) {
    const spec = {
      seed,
      sampler,
      population: NSGA_POPULATION,
      directions: OBJECTIVES.map((o) => o.direction),
      parameters: scenarioSpace(b.scenario).parameters,
      enqueue: [b.defaults],
    };
    this.process = new AskTellProcess(PYTHON, SCRIPT, spec, 'optuna');
    this.rnd = mulberry32(mixSeed(seed, 0x7be));
  }

  async next(trials: Trial[]): Promise<Config | null> {
    if (trials.length === 0) await this.process.read();
    for (; this.told < trials.length; this.told++) {
      const t = trials[this.told] as Trial;
      const values = t.metrics ? OBJECTIVES.map((o) => t.metrics?.[o.metric]) : null;
      this.process.write(values?.every((v) => typeof v === 'number') ? { values } : { failed: true });
    }
    const config = { ...((await this.process.read()).config as Config) };
    return this.b.space.valid(config) ? config : this.b.space.legalise(config, this.rnd);
  }

  close(): void {
    this.process.close();
  }
}

function optimiser(method: Method, b: Bench, seed: number): Optimiser {
  switch (method) {
    case 'tuner':
      return tuner(b, seed);
    case 'before':
      return tuner(b, seed, earlier ?? propose);
    case 'random':
      return random(b, seed);
    case 'nsga2':
      return new OptunaOptimiser(b, 'nsga2', seed);
    case 'motpe':
      return new OptunaOptimiser(b, 'tpe', seed);
  }
}

/** The configurations one run measured. */
async function run(b: Bench, method: Method, seed: number): Promise<Config[]> {
  const opt = optimiser(method, b, seed);
  const trials: Trial[] = [];
  try {
    while (trials.length < TRIALS) {
      const config = await opt.next(trials);
      if (!config) break;
      trials.push(b.measure(config, mixSeed(seed, trials.length)));
    }
  } finally {
    opt.close();
  }
  return trials.map((t) => t.config);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length / 2;
  return s.length % 2 ? (s[Math.floor(m)] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const frontOf = (points: number[][]) => paretoFront(points).map((i) => points[i] as number[]);

async function benchSurface(scenario: Scenario): Promise<string[]> {
  const b = bench(scenario);
  const runs = new Map<Method, Config[][]>();
  for (const method of METHODS) {
    const perSeed: Config[][] = [];
    for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) perSeed.push(await run(b, method, seed));
    runs.set(method, perSeed);
  }
  const rnd = mulberry32(7);
  const sample: Config[] = [b.defaults];
  for (let i = 0; i < TRUTH_SAMPLES; i++) {
    const c = b.space.sample(rnd);
    if (c) sample.push(c);
  }
  const truthOf = (configs: Config[]) => configs.map((c) => b.truth(c)).filter((v): v is number[] => v !== null);
  const everything = [...sample, ...[...runs.values()].flat(2)];
  const trueFront = frontOf(truthOf(everything));
  const low = OBJECTIVES.map((_, i) => Math.min(...trueFront.map((p) => p[i] as number)));
  const high = OBJECTIVES.map((_, i) => Math.max(...trueFront.map((p) => p[i] as number)));
  const reference = low.map((l, i) => l - 0.1 * ((high[i] as number) - l || Math.abs(l) || 1));
  const whole = hypervolume(trueFront, reference);
  const lines: string[] = [];
  const cells = METHODS.map((method) => {
    const shares = (runs.get(method) ?? []).map((configs) => hypervolume(frontOf(truthOf(configs)), reference) / whole);
    return `${median(shares).toFixed(3)} (${Math.min(...shares).toFixed(2)}–${Math.max(...shares).toFixed(2)})`;
  });
  lines.push(`| ${scenario.name} | ${trueFront.length} | ${cells.join(' | ')} |`);
  return lines;
}

async function main(): Promise<void> {
  if (METHODS.some((m) => m === 'nsga2' || m === 'motpe')) {
    const probe = spawnSync(PYTHON, ['-c', 'import optuna'], { stdio: 'ignore' });
    if (probe.status !== 0) throw new Error(`${PYTHON} has no optuna (apt-get install -y python3-optuna)`);
  }
  const scenarios = SCENARIOS.filter((s) => !SURFACES || SURFACES.some((f) => s.name.includes(f)));
  console.log(
    `Hypervolume after ${TRIALS} trials as a share of the true front's (median over ${SEEDS} seeds, min–max), ` +
      `objectives ${OBJECTIVES.map((o) => `${o.metric} ${o.direction}`).join(' vs ')}`,
  );
  console.log(`| surface | true front points | ${METHODS.join(' | ')} |`);
  console.log(`|---|---|${METHODS.map(() => '---').join('|')}|`);
  for (const s of scenarios) for (const line of await benchSurface(s)) console.log(line);
}

await main();
