import type { Rng } from './random.ts';
import { mulberry32, randomInt } from './random.ts';
import type { Config, ParamCondition, Parameter, SearchSpace, SpaceRule, TunerInput, Value } from './types.ts';

/**
 * The search space as the optimiser sees it: parameters in dependency order, each encoded as one
 * feature. Numeric parameters (and categoricals whose choices are all numbers, such as tensor
 * parallel sizes) map to [0, 1] — log-scaled where asked — so that distances mean something;
 * other categoricals and booleans are nominal (feature = choice index). An inactive parameter
 * (its `when` does not hold) has the feature NaN.
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

export type Context = TunerInput['context'];
type Op = SpaceRule['op'];
const MAX_ENUMERATION = 20_000;

export function describeRule(rule: SpaceRule): string {
  const right =
    typeof rule.right === 'number' ? String(rule.right) : 'param' in rule.right ? rule.right.param : rule.right.setting;
  const when = rule.when ? ` when ${rule.when.param} = ${String(rule.when.equals)}` : '';
  return `${rule.left} ${rule.op} ${right}${when}`;
}

/** Drops binary noise such as 0.30000000000000004. */
function cleanNumber(v: number): number {
  return Math.abs(v) < 1e6 ? Math.round(v * 1e9) / 1e9 : Math.round(v);
}

export class Space {
  readonly kinds: Uint8Array;
  private readonly byName: Map<string, number>;

  private constructor(
    readonly dims: Dim[],
    readonly rules: SpaceRule[],
    readonly context: Context,
  ) {
    this.kinds = Uint8Array.from(dims.map((d) => d.kind));
    this.byName = new Map(dims.map((d, i) => [d.name, i]));
  }

  /** Builds the space, or explains why it is invalid. */
  static create(space: SearchSpace, context: Context): Space | string {
    const params = space?.parameters ?? [];
    if (params.length === 0) return 'The search space has no parameters';
    const seen = new Set<string>();
    const dims: Dim[] = [];
    for (const p of params) {
      if (!p || typeof p.name !== 'string' || p.name === '') return 'Every parameter needs a name';
      if (seen.has(p.name)) return `Parameter '${p.name}' is defined twice`;
      seen.add(p.name);
      const dim = toDim(p);
      if (typeof dim === 'string') return dim;
      dims.push(dim);
    }
    const byName = new Map(dims.map((d) => [d.name, d]));
    for (const d of dims) {
      if (!d.when) continue;
      const parent = byName.get(d.when.param);
      if (!parent) return `Parameter '${d.name}' depends on unknown parameter '${d.when.param}'`;
      if (!domainIncludes(parent, d.when.equals))
        return `Parameter '${d.name}' depends on ${parent.name} = ${String(d.when.equals)}, a value '${parent.name}' never takes`;
    }
    const ordered = dependencyOrder(dims);
    if (typeof ordered === 'string') return ordered;

    const rules = space.rules ?? [];
    for (const rule of rules) {
      const left = byName.get(rule.left);
      const text = describeRule(rule);
      if (!left) return `Rule '${text}' refers to unknown parameter '${rule.left}'`;
      if (!isNumericDim(left)) return `Rule '${text}' compares '${rule.left}', which is not numeric`;
      if (!['<=', '>=', '<', '>', 'divides'].includes(rule.op)) return `Rule '${text}' has an unknown operator`;
      if (rule.when && !byName.has(rule.when.param))
        return `Rule '${text}' depends on unknown parameter '${rule.when.param}'`;
      const right = rule.right;
      if (typeof right === 'number') {
        if (!Number.isFinite(right)) return `Rule '${text}' compares with a non-finite number`;
      } else if ('param' in right) {
        const other = byName.get(right.param);
        if (!other) return `Rule '${text}' refers to unknown parameter '${right.param}'`;
        if (!isNumericDim(other)) return `Rule '${text}' compares with '${right.param}', which is not numeric`;
      } else if (right.setting !== 'gpu_count' && right.setting !== 'max_seq_length') {
        return `Rule '${text}' refers to an unknown setting`;
      } else if (!Number.isFinite(context?.[right.setting])) {
        return `Rule '${text}' needs the setting ${right.setting}, which was not given`;
      }
      if (typeof right === 'number' || !('param' in right)) {
        const bound = typeof right === 'number' ? right : context[right.setting];
        if (!hasValue(left, rule.op, bound))
          return `Rule '${text}' cannot hold: no value of '${left.name}' in its range satisfies it${typeof right === 'number' ? '' : ` (${right.setting} = ${bound})`}`;
      }
    }
    const result = new Space(ordered, rules, context);
    if (!result.satisfiable())
      return `No configuration satisfies all of the search space's rules (${rules.map(describeRule).join('; ')})`;
    return result;
  }

