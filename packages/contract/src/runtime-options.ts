import type { SearchParameter, SearchSpace, SpaceRule } from './tuning.ts';
import { engineFlagList, type ConfigValue, type Runtime, type RuntimeOptionSpec } from './vocabulary/runtimes.ts';

/* What the tuner and the pages derive from the engine-flag lists (vocabulary/runtimes.ts). */

const TP_NAMES = new Set(['tensor_parallel_size', 'tp_size']);

function toParameter(o: RuntimeOptionSpec, gpuCount: number): SearchParameter | null {
  if (TP_NAMES.has(o.name)) {
    // Tensor parallelism must be a power of two that fits on the GPUs at hand.
    const choices = (o.choices ?? []).filter((c): c is number => typeof c === 'number' && c <= gpuCount);
    return choices.length > 1 ? { kind: 'categorical', name: o.name, choices } : null;
  }
  switch (o.kind) {
    case 'bool':
      return { kind: 'bool', name: o.name };
    case 'categorical':
      return { kind: 'categorical', name: o.name, choices: o.choices ?? [] };
    case 'int':
    case 'float':
      return {
        kind: o.kind,
        name: o.name,
        low: o.low ?? 0,
        high: o.high ?? 1,
        ...(o.step !== undefined ? { step: o.step } : {}),
        ...(o.log ? { log: true } : {}),
      };
  }
}

/**
 * A sensible default search space over an engine's tunable flags for a given GPU count, with the
 * validity rules the engines enforce (e.g. without chunked prefill vLLM refuses a batch-token
 * budget below the context length).
 */
export function defaultSearchSpace(runtime: Runtime, gpuCount: number, names?: readonly string[]): SearchSpace {
  const options = engineFlagList(runtime).options.filter((o) => (names ? names.includes(o.name) : o.tunable));
  const parameters = options.map((o) => toParameter(o, gpuCount)).filter((p): p is SearchParameter => p !== null);
  const rules: SpaceRule[] = [];
  const has = (n: string) => parameters.some((p) => p.name === n);
  if (runtime === 'vllm' && has('max_num_batched_tokens')) {
    if (has('enable_chunked_prefill'))
      rules.push({
        left: 'max_num_batched_tokens',
        op: '>=',
        right: { setting: 'max_seq_length' },
        when: { param: 'enable_chunked_prefill', equals: false },
      });
    if (has('max_num_seqs')) rules.push({ left: 'max_num_batched_tokens', op: '>=', right: { param: 'max_num_seqs' } });
  }
  if (runtime === 'tensorrt-llm' && has('max_num_tokens') && has('max_batch_size'))
    rules.push({ left: 'max_num_tokens', op: '>=', right: { param: 'max_batch_size' } });
  for (const p of parameters)
    if (TP_NAMES.has(p.name)) rules.push({ left: p.name, op: '<=', right: { setting: 'gpu_count' } });
  return { parameters, rules };
}

/** True when a value is allowed by an option spec (kind, bounds, choices). */
export function isValidOptionValue(spec: RuntimeOptionSpec, value: ConfigValue): boolean {
  switch (spec.kind) {
    case 'bool':
      return typeof value === 'boolean';
    case 'categorical':
      return (spec.choices ?? []).includes(value);
    case 'int':
    case 'float':
      if (typeof value !== 'number' || (spec.kind === 'int' && !Number.isInteger(value))) return false;
      // -1 is the engines' conventional "disabled" value for chunk sizes.
      return value === -1 || ((spec.low ?? -Infinity) <= value && value <= (spec.high ?? Infinity));
  }
}
