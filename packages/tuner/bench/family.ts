import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gaussian, mixSeed, mulberry32, randomInt } from '../src/random.ts';
import type { Rng } from '../src/random.ts';
import { NOMINAL } from '../src/dims.ts';
import { Space } from '../src/space.ts';
import type { Config, Parameter, Trial } from '../src/types.ts';
import { GOODPUT_SCENARIOS, GoodputProblem } from './goodput.ts';
import type { Problem } from './problem.ts';
import { tpotProblems } from './surfaces.ts';

/**
 * A family of benchmark surfaces that cannot be learnt: a seed gives a surface (README, "The
 * benchmark family"). Members:
 *  - procedural surfaces (`proceduralProblem(seed)`): 4–12 parameters of every kind, smooth
 *    interactions, plateaus, cliffs, an OOM frontier over a memory budget, a latency constraint of
 *    varying tightness, crashes of four kinds, 1–10 % noise and sometimes flaky runs;
 *  - the eleven named perf-model surfaces (goodput.ts, surfaces.ts);
 *  - two tables of real vLLM measurements (LLMConf, `../shared/data/llmconf`), each proposal
 *    snapped to the nearest measured row: Llama for development, Qwen held out.
 *
 * The ranges: development is procedural seeds 1–999, the Llama table and the named surfaces with
 * run seeds 1–99; held out is procedural seeds 100 001–100 200 (200 surfaces), the Qwen table and
 * the named surfaces with run seeds 100 and up. The held-out range is only run to report.
 */
export const DEV_SEEDS = { first: 1, last: 999 };
export const HELD_OUT_SEEDS = { first: 100_001, last: 100_200 };

/** What a procedural surface's crashes come from (its main kind; README, per-kind breakdown). */
export const CRASH_KINDS = ['pair', 'threshold', 'conditional', 'region', 'none'] as const;
export type CrashKind = (typeof CRASH_KINDS)[number];

/** A family member with what the breakdown groups it by. */
export interface FamilyProblem extends Problem {
  kind: string;
  /** Landscape traits, for the breakdown: plateau, cliff, tight (constraint), flaky, conditional. */
  traits: string[];
  /**
   * The value that counts as reached, when not 95 % of the optimum: a table's top 1 % of the rows
   * that meet the bound (95 % of its best row is a needle of 2–4 rows, one noisy measurement each).
   */
  target?: number;
}

type Unit = Record<string, number>;

interface Crash {
  kind: CrashKind;
  applies: (c: Config, u: Unit) => boolean;
}

const uniform = (rnd: Rng, lo: number, hi: number) => lo + (hi - lo) * rnd();
const pick = <T>(rnd: Rng, list: readonly T[]): T => list[randomInt(rnd, list.length)] as T;

/**
 * A procedural surface. Every numeric or ordinal parameter gets a unit coordinate u ∈ [0, 1]
 * (log-scaled where the parameter is); the objective is exp of a sum of smooth bumps, pairwise
 * interactions, flag effects, plateaus and cliffs; memory grows with some coordinates and runs out
 * past a budget (the objective rises with memory, so the optimum sits near the frontier); latency
 * rises with the objective's drivers and its bound is a quantile of the surface (how tight).
 */
