import { describe, expect, it } from 'vitest';
import type { SearchParameter } from '@mako/contract';
import { changeWords, defaultsLeftOut, firstTrialChanges, outsideSearch, sessionDefaults } from './first-trial';
import { NARROW_RESULTS, NARROW_SESSION } from './tuning-session-detail.fixtures';

const SEQS: SearchParameter = { kind: 'int', name: 'max_num_seqs', low: 1, high: 32, log: true };
const KV: SearchParameter = { kind: 'categorical', name: 'kv_cache_dtype', choices: ['fp8', 'fp8_e5m2'] };

describe('sessionDefaults', () => {
  it("is the engine's own defaults for the searched flags, whatever trial 1 ran", () => {
    expect(sessionDefaults(NARROW_SESSION)).toEqual({
      max_num_seqs: 256,
      gpu_memory_utilization: 0.9,
      kv_cache_dtype: 'auto',
    });
  });
});

describe('outsideSearch', () => {
  it('names the range a numeric default falls outside, and nothing for one inside', () => {
    expect(outsideSearch(SEQS, 256)).toBe('is outside 1–32');
    expect(outsideSearch(SEQS, 32)).toBeNull();
    expect(outsideSearch({ kind: 'float', name: 'gpu_memory_utilization', low: 0.95, high: 0.98 }, 0.9)).toBe(
      'is outside 0.95–0.98',
    );
  });
  it('names the choices a categorical default is not among; a boolean always allows it', () => {
    expect(outsideSearch(KV, 'auto')).toBe('is not among fp8, fp8_e5m2');
    expect(outsideSearch(KV, 'fp8')).toBeNull();
    expect(outsideSearch({ kind: 'bool', name: 'enable_prefix_caching' }, true)).toBeNull();
  });
});

describe('defaultsLeftOut', () => {
  it('lists the searched flags whose default the search cannot try, in the space order', () => {
    expect(defaultsLeftOut([KV, SEQS], { max_num_seqs: 256, kv_cache_dtype: 'auto' })).toEqual([
      { name: 'kv_cache_dtype', default: 'auto', reason: 'is not among fp8, fp8_e5m2' },
      { name: 'max_num_seqs', default: 256, reason: 'is outside 1–32' },
    ]);
    expect(defaultsLeftOut([SEQS], { max_num_seqs: 16 })).toEqual([]);
  });
});

describe('firstTrialChanges', () => {
  it('finds the default the range moved in the fixture session, with why', () => {
    const [first] = NARROW_RESULTS;
    const changes = firstTrialChanges(
      first!.config,
      sessionDefaults(NARROW_SESSION),
      NARROW_SESSION.search_space?.parameters ?? [],
    );
    expect(changes.map(changeWords)).toEqual(['max_num_seqs 32 (default 256 is outside 1–32)']);
  });
  it('is empty when trial 1 measured the defaults, a flag it left unset included', () => {
    expect(firstTrialChanges({ max_num_seqs: 256 }, { max_num_seqs: 256, block_size: 16 }, [SEQS])).toEqual([]);
  });
  it('gives no reason for a change the range did not force', () => {
    expect(firstTrialChanges({ max_num_seqs: 8 }, { max_num_seqs: 16 }, [SEQS])).toEqual([
      { name: 'max_num_seqs', value: 8, default: 16, reason: null },
    ]);
    expect(changeWords({ name: 'max_num_seqs', value: 8, default: 16, reason: null })).toBe(
      'max_num_seqs 8 (default 16)',
    );
  });
});
