import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/random.ts';
import { Space } from '../src/space.ts';
import type { SearchSpace } from '../src/types.ts';

const CONTEXT = { gpu_count: 4, max_seq_length: 8192 };

function build(space: SearchSpace, context = CONTEXT): Space {
  const s = Space.create(space, context);
  if (typeof s === 'string') throw new Error(s);
  return s;
}

describe('Space', () => {
  const space = build({
    parameters: [
      { kind: 'categorical', name: 'tp', choices: [8, 1, 4, 2] },
      { kind: 'int', name: 'seqs', low: 8, high: 1024, log: true },
      { kind: 'float', name: 'util', low: 0.5, high: 0.98, step: 0.01 },
      { kind: 'bool', name: 'chunked' },
      { kind: 'int', name: 'tokens', low: 512, high: 65536, log: true, when: { param: 'chunked', equals: true } },
      { kind: 'categorical', name: 'kv', choices: ['auto', 'fp8'] },
    ],
    rules: [
      { left: 'tp', op: '<=', right: { setting: 'gpu_count' } },
      { left: 'tokens', op: '>=', right: { param: 'seqs' } },
    ],
  });

  it('round-trips configurations through the feature encoding', () => {
    const config = { tp: 2, seqs: 256, util: 0.9, chunked: true, tokens: 8192, kv: 'fp8' };
    expect(space.decode(space.encode(config), mulberry32(1))).toEqual(config);
  });

  it('marks inactive parameters and leaves them out of keys and decoded configurations', () => {
    const config = { tp: 1, seqs: 64, util: 0.8, chunked: false, kv: 'auto' };
    const f = space.encode({ ...config, tokens: 4096 });
    expect(Number.isNaN(f[space.indexOf('tokens') as number] as number)).toBe(true);
    expect(space.decode(f, mulberry32(1))).toEqual(config);
    expect(space.key({ ...config, tokens: 4096 })).toBe(space.key(config));
  });

  it('orders numeric categoricals so neighbouring choices are close', () => {
    const f = (tp: number) =>
      space.encode({ tp, seqs: 8, util: 0.5, chunked: false, kv: 'auto' })[space.indexOf('tp') as number];
    expect([f(1), f(2), f(4), f(8)]).toEqual([0, 1 / 3, 2 / 3, 1]);
  });

  it('samples only valid configurations, repairing broken rules', () => {
    const rnd = mulberry32(9);
    for (let i = 0; i < 300; i++) {
      const c = space.sample(rnd);
      expect(c).not.toBeNull();
      if (!c) continue;
      expect(space.valid(c)).toBe(true);
      expect(c.tp as number).toBeLessThanOrEqual(4);
      if (c.chunked) expect(c.tokens as number).toBeGreaterThanOrEqual(c.seqs as number);
      else expect(c.tokens).toBeUndefined();
    }
  });

  it('enumerates a finite space with its conditions and rules', () => {
    const finite = build({
      parameters: [
        { kind: 'bool', name: 'on' },
        { kind: 'int', name: 'n', low: 1, high: 4, when: { param: 'on', equals: true } },
        { kind: 'categorical', name: 'c', choices: [1, 2, 3] },
      ],
      rules: [{ left: 'n', op: '>=', right: { param: 'c' } }],
    });
    // on=false: 3 configs; on=true: pairs with n ≥ c: c=1→4, c=2→3, c=3→2.
    expect(finite.enumerate()).toHaveLength(3 + 9);
    expect(space.enumerate()).toBeNull();
  });

  it('detects a cycle of conditions', () => {
    expect(
      Space.create(
        {
          parameters: [
            { kind: 'bool', name: 'a', when: { param: 'b', equals: true } },
            { kind: 'bool', name: 'b', when: { param: 'a', equals: true } },
          ],
        },
        CONTEXT,
      ),
    ).toMatch(/cycle/);
  });
});