  get size(): number {
    return this.dims.length;
  }

  dim(i: number): Dim {
    return this.dims[i] as Dim;
  }

  indexOf(name: string): number | undefined {
    return this.byName.get(name);
  }

  /** Whether each parameter is active in a configuration (in dimension order). */
  private activeIn(config: Config, i: number): boolean {
    const when = this.dim(i).when;
    if (!when) return true;
    const parent = this.byName.get(when.param);
    return parent !== undefined && this.activeIn(config, parent) && config[when.param] === when.equals;
  }

  encode(config: Config): Float64Array {
    const f = new Float64Array(this.dims.length);
    for (let i = 0; i < this.dims.length; i++) {
      const d = this.dim(i);
      const v = config[d.name];
      if (!this.activeIn(config, i) || v === undefined) f[i] = Number.NaN;
      else f[i] = encodeValue(d, v);
    }
    return f;
  }

  /** Turns features into a configuration; active parameters with a NaN feature are drawn at random. */
  decode(features: Float64Array, rnd: Rng): Config {
    const config: Config = {};
    for (let i = 0; i < this.dims.length; i++) {
      const d = this.dim(i);
      if (d.when && config[d.when.param] !== d.when.equals) continue;
      let f = features[i] ?? Number.NaN;
      if (Number.isNaN(f)) f = randomFeature(d, rnd);
      config[d.name] = decodeValue(d, f);
    }
    return config;
  }

  /** Only the active parameters of a configuration, in a canonical textual form. */
  key(config: Config): string {
    const parts: string[] = [];
    for (let i = 0; i < this.dims.length; i++) {
      const d = this.dim(i);
      if (!this.activeIn(config, i)) continue;
      const v = config[d.name];
      parts.push(`${d.name}=${typeof v === 'number' ? String(cleanNumber(v)) : JSON.stringify(v ?? null)}`);
    }
    return parts.join('&');
  }

  /** Restricts a configuration to the space's active parameters; null when a value is out of domain. */
  project(config: Config): Config | null {
    const out: Config = {};
    for (let i = 0; i < this.dims.length; i++) {
      const d = this.dim(i);
      if (d.when && out[d.when.param] !== d.when.equals) continue;
      const v = config[d.name];
      if (v === undefined || !domainIncludes(d, v)) return null;
      out[d.name] = v;
    }
    return out;
  }

  violated(config: Config): SpaceRule | null {
    for (const rule of this.rules) if (!this.holds(rule, config)) return rule;
    return null;
  }

  valid(config: Config): boolean {
    return this.violated(config) === null;
  }

  private rightValue(rule: SpaceRule, config: Config): number | undefined {
    const r = rule.right;
    if (typeof r === 'number') return r;
    if ('param' in r) {
      const v = config[r.param];
      return typeof v === 'number' ? v : undefined;
    }
    return this.context[r.setting];
  }

  private holds(rule: SpaceRule, config: Config): boolean {
    if (rule.when && config[rule.when.param] !== rule.when.equals) return true;
    const left = config[rule.left];
    const right = this.rightValue(rule, config);
    if (typeof left !== 'number' || right === undefined) return true;
    return compare(left, rule.op, right);
  }

  /** Moves the parameters of a broken rule into the region where it holds; false when it cannot. */
  private repair(config: Config, rule: SpaceRule, rnd: Rng): boolean {
    const leftIndex = this.byName.get(rule.left);
    const right = this.rightValue(rule, config);
    if (leftIndex === undefined || right === undefined) return false;
    const leftDim = this.dim(leftIndex);
    const fixedLeft = pickValue(leftDim, (v) => compare(v, rule.op, right), rnd);
    if (fixedLeft !== null) {
      config[rule.left] = fixedLeft;
      return true;
    }
    if (typeof rule.right === 'object' && 'param' in rule.right) {
      const rightIndex = this.byName.get(rule.right.param);
      const left = config[rule.left];
      if (rightIndex === undefined || typeof left !== 'number') return false;
      const fixedRight = pickValue(this.dim(rightIndex), (v) => compare(left, rule.op, v), rnd);
      if (fixedRight !== null) {
        config[rule.right.param] = fixedRight;
        return true;
      }
    }
    return false;
  }

