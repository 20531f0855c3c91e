import { describe, expect, it } from 'vitest';
import { describeCondition, describeFailureRegion, formatShare } from './insight-words';

describe('the failure regions in words', () => {
  it('says a region as its kind and every condition', () => {
    expect(
      describeFailureRegion({
        kind: 'oom',
        conditions: [
          { flag: 'gpu_memory_utilization', op: '>', value: 0.95 },
          { flag: 'max_num_seqs', op: '>', value: 512 },
        ],
        failed: 4,
        trials: 5,
      }),
    ).toBe('OOM when gpu_memory_utilization > 0.95 and max_num_seqs > 512');
    expect(describeFailureRegion({ kind: 'crash', conditions: [], failed: 1, trials: 1 })).toBe(
      'Crash anywhere in the space',
    );
  });

  it('says booleans as on and off, and the other operators as symbols', () => {
    expect(describeCondition({ flag: 'enable_chunked_prefill', op: '=', value: false })).toBe(
      'enable_chunked_prefill off',
    );
    expect(describeCondition({ flag: 'enable_prefix_caching', op: '!=', value: false })).toBe(
      'enable_prefix_caching on',
    );
    expect(describeCondition({ flag: 'kv_cache_dtype', op: '=', value: 'fp8' })).toBe('kv_cache_dtype = fp8');
    expect(describeCondition({ flag: 'block_size', op: '<=', value: 8 })).toBe('block_size ≤ 8');
    expect(describeCondition({ flag: 'tensor_parallel_size', op: '!=', value: 2 })).toBe('tensor_parallel_size ≠ 2');
  });

  it('gives shares as whole percents without rounding a small one to zero', () => {
    expect(formatShare(0.4249)).toBe('42 %');
    expect(formatShare(0.003)).toBe('< 1 %');
    expect(formatShare(0)).toBe('0 %');
  });
});
