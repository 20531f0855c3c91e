import type { Rng } from './random.ts';
import { randomInt } from './random.ts';
import type { ParamCondition, Parameter, SpaceRule, Value } from './types.ts';

/**
 * One parameter as the optimiser sees it, a dimension encoded as one feature: numeric parameters
 * (and categoricals whose choices are all numbers, such as tensor parallel sizes) map to [0, 1] —
 * log-scaled where asked — so that distances mean something; other categoricals and booleans are
 * nominal (feature = choice index). Here: the kinds, each dimension's domain, encoding and
 * decoding one value, and drawing a value (space.ts puts dimensions together under rules).
 */
export const NUMERIC = 0;
export const ORDINAL = 1;
export const NOMINAL = 2;
export type DimKind = typeof NUMERIC | typeof ORDINAL | typeof NOMINAL;

export interface Dim {
  name: string;
  kind: DimKind;
  /** Ordinal (ascending) or nominal choices. */
  choices: Value[];
  low: number;
  high: number;
  log: boolean;
  integer: boolean;
  step: number | undefined;
  when: ParamCondition | undefined;
}
export type Op = SpaceRule['op'];

/** Drops binary noise such as 0.30000000000000004. */
export function cleanNumber(v: number): number {
  return Math.abs(v) < 1e6 ? Math.round(v * 1e9) / 1e9 : Math.round(v);
}

export function toDim(p: Parameter): Dim | string {
  const base = {
    name: p.name,
    when: p.when,
    low: 0,
    high: 1,
    log: false,
    integer: false,
    step: undefined as number | undefined,
  };
  if (p.kind === 'bool') return { ...base, kind: NOMINAL, choices: [false, true] };
  if (p.kind === 'categorical') {
    if (!Array.isArray(p.choices) || p.choices.length === 0) return `Parameter '${p.name}' has no choices`;
    const unique = [...new Set(p.choices)];
    if (unique.every((c) => typeof c === 'number' && Number.isFinite(c)))
      return { ...base, kind: ORDINAL, choices: (unique as number[]).sort((a, b) => a - b) };
    return { ...base, kind: NOMINAL, choices: unique };
  }
  if (p.kind !== 'int' && p.kind !== 'float') return `Parameter '${(p as { name: string }).name}' has an unknown kind`;
  const { low, high, step, log } = p;
  if (!Number.isFinite(low) || !Number.isFinite(high)) return `Parameter '${p.name}' needs finite low and high`;
  if (low > high) return `Parameter '${p.name}': low (${low}) exceeds high (${high})`;
  if (log && low <= 0) return `Parameter '${p.name}': a log scale needs low > 0`;
  if (step !== undefined && !(step > 0)) return `Parameter '${p.name}': step must be positive`;
  const integer = p.kind === 'int';
  if (integer && Math.ceil(low) > Math.floor(high))
    return `Parameter '${p.name}' has no integer between ${low} and ${high}`;
  return { ...base, kind: NUMERIC, choices: [], low, high, log: log === true, integer, step };
}

export function isNumericDim(d: Dim): boolean {
  return d.kind === NUMERIC || d.kind === ORDINAL;
}

export function compare(left: number, op: Op, right: number): boolean {
  switch (op) {
    case '<=':
      return left <= right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '>':
      return left > right;
    case 'divides':
      return left !== 0 && Number.isInteger(right / left);
  }
}

export function domainIncludes(d: Dim, v: Value): boolean {
  if (d.kind !== NUMERIC) return d.choices.includes(v);
  if (typeof v !== 'number' || v < d.low || v > d.high) return false;
  return !d.integer || Number.isInteger(v);
}

export function domainSize(d: Dim): number | null {
  if (d.kind !== NUMERIC) return d.choices.length;
  if (d.integer) return Math.floor((d.high - Math.ceil(d.low)) / Math.max(1, d.step ?? 1)) + 1;
  if (d.step !== undefined) return Math.floor((d.high - d.low) / d.step + 1e-9) + 1;
  return d.low === d.high ? 1 : null;
}

const valueCache = new WeakMap<Dim, Value[]>();

export function domainValues(d: Dim): Value[] {
  if (d.kind !== NUMERIC) return d.choices;
  const cached = valueCache.get(d);
  if (cached) return cached;
  const n = domainSize(d) ?? 1;
  const start = d.integer ? Math.ceil(d.low) : d.low;
  const step = d.integer ? Math.max(1, d.step ?? 1) : (d.step ?? 0);
  const values = Array.from({ length: n }, (_, i) => cleanNumber(start + i * step));
  valueCache.set(d, values);
  return values;
}