  /** Repairs rule violations in place; the result may still be invalid. */
  legalise(config: Config, rnd: Rng): Config | null {
    for (let pass = 0; pass < 2 * this.rules.length + 2; pass++) {
      const bad = this.violated(config);
      if (!bad) return config;
      if (!this.repair(config, bad, rnd)) return null;
    }
    return this.valid(config) ? config : null;
  }

  randomFeatures(rnd: Rng): Float64Array {
    const f = new Float64Array(this.dims.length);
    for (let i = 0; i < this.dims.length; i++) f[i] = randomFeature(this.dim(i), rnd);
    return f;
  }

  /** A valid configuration drawn uniformly (in feature space) and repaired; null if none was found. */
  sample(rnd: Rng, attempts = 20): Config | null {
    for (let a = 0; a < attempts; a++) {
      const config = this.legalise(this.decode(this.randomFeatures(rnd), rnd), rnd);
      if (config) return config;
    }
    return null;
  }

  private satisfiable(): boolean {
    const rnd = mulberry32(0x5eed);
    return this.sample(rnd, 400) !== null || (this.enumerate()?.length ?? 0) > 0;
  }

  /** Every valid configuration when the space is finite and small enough, else null. */
  enumerate(): Config[] | null {
    let size = 1;
    for (const d of this.dims) {
      const n = domainSize(d);
      if (n === null) return null;
      size *= n;
      if (size > MAX_ENUMERATION) return null;
    }
    const out: Config[] = [];
    const walk = (i: number, config: Config) => {
      if (i === this.dims.length) {
        if (this.valid(config)) out.push({ ...config });
        return;
      }
      const d = this.dim(i);
      if (d.when && config[d.when.param] !== d.when.equals) return walk(i + 1, config);
      for (const v of domainValues(d)) {
        config[d.name] = v;
        walk(i + 1, config);
      }
      delete config[d.name];
    };
    walk(0, {});
    return out;
  }
}

function toDim(p: Parameter): Dim | string {
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

function dependencyOrder(dims: Dim[]): Dim[] | string {
  const byName = new Map(dims.map((d) => [d.name, d]));
  const out: Dim[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (d: Dim, path: string[]): string | null => {
    const s = state.get(d.name);
    if (s === 'done') return null;
    if (s === 'visiting') return `Parameter conditions form a cycle: ${[...path, d.name].join(' → ')}`;
    state.set(d.name, 'visiting');
    const parent = d.when ? byName.get(d.when.param) : undefined;
    if (parent) {
      const err = visit(parent, [...path, d.name]);
      if (err) return err;
    }
    state.set(d.name, 'done');
    out.push(d);
    return null;
  };
  for (const d of dims) {
    const err = visit(d, []);
    if (err) return err;
  }
  return out;
}

function isNumericDim(d: Dim): boolean {
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

function domainSize(d: Dim): number | null {
  if (d.kind !== NUMERIC) return d.choices.length;
  if (d.integer) return Math.floor((d.high - Math.ceil(d.low)) / Math.max(1, d.step ?? 1)) + 1;
  if (d.step !== undefined) return Math.floor((d.high - d.low) / d.step + 1e-9) + 1;
  return d.low === d.high ? 1 : null;
}

const valueCache = new WeakMap<Dim, Value[]>();

function domainValues(d: Dim): Value[] {
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
function hasValue(d: Dim, op: Op, bound: number): boolean {
  const ok = (v: number) => compare(v, op, bound);
  if (d.kind === ORDINAL) return d.choices.some((c) => ok(c as number));
  // Comparisons hold on an interval: the domain's extreme values decide.
  if (op !== 'divides') return ok(fromUnit(d, 0)) || ok(fromUnit(d, 1));
  const n = domainSize(d);
  if (n !== null && n <= 100_000) return (domainValues(d) as number[]).some(ok);
  return false;
}

/** A random value of a numeric dimension satisfying `ok`, or null when there is none. */
function pickValue(d: Dim, ok: (v: number) => boolean, rnd: Rng): number | null {
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