export function proceduralProblem(seed: number): FamilyProblem {
  const rnd = mulberry32(mixSeed(seed, 0xfa31));
  const dims = 4 + randomInt(rnd, 9);
  const parameters: Parameter[] = [];
  const numeric: string[] = [];
  const flags: { name: string; choices: (string | boolean)[] }[] = [];
  // At least one numeric, one boolean and one nominal flag; then any kind.
  const kinds = ['logint', 'bool', 'nominal', 'float'];
  while (kinds.length < dims) kinds.push(pick(rnd, ['logint', 'float', 'bool', 'ordinal', 'nominal', 'conditional']));
  kinds.forEach((kind, i) => {
    const name = `p${i}_${kind}`;
    if (kind === 'logint') {
      const low = pick(rnd, [1, 8, 64, 512]);
      parameters.push({ kind: 'int', name, low, high: low * pick(rnd, [16, 64, 256]), log: true });
      numeric.push(name);
    } else if (kind === 'float') {
      parameters.push({ kind: 'float', name, low: 0.5, high: 1 });
      numeric.push(name);
    } else if (kind === 'ordinal') {
      parameters.push({
        kind: 'categorical',
        name,
        choices: pick(rnd, [
          [1, 2, 4, 8],
          [8, 16, 32],
          [1, 2, 4],
        ]),
      });
      numeric.push(name);
    } else if (kind === 'bool') {
      parameters.push({ kind: 'bool', name });
      flags.push({ name, choices: [false, true] });
    } else if (kind === 'nominal') {
      const choices = ['a', 'b', 'c', 'd'].slice(0, 2 + randomInt(rnd, 3));
      parameters.push({ kind: 'categorical', name, choices });
      flags.push({ name, choices });
    } else {
      // Conditional: a numeric parameter active only under a boolean flag (added first if needed).
      let parent = flags.find((f) => typeof f.choices[0] === 'boolean');
      if (!parent) {
        parent = { name: `${name}_on`, choices: [false, true] };
        parameters.push({ kind: 'bool', name: parent.name });
        flags.push(parent);
      }
      parameters.push({ kind: 'float', name, low: 0, high: 1, when: { param: parent.name, equals: true } });
      numeric.push(name);
    }
  });
  const space = { parameters };
  const built = Space.create(space, { gpu_count: 1, max_seq_length: 4096 });
  if (typeof built === 'string') throw new Error(`procedural ${seed}: ${built}`);
  const unitOf = (c: Config): Unit => {
    const f = built.encode(c);
    const u: Unit = {};
    for (const name of numeric) {
      const i = built.indexOf(name) as number;
      const v = f[i] as number;
      if (!Number.isNaN(v)) u[name] = v;
    }
    return u;
  };

  // The objective (log units).
  const bumps = numeric.map((name) => ({
    name,
    centre: uniform(rnd, 0.1, 0.95),
    // Most parameters matter little and a few a lot, as on real engines (heavy-tailed weights).
    weight: 0.05 + 0.75 * rnd() ** 2,
    // Plateau: the coordinate only counts in steps.
    steps: rnd() < 0.25 ? 2 + randomInt(rnd, 4) : 0,
  }));
  const interactions = Array.from({ length: randomInt(rnd, Math.min(4, numeric.length)) }, () => ({
    a: pick(rnd, numeric),
    b: pick(rnd, numeric),
    weight: uniform(rnd, -0.5, 0.5),
  }));
  const flagEffects = flags.map((f) => ({ name: f.name, effects: f.choices.map(() => 0.12 * gaussian(rnd)) }));
  const flagPair =
    flags.length >= 2
      ? { a: flags[0] as (typeof flags)[0], b: flags[1] as (typeof flags)[0], bonus: uniform(rnd, -0.15, 0.2) }
      : null;
  const cliff =
    rnd() < 0.35 ? { name: pick(rnd, numeric), at: uniform(rnd, 0.5, 0.9), drop: uniform(rnd, 0.2, 0.5) } : null;
  // Memory: the heaviest numeric coordinates, with the objective rising along them.
  const memoryDims = numeric.filter(() => rnd() < 0.5).slice(0, 3);
  const memoryWeights = memoryDims.map(() => uniform(rnd, 0.5, 1.5));
  const memoryPull = uniform(rnd, 0.1, 0.4);
  const memory = (u: Unit) => memoryDims.reduce((s, name, i) => s + (memoryWeights[i] as number) * (u[name] ?? 0.5), 0);
  const latencyDims = numeric.filter(() => rnd() < 0.5);
  const latencyWeights = latencyDims.map(() => uniform(rnd, 0.3, 1.2));

  const logObjective = (c: Config, u: Unit): number => {
    let v = 0;
    for (const b of bumps) {
      const raw = u[b.name];
      if (raw === undefined) continue;
      const x = b.steps ? Math.round(raw * b.steps) / b.steps : raw;
      v -= b.weight * (x - b.centre) ** 2 * 2;
    }
    for (const it of interactions) v += it.weight * ((u[it.a] ?? 0.5) - 0.5) * ((u[it.b] ?? 0.5) - 0.5);
    for (const f of flagEffects) {
      const k = flags.find((g) => g.name === f.name)?.choices.indexOf(c[f.name] as string | boolean) ?? -1;
      if (k >= 0) v += f.effects[k] as number;
    }
    if (flagPair && c[flagPair.a.name] === flagPair.a.choices[1] && c[flagPair.b.name] === flagPair.b.choices[1])
      v += flagPair.bonus;
    if (cliff && (u[cliff.name] ?? 0) > cliff.at) v -= cliff.drop;
    v += memoryPull * memory(u);
    return v;
  };

  // Crashes: a main kind by seed (balanced), sometimes a second one.
  const main = CRASH_KINDS[seed % CRASH_KINDS.length] as CrashKind;
  const crashes: Crash[] = [];
  const literal = () => {
    const f = pick(rnd, flags);
    const value = pick(rnd, f.choices);
    return (c: Config) => c[f.name] === value;
  };
  const makeCrash = (kind: CrashKind): Crash | null => {
    switch (kind) {
      case 'pair': {
        const a = literal();
        const b = literal();
        return { kind, applies: (c) => a(c) && b(c) };
      }
      case 'threshold': {
        const name = pick(rnd, numeric);
        const at = uniform(rnd, 0.08, 0.25);
        const below = rnd() < 0.5;
        return { kind, applies: (_c, u) => u[name] !== undefined && (below ? u[name] < at : u[name] > 1 - at) };
      }
      case 'conditional': {
        // The vLLM rule: under one flag value, a coordinate below a threshold refuses to start; that
        // flag value is worth having, best just past the threshold.
        const f = pick(rnd, flags);
        const value = pick(rnd, f.choices);
        const unconditional = numeric.filter((n) => !parameters.find((p) => p.name === n)?.when);
        const name = pick(rnd, unconditional.length ? unconditional : numeric);
        const at = uniform(rnd, 0.3, 0.7);
        const effect = flagEffects.find((e) => e.name === f.name);
        if (effect) effect.effects[f.choices.indexOf(value)] = uniform(rnd, 0.15, 0.35);
        const bump = bumps.find((b) => b.name === name);
        if (bump) bump.centre = Math.min(1, at + 0.05);
        return { kind, applies: (c, u) => c[f.name] === value && (u[name] ?? 1) < at };
      }
      case 'region': {
        // A hidden ball in the unit coordinates, with a flag value.
        const centre = Object.fromEntries(numeric.map((n) => [n, rnd()]));
        const radius = uniform(rnd, 0.25, 0.45) * Math.sqrt(Math.min(3, numeric.length) / 3);
        const lit = literal();
        return {
          kind,
          applies: (c, u) =>
            lit(c) && numeric.reduce((s, n) => s + ((u[n] ?? 0.5) - (centre[n] as number)) ** 2, 0) < radius * radius,
        };
      }
      case 'none':
        return null;
    }
  };
  const first = makeCrash(main);
  if (first) crashes.push(first);
  if (rnd() < 0.4) {
    const second = makeCrash(pick(rnd, CRASH_KINDS.slice(0, 4)));
    if (second) crashes.push(second);
  }

  const noise = uniform(rnd, 0.01, 0.1);
  const flaky = rnd() < 0.3 ? uniform(rnd, 0.02, 0.1) : 0;
  const tightness = uniform(rnd, 0.2, 0.8);
  // Calibrate the memory budget (10–35 % of random configurations run out) and the latency bound
  // (the `tightness` quantile of the latency of those that run) on a fixed sample.
  const calibration = mulberry32(mixSeed(seed, 0xca1));
  const sample: { c: Config; u: Unit }[] = [];
  for (let i = 0; i < 400; i++) {
    const c = built.sample(calibration);
    if (c) sample.push({ c, u: unitOf(c) });
  }
  const memories = sample.map((s) => memory(s.u)).sort((a, b) => a - b);
  const budget = memoryDims.length
    ? (memories[Math.floor(memories.length * uniform(rnd, 0.65, 0.9))] as number)
    : Number.POSITIVE_INFINITY;
  const latencyOf = (c: Config, u: Unit) =>
    Math.exp(
      latencyDims.reduce((s, n, i) => s + (latencyWeights[i] as number) * (u[n] ?? 0.5), 0) + 0.3 * logObjective(c, u),
    );
  const latencies = sample.map((s) => latencyOf(s.c, s.u)).sort((a, b) => a - b);
  const bound = latencies[Math.floor(latencies.length * tightness)] as number;

  const defaults: Config = {};
  for (const p of parameters) {
    if (p.when && defaults[p.when.param] !== p.when.equals) continue;
    if (p.kind === 'bool') defaults[p.name] = false;
    else if (p.kind === 'categorical') defaults[p.name] = p.choices[0] as string | number;
    else {
      const v = p.low + (p.high - p.low) * (p.log ? 0.15 : 0.5);
      defaults[p.name] = p.kind === 'int' ? Math.round(v) : Math.round(v * 100) / 100;
    }
  }

  const outcome = (c: Config): { failure: 'oom' | 'crash' | null; y: number; latency: number } => {
    const u = unitOf(c);
    if (crashes.some((k) => k.applies(c, u))) return { failure: 'crash', y: 0, latency: 0 };
    if (memory(u) > budget) return { failure: 'oom', y: 0, latency: 0 };
    return { failure: null, y: 1000 * Math.exp(logObjective(c, u)), latency: latencyOf(c, u) };
  };
  const traits = [
    ...(bumps.some((b) => b.steps) ? ['plateau'] : []),
    ...(cliff ? ['cliff'] : []),
    ...(tightness < 0.4 ? ['tight'] : []),
    ...(flaky ? ['flaky'] : []),
    ...(parameters.some((p) => p.when) ? ['conditional-param'] : []),
    `${dims <= 6 ? '4-6' : dims <= 9 ? '7-9' : '10-12'} dims`,
  ];
  return {
    name: `procedural ${seed}`,
    kind: crashes.map((k) => k.kind).join('+') || 'none',
    traits,
    space,
    objective: { metric: 'y', direction: 'maximize' },
    constraints: [{ metric: 'latency', op: '<=', value: bound }],
    context: { gpu_count: 1, max_seq_length: 4096 },
    defaults,
    truth: (c) => {
      const o = outcome(c);
      return { value: o.failure === null && o.latency <= bound ? o.y : null, failure: o.failure };
    },
    prior: () => null,
    measure: (c, runSeed): Trial => {
      const o = outcome(c);
      if (o.failure) return { config: c, metrics: null, failure: { kind: o.failure } };
      const r = mulberry32(mixSeed(runSeed, 0x5eed));
      if (r() < flaky) return { config: c, metrics: null, failure: { kind: 'crash' } };
      return {
        config: c,
        metrics: { y: o.y * (1 + noise * gaussian(r)), latency: o.latency * (1 + noise * gaussian(r)) },
        failure: null,
      };
    },
  };
}

