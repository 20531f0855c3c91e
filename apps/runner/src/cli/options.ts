import { parseArgs } from 'node:util';

/** Exit codes: documented in --help and the README. */
export const EXIT = { ok: 0, failure: 1, usage: 2, interrupted: 130, terminated: 143 } as const;

/** A mistake on the command line: printed without a stack, exit code 2. */
export class UsageError extends Error {}

export type OptionKind = 'string' | 'int' | 'number' | 'boolean' | 'rate' | 'url';

export interface OptionSpec {
  kind: OptionKind;
  help: string;
  /** Heading the flag is listed under in --help. */
  group: string;
  choices?: readonly string[];
  default?: string | number | boolean;
  /** Environment variable read when the flag is absent. */
  env?: string;
  min?: number;
  max?: number;
  /** Placeholder in --help, e.g. URL or N. */
  value?: string;
  multiple?: boolean;
  /** Never echo the value (tokens, keys). */
  secret?: boolean;
}

export interface CommandSpec<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  name: string;
  summary: string;
  description: string;
  examples: readonly string[];
  options: O;
}

type Scalar<S extends OptionSpec> = S['kind'] extends 'int' | 'number'
  ? number
  : S['kind'] extends 'boolean'
    ? boolean
    : S['kind'] extends 'rate'
      ? number | 'inf'
      : S extends { choices: readonly (infer C)[] }
        ? C
        : string;

export type Parsed<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K] extends { multiple: true }
    ? Scalar<O[K]>[]
    : O[K] extends { default: string | number | boolean }
      ? Scalar<O[K]>
      : O[K]['kind'] extends 'boolean'
        ? boolean
        : Scalar<O[K]> | undefined;
} & { help: boolean };

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] as number;
}

function suggest(word: string, names: readonly string[]): string {
  const best = names.map((n) => ({ n, d: editDistance(word, n) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? ` Did you mean --${best.n}?` : '';
}

function describeExpected(spec: OptionSpec): string {
  if (spec.choices) return `one of ${spec.choices.join(', ')}`;
  const bounds = (what: string) =>
    spec.min !== undefined && spec.max !== undefined
      ? `${what} from ${spec.min} to ${spec.max}`
      : spec.min !== undefined
        ? `${what} ≥ ${spec.min}`
        : spec.max !== undefined
          ? `${what} ≤ ${spec.max}`
          : what;
  switch (spec.kind) {
    case 'int':
      return bounds('an integer');
    case 'number':
      return bounds('a number');
    case 'rate':
      return "a positive number of requests per second, or 'inf'";
    case 'url':
      return 'an http:// or https:// URL';
    default:
      return 'a value';
  }
}

function convert(spec: OptionSpec, raw: string, source: string): string | number | boolean {
  const fail = (): never => {
    const shown = spec.secret ? '(hidden)' : `'${raw}'`;
    throw new UsageError(`Invalid value ${shown} for ${source}: expected ${describeExpected(spec)}`);
  };
  if (spec.choices) return spec.choices.includes(raw) ? raw : fail();
  switch (spec.kind) {
    case 'int': {
      if (!/^[+-]?\d+$/.test(raw.trim())) fail();
      const v = Number(raw);
      if ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max)) fail();
      return v;
    }
    case 'number': {
      const v = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(v)) fail();
      if ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max)) fail();
      return v;
    }
    case 'rate': {
      if (raw === 'inf') return 'inf';
      const v = Number(raw);
      return raw.trim() !== '' && Number.isFinite(v) && v > 0 ? v : fail();
    }
    case 'url': {
      // Checked here, so that a URL without its scheme fails with the flag's name instead of a
      // TypeError from whichever part of the run first builds a request from it.
      let url: URL | null = null;
      try {
        url = new URL(raw);
      } catch {
        // handled below
      }
      if (url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return raw;
      const shown = spec.secret ? '(hidden)' : `'${raw}'`;
      const fixed = /^[\w.-]+(:\d+)?(\/.*)?$/.test(raw) ? `; did you mean http://${raw}?` : '';
      throw new UsageError(`Invalid value ${shown} for ${source}: expected an http:// or https:// URL${fixed}`);
    }
    case 'boolean':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' || raw === '' ? false : fail();
    default:
      return raw;
  }
}

