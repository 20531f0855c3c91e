/*
 * The shapes of what the tuner learned about a session, and the words the page says about them.
 * Structural, like every shape in packages/ui: the API's objects pass in as they are.
 */

export interface FlagImportanceView {
  flag: string;
  /** The flag's share of the objective's variation in the fitted model, 0–1; the shares sum to 1. */
  importance: number;
}

export type FailureKindView = 'oom' | 'crash' | 'timeout' | 'invalid';
export type ConditionOpView = '<' | '<=' | '>' | '>=' | '=' | '!=';

export interface FailureConditionView {
  flag: string;
  op: ConditionOpView;
  value: string | number | boolean;
}

/** A part of the space the failure model expects to fail: every condition holds there. */
export interface FailureRegionView {
  kind: FailureKindView;
  conditions: readonly FailureConditionView[];
  /** Trials inside the region that failed this way, of all trials inside it. */
  failed: number;
  trials: number;
}

export interface TuningInsightsView {
  importance: readonly FlagImportanceView[];
  failure_regions: readonly FailureRegionView[];
  /** How many finished trials the models were fitted on. */
  trials_fitted: number;
}

const KIND_WORDS: Record<FailureKindView, string> = {
  oom: 'OOM',
  crash: 'Crash',
  timeout: 'Timeout',
  invalid: 'Invalid run',
};

const OP_WORDS: Record<ConditionOpView, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥', '=': '=', '!=': '≠' };

/** "max_num_seqs > 512", "enable_chunked_prefill off", "kv_cache_dtype = fp8". */
export function describeCondition({ flag, op, value }: FailureConditionView): string {
  if (typeof value === 'boolean' && (op === '=' || op === '!='))
    return `${flag} ${value === (op === '=') ? 'on' : 'off'}`;
  return `${flag} ${OP_WORDS[op]} ${String(value)}`;
}

/** "OOM when gpu_memory_utilization > 0.95 and max_num_seqs > 512". */
export function describeFailureRegion(region: FailureRegionView): string {
  const kind = KIND_WORDS[region.kind];
  if (region.conditions.length === 0) return `${kind} anywhere in the space`;
  return `${kind} when ${region.conditions.map(describeCondition).join(' and ')}`;
}

/** "42 %" with no decimals, but "< 1 %" rather than a misleading "0 %" for a flag that matters a little. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.005) return '< 1 %';
  return `${Math.round(share * 100)} %`;
}
