import { engineFlagList, type ConfigValue, type Runtime } from './runtimes.ts';

/** Engine flags by name, as a benchmark's runtime_options holds them. */
type RuntimeOptions = Readonly<Record<string, ConfigValue>>;

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** POSIX shell quoting: safe words stay bare, everything else is single-quoted. */
export function shellQuote(word: string): string {
  if (word !== '' && SAFE.test(word)) return word;
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}

/**
 * How each engine spells booleans on its command line: vLLM has `--flag` / `--no-flag`,
 * SGLang only has store-true switches, TensorRT-LLM's trtllm-serve takes explicit values.
 */
function renderBool(runtime: Runtime, flag: string, value: boolean): string[] {
  if (runtime === 'vllm') return [value ? flag : `--no-${flag.slice(2)}`];
  if (runtime === 'sglang') return value ? [flag] : [];
  return [flag, String(value)];
}

/** The flags for a configuration, in flag-list order; unknown names are rendered kebab-case after them. */
export function renderFlags(runtime: Runtime, options: RuntimeOptions): string[] {
  const { options: specs } = engineFlagList(runtime);
  const order = new Map(specs.map((s, i) => [s.name, i]));
  const names = Object.keys(options).sort(
    (a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || a.localeCompare(b),
  );
  const out: string[] = [];
  for (const name of names) {
    const value = options[name] as ConfigValue;
    const flag = specs.find((s) => s.name === name)?.flag ?? `--${name.replaceAll('_', '-')}`;
    if (typeof value === 'boolean') out.push(...renderBool(runtime, flag, value));
    else out.push(flag, shellQuote(String(value)));
  }
  return out;
}

/** e.g. `vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2 --max-num-seqs 512`. */
export function launchCommand(runtime: Runtime, model: string, options: RuntimeOptions): string {
  const template = engineFlagList(runtime).launch_template;
  const flags = renderFlags(runtime, options).join(' ');
  return template.replace('{model}', shellQuote(model)).replace('{flags}', flags).trimEnd();
}