/** LLMConf's 10 vLLM flags (NOTES.md: the ranges `SetConfig.py` drew from). */
const LLMCONF_SPACE: Parameter[] = [
  { kind: 'int', name: 'max-num-batched-tokens', low: 4000, high: 8192 },
  { kind: 'int', name: 'max-num-seqs', low: 64, high: 2048, log: true },
  { kind: 'int', name: 'swap-space', low: 1, high: 8 },
  { kind: 'categorical', name: 'block-size', choices: [8, 16, 32] },
  { kind: 'float', name: 'scheduler-delay-factor', low: 0, high: 2, step: 0.01 },
  { kind: 'float', name: 'gpu-memory-utilization', low: 0.7, high: 1, step: 0.01 },
  { kind: 'bool', name: 'enable-chunked-prefill' },
  { kind: 'bool', name: 'enable-prefix-caching' },
  { kind: 'bool', name: 'disable-custom-all-reduce' },
  { kind: 'bool', name: 'use-v2-block-manager' },
];
const LLMCONF_DIR = fileURLToPath(new URL('../../../../shared/data/llmconf/', import.meta.url));

/**
 * A table of real measurements as a surface: a proposal is snapped to the nearest measured row (in
 * the tuner's own feature space) and gets that row's metrics with the family's 3 % noise. Objective:
 * per-request tokens/s; constraint: p99 TTFT ≤ a bound (Llama: 0.6 s, met by 69 % of its rows; Qwen:
 * the same 69 % quantile of its rows, since its TTFTs are about twice Llama's). Rows whose p99 TTFT or
 * p99 TPOT is below its own average are dropped (impossible as measured), and of the Qwen table the
 * rows from data row 1 257 on, 217 of whose last 244 look unlike the rest (NOTES.md).
 */