/** Parses a command's flags; unknown flags, stray words and bad values become UsageErrors naming the flag. */
export function parseOptions<O extends Record<string, OptionSpec>>(
  command: CommandSpec<O>,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Parsed<O> {
  const config: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, spec] of Object.entries(command.options))
    config[name] = {
      type: spec.kind === 'boolean' ? 'boolean' : 'string',
      ...(spec.multiple ? { multiple: true } : {}),
    };
  const hint = ` Run 'mako-runner ${command.name} --help' for the flags.`;
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: config,
      strict: true,
      allowPositionals: false,
      allowNegative: true,
    }));
  } catch (error) {
    const e = error as Error & { code?: string };
    const names = Object.keys(command.options);
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(e.message)?.[1] ?? '';
      throw new UsageError(
        `Unknown flag ${flag} for '${command.name}'.${suggest(flag.replace(/^-+/, '').replace(/^no-/, ''), names)}${hint}`,
      );
    }
    if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const word = /'([^']+)'/.exec(e.message)?.[1] ?? '';
      throw new UsageError(`Unexpected argument '${word}' for '${command.name}': every input is a --flag.${hint}`);
    }
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = /'(--?[\w-]+)/.exec(e.message)?.[1] ?? 'a flag';
      throw new UsageError(`${flag} needs a value.${hint}`);
    }
    throw new UsageError(`${e.message}.${hint}`);
  }
  const out: Record<string, unknown> = { help: values.help === true };
  for (const [name, spec] of Object.entries(command.options)) {
    const given = values[name];
    if (given !== undefined) {
      if (spec.kind === 'boolean') out[name] = given;
      else if (spec.multiple) out[name] = (given as string[]).map((v) => convert(spec, v, `--${name}`));
      else out[name] = convert(spec, given as string, `--${name}`);
      continue;
    }
    const fromEnv = spec.env ? env[spec.env] : undefined;
    if (fromEnv !== undefined && fromEnv !== '') {
      const v = convert(spec, fromEnv, `${spec.env} (for --${name})`);
      out[name] = spec.multiple ? [v] : v;
    } else if (spec.multiple) out[name] = [];
    else if (spec.default !== undefined) out[name] = spec.default;
    else if (spec.kind === 'boolean') out[name] = false;
  }
  return out as Parsed<O>;
}

function wrap(text: string, width: number, indent: number): string {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

export function renderHelp(command: CommandSpec): string {
  const out = [`Usage: mako-runner ${command.name} [flags]`, '', wrap(command.description, 96, 0), ''];
  const groups = new Map<string, [string, OptionSpec][]>();
  for (const entry of Object.entries(command.options)) {
    const list = groups.get(entry[1].group) ?? [];
    list.push(entry);
    groups.set(entry[1].group, list);
  }
  const left = (name: string, spec: OptionSpec) =>
    `  --${name}${spec.kind === 'boolean' ? '' : ` ${spec.value ?? (spec.choices ? spec.choices.join('|') : spec.kind === 'rate' ? 'R|inf' : 'VALUE')}`}`;
  const width = Math.min(40, Math.max(...Object.entries(command.options).map(([n, s]) => left(n, s).length)) + 2);
  for (const [group, entries] of groups) {
    out.push(`${group}:`);
    for (const [name, spec] of entries) {
      const extras: string[] = [];
      if (spec.default !== undefined && spec.default !== false) extras.push(`default: ${String(spec.default)}`);
      if (spec.env) extras.push(`env ${spec.env}`);
      if (spec.multiple) extras.push('repeatable');
      const text = `${spec.help}${extras.length ? ` (${extras.join('; ')})` : ''}`;
      const head = left(name, spec);
      const pad = head.length + 2 > width ? `\n${' '.repeat(width)}` : ' '.repeat(width - head.length);
      out.push(`${head}${pad}${wrap(text, 96 - width, width)}`);
    }
    out.push('');
  }
  out.push('  -h, --help', '');
  if (command.examples.length) out.push('Examples:', ...command.examples.map((e) => `  ${e}`), '');
  out.push('Exit codes: 0 success, 1 failure, 2 bad command line, 130 interrupted (Ctrl-C), 143 terminated.');
  return out.join('\n');
}
