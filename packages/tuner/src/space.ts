import {
  cleanNumber,
  compare,
  decodeValue,
  domainIncludes,
  domainSize,
  domainValues,
  encodeValue,
  hasValue,
  isNumericDim,
  pickValue,
  randomFeature,
  toDim,
} from './dims.ts';
import type { Dim } from './dims.ts';
import type { Rng } from './random.ts';
import { mulberry32 } from './random.ts';
import type { Config, SearchSpace, SpaceRule, TunerInput } from './types.ts';

// The failure model, explanations, tests and benchmarks read the dimension kinds through the space.

/**
 * The search space as the optimiser sees it: parameters in dependency order, each encoded as one
 * feature (dims.ts), under the space's rules. An inactive parameter (its `when` does not hold)
 * has the feature NaN.
 */

export type Context = TunerInput['context'];
const MAX_ENUMERATION = 20_000;

export function describeRule(rule: SpaceRule): string {
  const right =
    typeof rule.right === 'number' ? String(rule.right) : 'param' in rule.right ? rule.right.param : rule.right.setting;
  const when = rule.when ? ` when ${rule.when.param} = ${String(rule.when.equals)}` : '';
  return `${rule.left} ${rule.op} ${right}${when}`;
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
