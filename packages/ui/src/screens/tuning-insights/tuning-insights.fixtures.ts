import { mulberry32 } from '@mako/perf-model/random';
import type { InsightTrial } from './tuning-insights';
import type { TuningInsightsView } from './insight-words';

/** The searched flags of the story session, in the space's order. */
export const INSIGHT_FLAGS = [
  'max_num_seqs',
  'gpu_memory_utilization',
  'enable_chunked_prefill',
  'kv_cache_dtype',
  'block_size',
] as const;

export const INSIGHT_CHOICES = { kv_cache_dtype: ['auto', 'fp8'], block_size: ['8', '16', '32'] } as const;

/**
 * Trials of an 8B chat session: throughput grows with max_num_seqs and memory, chunked prefill
 * helps, fp8 KV helps a little; above 0.95 memory with more than 512 sequences the engine runs out
 * of memory, and fp8 KV cache in 8-token blocks crashes.
 */
export function makeInsightTrials(count: number, seed = 34): InsightTrial[] {
  // Deterministic, so that the stories and their screenshots never change.
  const next = mulberry32(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const maxNumSeqs = pick([64, 128, 256, 384, 512, 768, 1024]);
    const memory = Math.round((0.8 + next() * 0.18) * 100) / 100;
    const chunked = next() < 0.5;
    const kv = pick(INSIGHT_CHOICES.kv_cache_dtype);
    const block = Number(pick(INSIGHT_CHOICES.block_size));
    const config = {
      max_num_seqs: maxNumSeqs,
      gpu_memory_utilization: memory,
      enable_chunked_prefill: chunked,
      kv_cache_dtype: kv,
      block_size: block,
    };
    const trial = index + 1;
    if ((memory > 0.95 && maxNumSeqs > 512) || (kv === 'fp8' && block === 8))
      return { trial, config, value: null, outcome: 'failed' as const };
    const value =
      6000 +
      2400 * Math.log2(maxNumSeqs / 64) +
      9000 * (memory - 0.8) +
      (chunked ? 900 : 0) +
      (kv === 'fp8' ? 500 : 0) +
      (next() - 0.5) * 400;
    // The p99 TTFT constraint breaks at the largest batches without chunked prefill.
    const infeasible = maxNumSeqs >= 768 && !chunked;
    return { trial, config, value: Math.round(value), outcome: infeasible ? ('infeasible' as const) : ('ok' as const) };
  });
}

export const INSIGHT_TRIALS = makeInsightTrials(34);

/** How many of the story trials fall in a region, and how many of those failed. */
function counted(inside: (config: InsightTrial['config']) => boolean): { failed: number; trials: number } {
  const there = INSIGHT_TRIALS.filter((trial) => inside(trial.config));
  return { failed: there.filter((trial) => trial.outcome === 'failed').length, trials: there.length };
}

export const INSIGHTS: TuningInsightsView = {
  importance: [
    { flag: 'gpu_memory_utilization', importance: 0.27 },
    { flag: 'max_num_seqs', importance: 0.46 },
    { flag: 'enable_chunked_prefill', importance: 0.14 },
    { flag: 'kv_cache_dtype', importance: 0.09 },
    { flag: 'block_size', importance: 0.04 },
  ],
  failure_regions: [
    {
      kind: 'oom',
      conditions: [
        { flag: 'gpu_memory_utilization', op: '>', value: 0.95 },
        { flag: 'max_num_seqs', op: '>', value: 512 },
      ],
      ...counted((c) => (c.gpu_memory_utilization as number) > 0.95 && (c.max_num_seqs as number) > 512),
    },
    {
      kind: 'crash',
      conditions: [
        { flag: 'kv_cache_dtype', op: '=', value: 'fp8' },
        { flag: 'block_size', op: '=', value: 8 },
      ],
      ...counted((c) => c.kv_cache_dtype === 'fp8' && c.block_size === 8),
    },
  ],
  trials_fitted: INSIGHT_TRIALS.length,
};