function toUnit(d: Dim, v: number): number {
  if (d.high === d.low) return 0.5;
  const u = d.log
    ? (Math.log(v) - Math.log(d.low)) / (Math.log(d.high) - Math.log(d.low))
    : (v - d.low) / (d.high - d.low);
  return Math.min(1, Math.max(0, u));
}

function fromUnit(d: Dim, u: number): number {
  const c = Math.min(1, Math.max(0, u));
  let v = d.log ? Math.exp(Math.log(d.low) + c * (Math.log(d.high) - Math.log(d.low))) : d.low + c * (d.high - d.low);
  if (d.step !== undefined) {
    v = d.low + Math.round((v - d.low) / d.step) * d.step;
    if (v > d.high + 1e-9) v -= d.step;
  }
  if (d.integer) {
    v = Math.round(v);
    if (v > d.high) v = Math.floor(d.high);
    if (v < d.low) v = Math.ceil(d.low);
  } else if (d.step === undefined) {
    // Four significant digits: finer differences are below any engine's sensitivity.
    const scale = 10 ** (3 - Math.floor(Math.log10(Math.abs(v) || 1)));
    v = Math.round(v * scale) / scale;
  }
  return cleanNumber(Math.min(d.high, Math.max(d.low, v)));
}

export function encodeValue(d: Dim, v: Value): number {
  if (d.kind === NUMERIC) return typeof v === 'number' ? toUnit(d, v) : Number.NaN;
  if (d.kind === NOMINAL) return d.choices.indexOf(v);
  const n = d.choices.length;
  let idx = d.choices.indexOf(v);
  if (idx < 0 && typeof v === 'number') {
    // An off-catalogue value (e.g. from an older session) maps to the nearest choice.
    let best = Number.POSITIVE_INFINITY;
    d.choices.forEach((c, i) => {
      const gap = Math.abs((c as number) - v);
      if (gap < best) {
        best = gap;
        idx = i;
      }
    });
  }
  return n <= 1 ? 0.5 : Math.max(0, idx) / (n - 1);
}

export function decodeValue(d: Dim, f: number): Value {
  if (d.kind === NUMERIC) return fromUnit(d, f);
  const n = d.choices.length;
  const idx = d.kind === NOMINAL ? Math.round(f) : Math.round(Math.min(1, Math.max(0, f)) * (n - 1));
  return d.choices[Math.min(n - 1, Math.max(0, idx))] as Value;
}

export function randomFeature(d: Dim, rnd: Rng): number {
  if (d.kind === NOMINAL) return randomInt(rnd, d.choices.length);
  if (d.kind === ORDINAL)
    return d.choices.length <= 1 ? 0.5 : randomInt(rnd, d.choices.length) / (d.choices.length - 1);
  return rnd();
}

/** Whether some value of a numeric dimension satisfies `value op bound`. */
export function hasValue(d: Dim, op: Op, bound: number): boolean {
  const ok = (v: number) => compare(v, op, bound);
  if (d.kind === ORDINAL) return d.choices.some((c) => ok(c as number));
  // Comparisons hold on an interval: the domain's extreme values decide.
  if (op !== 'divides') return ok(fromUnit(d, 0)) || ok(fromUnit(d, 1));
  const n = domainSize(d);
  if (n !== null && n <= 100_000) return (domainValues(d) as number[]).some(ok);
  return false;
}

/** A random value of a numeric dimension satisfying `ok`, or null when there is none. */
export function pickValue(d: Dim, ok: (v: number) => boolean, rnd: Rng): number | null {
  if (d.kind === NOMINAL) return null;
  if (d.kind === ORDINAL) {
    const allowed = (d.choices as number[]).filter(ok);
    return allowed.length ? (allowed[randomInt(rnd, allowed.length)] as number) : null;
  }
  const n = domainSize(d);
  if (n !== null && n <= 4096) {
    const allowed = (domainValues(d) as number[]).filter(ok);
    return allowed.length ? (allowed[randomInt(rnd, allowed.length)] as number) : null;
  }
  // Rules hold on intervals of a large domain: find the satisfying part of the unit range on a
  // coarse grid, then draw inside it.
  const grid = 64;
  const good: number[] = [];
  for (let i = 0; i <= grid; i++) if (ok(fromUnit(d, i / grid))) good.push(i / grid);
  if (good.length === 0) return null;
  for (let tries = 0; tries < 8; tries++) {
    const v = fromUnit(d, (good[randomInt(rnd, good.length)] as number) + (rnd() - 0.5) / grid);
    if (ok(v)) return v;
  }
  return fromUnit(d, good[randomInt(rnd, good.length)] as number);
}
