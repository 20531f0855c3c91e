import { describe, expect, it } from 'vitest';
import { explain, MIN_FITTED } from '../src/explain.ts';
import type { Explanation } from '../src/explain.ts';
import { mulberry32 } from '../src/random.ts';
import type { Config, SearchSpace, Trial } from '../src/types.ts';

const space: SearchSpace = {
  parameters: [
    { kind: 'int', name: 'max_num_seqs', low: 64, high: 1024, log: true },
    { kind: 'float', name: 'gpu_memory_utilization', low: 0.8, high: 0.98, step: 0.01 },
    { kind: 'bool', name: 'enable_chunked_prefill' },
    { kind: 'categorical', name: 'kv_cache_dtype', choices: ['auto', 'fp8'] },
    { kind: 'categorical', name: 'block_size', choices: [8, 16, 32] },
  ],
};
const context = { gpu_count: 1, max_seq_length: 8192 };

/** Throughput set by batch size, then memory, then chunked prefill; the block size does nothing. */
function trials(count: number, seed = 1): Trial[] {
  const rnd = mulberry32(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(rnd() * values.length)] as T;
  return Array.from({ length: count }, () => {
    const config: Config = {
      max_num_seqs: pick([64, 128, 256, 512, 768, 1024]),
      gpu_memory_utilization: Math.round((0.8 + rnd() * 0.18) * 100) / 100,
      enable_chunked_prefill: rnd() < 0.5,
      kv_cache_dtype: pick(['auto', 'fp8']),
      block_size: pick([8, 16, 32]),
    };
    const seqs = config.max_num_seqs as number;
    const memory = config.gpu_memory_utilization as number;
    if (memory >= 0.96 && seqs >= 768) return { config, metrics: null, failure: { kind: 'oom' } };
    if (config.kv_cache_dtype === 'fp8' && config.block_size === 8)
      return { config, metrics: null, failure: { kind: 'crash' } };
    const throughput =
      4000 * Math.log2(seqs / 32) + 20000 * (memory - 0.8) + (config.enable_chunked_prefill ? 1500 : 0) + rnd() * 100;
    return { config, metrics: { output_throughput: throughput }, failure: null };
  });
}

const run = (list: Trial[]) =>
  explain({ space, objective: { metric: 'output_throughput' }, trials: list, context }) as Explanation;

describe('explain', () => {
  it('ranks the flags by their effect in the fitted model; a flag without effect comes last', () => {
    const result = run(trials(60));
    const order = result.importance.map((item) => item.flag);
    expect(order[0]).toBe('max_num_seqs');
    expect(order.slice(1, 3)).toEqual(['gpu_memory_utilization', 'enable_chunked_prefill']);
    expect(result.importance.find((item) => item.flag === 'block_size')!.importance).toBeLessThan(0.05);
    expect(result.importance.reduce((sum, item) => sum + item.importance, 0)).toBeCloseTo(1, 9);
  });

  it('finds the OOM cliff and the crashing combination as regions, in the words of the flags', () => {
    const list = trials(80);
    const result = run(list);
    const oom = result.failure_regions.filter((region) => region.kind === 'oom');
    const crash = result.failure_regions.filter((region) => region.kind === 'crash');
    expect(oom).toHaveLength(1);
    expect(oom[0]!.conditions).toEqual([
      { flag: 'gpu_memory_utilization', op: '>=', value: 0.96 },
      { flag: 'max_num_seqs', op: '>=', value: 768 },
    ]);
    expect(crash[0]!.conditions).toEqual([
      { flag: 'block_size', op: '=', value: 8 },
      { flag: 'kv_cache_dtype', op: '=', value: 'fp8' },
    ]);
    // The counts are those of the trials: every OOM in the region, and nothing else in it.
    const ooms = list.filter((t) => t.failure?.kind === 'oom').length;
    expect(oom[0]).toMatchObject({ failed: ooms, trials: ooms });
  });

  it('says nothing of importance before enough trials succeeded, and calls no single failure a region', () => {
    const list = trials(40)
      .filter((t) => t.failure === null)
      .slice(0, MIN_FITTED - 1);
    const lone: Trial = { config: list[0]!.config, metrics: null, failure: { kind: 'timeout' } };
    const result = run([...list, lone]);
    expect(result).toEqual({ importance: [], failure_regions: [], trials_fitted: MIN_FITTED - 1 });
  });

  it('explains an invalid space instead of guessing', () => {
    const result = explain({ space: { parameters: [] }, objective: { metric: 'x' }, trials: [], context });
    expect(result).toEqual({ error: 'The search space has no parameters' });
  });
});