export function tableProblem(which: 'llama' | 'qwen'): FamilyProblem {
  const file = which === 'llama' ? 'llama3-50-gsm8k.csv' : 'qwen-50-gsm8k.csv';
  const [header, ...lines] = readFileSync(`${LLMCONF_DIR}${file}`, 'utf8').trim().split('\n');
  const columns = (header as string).split(',');
  const rows = lines
    .slice(0, which === 'qwen' ? 1256 : undefined)
    .map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i] as string, v])))
    .filter(
      (r) =>
        Number(r.time_to_first_token_p99) >= Number(r.time_to_first_token_average) &&
        Number(r.time_per_output_token_p99) >= Number(r.time_per_output_token_average),
    );
  const space = { parameters: LLMCONF_SPACE };
  const built = Space.create(space, { gpu_count: 1, max_seq_length: 8192 });
  if (typeof built === 'string') throw new Error(built);
  const configOf = (r: Record<string, string>): Config =>
    Object.fromEntries(
      LLMCONF_SPACE.map((p) => [p.name, p.kind === 'bool' ? r[p.name] === 'True' : Number(r[p.name])]),
    );
  const table = rows.map((r) => ({
    features: built.encode(configOf(r)),
    tps: Number(r.tokens_per_second_average),
    ttft: Number(r.time_to_first_token_p99),
  }));
  const ttfts = table.map((t) => t.ttft).sort((a, b) => a - b);
  const bound = which === 'llama' ? 0.6 : (ttfts[Math.floor(0.69 * ttfts.length)] as number);
  const feasible = table
    .filter((t) => t.ttft <= bound)
    .map((t) => t.tps)
    .sort((a, b) => b - a);
  const target = feasible[Math.floor(feasible.length / 100)] as number;
  const nearest = (c: Config) => {
    const f = built.encode(c);
    let best = table[0] as (typeof table)[0];
    let bestGap = Number.POSITIVE_INFINITY;
    for (const row of table) {
      let gap = 0;
      for (let i = 0; i < f.length; i++) {
        const d = built.dim(i);
        const g =
          d.kind === NOMINAL ? (f[i] === row.features[i] ? 0 : 1) : (f[i] as number) - (row.features[i] as number);
        gap += g * g;
      }
      if (gap < bestGap) [best, bestGap] = [row, gap];
    }
    return best;
  };
  const defaults: Config = {
    'max-num-batched-tokens': 8192,
    'max-num-seqs': 256,
    'swap-space': 4,
    'block-size': 16,
    'scheduler-delay-factor': 0,
    'gpu-memory-utilization': 0.9,
    'enable-chunked-prefill': false,
    'enable-prefix-caching': false,
    'disable-custom-all-reduce': false,
    'use-v2-block-manager': false,
  };
  return {
    name: `LLMConf ${which === 'llama' ? 'Llama-3-8B' : 'Qwen2.5-14B'} · A40 (table)`,
    kind: 'table',
    traits: [],
    target,
    space,
    objective: { metric: 'tps', direction: 'maximize' },
    constraints: [{ metric: 'ttft_p99', op: '<=', value: bound }],
    context: { gpu_count: 1, max_seq_length: 8192 },
    defaults,
    truth: (c) => {
      const row = nearest(c);
      return { value: row.ttft <= bound ? row.tps : null, failure: null };
    },
    prior: () => null,
    measure: (c, runSeed) => {
      const row = nearest(c);
      const r = mulberry32(mixSeed(runSeed, 0x7ab));
      return {
        config: c,
        metrics: { tps: row.tps * (1 + 0.03 * gaussian(r)), ttft_p99: row.ttft * (1 + 0.03 * gaussian(r)) },
        failure: null,
      };
    },
  };
}

/** The eleven named perf-model surfaces as members (their run seed picks the range). */
export function namedProblems(): FamilyProblem[] {
  return [...GOODPUT_SCENARIOS.map((s) => new GoodputProblem(s)), ...tpotProblems()].map((p) =>
    Object.assign(p, { kind: 'named', traits: [] }),
  );
}
