import { describe, expect, it } from 'vitest';
import { propose } from '../src/index.ts';
import type { Config, SearchSpace, Trial } from '../src/index.ts';
import { mulberry32 } from '../src/random.ts';
import { Space } from '../src/space.ts';
import { basinAnchors, flagNeighbours, unseenFlagValues } from '../src/candidates.ts';
import type { Evaluate } from './helpers.ts';
import { input, num, proposed, session, trial } from './helpers.ts';

const SERVING: SearchSpace = {
  parameters: [
    { kind: 'categorical', name: 'tensor_parallel_size', choices: [1, 2, 4, 8] },
    { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
    { kind: 'int', name: 'max_num_batched_tokens', low: 512, high: 65536, log: true },
    { kind: 'float', name: 'gpu_memory_utilization', low: 0.5, high: 0.98, step: 0.01 },
    { kind: 'bool', name: 'enable_chunked_prefill' },
    { kind: 'categorical', name: 'kv_cache_dtype', choices: ['auto', 'fp8'] },
  ],
  rules: [
    { left: 'tensor_parallel_size', op: '<=', right: { setting: 'gpu_count' } },
    {
      left: 'max_num_batched_tokens',
      op: '>=',
      right: { setting: 'max_seq_length' },
      when: { param: 'enable_chunked_prefill', equals: false },
    },
    { left: 'max_num_batched_tokens', op: '>=', right: { param: 'max_num_seqs' } },
  ],
};

/** SERVING on four GPUs, and a configuration there with small batches and chunked prefill. */
const servingOnFourGpus = () => Space.create(SERVING, { gpu_count: 4, max_seq_length: 4096 }) as Space;
const SMALL_BATCHES: Config = {
  tensor_parallel_size: 2,
  max_num_seqs: 64,
  max_num_batched_tokens: 1024,
  gpu_memory_utilization: 0.9,
  enable_chunked_prefill: true,
  kv_cache_dtype: 'auto',
};

/** A smooth 2-D surface with its maximum 1.0 at (0.3, 0.7). */
const bowl: Evaluate = (c) => ({ y: 1 - (num(c, 'a') - 0.3) ** 2 - (num(c, 'b') - 0.7) ** 2 });
const BOWL: SearchSpace = {
  parameters: [
    { kind: 'float', name: 'a', low: 0, high: 1 },
    { kind: 'float', name: 'b', low: 0, high: 1 },
  ],
};

describe('session control', () => {
  it("returns 'wait' while pending evaluations fill the parallelism", () => {
    const out = propose(input({ pending: [{ x: 0.1 }, { x: 0.2 }], budget: { max_trials: 50, max_parallel: 2 } }));
    expect(out).toEqual({ kind: 'wait' });
  });

  it('never proposes more than the parallelism and the budget leave room for', () => {
    const a = proposed(
      propose(input({ count: 8, pending: [{ x: 0.5 }], budget: { max_trials: 50, max_parallel: 3 } })),
    );
    expect(a).toHaveLength(2);
    const trials = [0.1, 0.2, 0.3].map((x) => trial({ x }, { y: x }));
    const b = proposed(
      propose(input({ count: 8, trials, pending: [{ x: 0.5 }], budget: { max_trials: 5, max_parallel: 8 } })),
    );
    expect(b).toHaveLength(1);
    expect(
      propose(input({ trials, pending: [{ x: 0.5 }, { x: 0.6 }], budget: { max_trials: 5, max_parallel: 8 } })),
    ).toEqual({ kind: 'wait' });
  });

  it("completes with 'budget' once trials, failures included, reach max_trials", () => {
    const trials: Trial[] = [trial({ x: 0.1 }, { y: 1 }), trial({ x: 0.9 }, 'oom'), trial({ x: 0.5 }, 'crash')];
    expect(propose(input({ trials, budget: { max_trials: 3, max_parallel: 1 } }))).toEqual({
      kind: 'complete',
      reason: 'budget',
    });
    expect(propose(input({ trials: trials.slice(0, 2), budget: { max_trials: 3, max_parallel: 1 } })).kind).toBe(
      'propose',
    );
  });

  it("completes with 'exhausted' when every configuration of a finite space is measured", () => {
    const space: SearchSpace = {
      parameters: [
        { kind: 'bool', name: 'p' },
        { kind: 'categorical', name: 'q', choices: ['a', 'b', 'c'] },
      ],
    };
    const all: Config[] = [false, true].flatMap((p) => ['a', 'b', 'c'].map((q) => ({ p, q })));
    const trials = all.map((c, i) => trial(c, { y: i }));
    expect(propose(input({ space, trials }))).toEqual({ kind: 'complete', reason: 'exhausted' });
    expect(
      propose(
        input({
          space,
          trials: trials.slice(1),
          pending: [all[0] as Config],
          budget: { max_trials: 50, max_parallel: 4 },
        }),
      ),
    ).toEqual({ kind: 'wait' });
    expect(proposed(propose(input({ space, trials: trials.slice(1), count: 1 })))).toEqual([all[0]]);
    expect(
      proposed(
        propose(input({ space, trials: trials.slice(2), count: 5, budget: { max_trials: 50, max_parallel: 5 } })),
      ).sort((a, b) => String(a.q).localeCompare(String(b.q))),
    ).toHaveLength(2);
  });

  it("completes with 'converged' on a smooth surface once nothing is left to gain, and not before the minimum", () => {
    const { trials, end } = session(BOWL, bowl, { steps: 150, maxTrials: 150 });
    expect(end).toEqual({ kind: 'complete', reason: 'converged' });
    expect(trials.length).toBeGreaterThanOrEqual(45);
    expect(trials.length).toBeLessThan(150);
    const best = Math.max(...trials.map((t) => t.metrics?.y ?? -Infinity));
    expect(best).toBeGreaterThan(0.995);
  }, 30_000);

  it('does not declare convergence while the best keeps improving', () => {
    // A steep ridge: every step towards x = 1 is worth more than 1 %.
    const space: SearchSpace = { parameters: [{ kind: 'float', name: 'x', low: 0, high: 1 }] };
    const { end, trials } = session(space, (c) => ({ y: Math.exp(8 * num(c, 'x')) }), { steps: 25, maxTrials: 1000 });
    expect(end).toBeNull();
    expect(trials).toHaveLength(25);
  });
});

describe('invalid input', () => {
  const cases: [string, Partial<Parameters<typeof input>[0]>, RegExp][] = [
    ['no parameters', { space: { parameters: [] } }, /no parameters/],
    [
      'low above high',
      { space: { parameters: [{ kind: 'int', name: 'n', low: 10, high: 2 }] } },
      /low \(10\) exceeds high \(2\)/,
    ],
    [
      'log scale from zero',
      { space: { parameters: [{ kind: 'float', name: 'f', low: 0, high: 1, log: true }] } },
      /log scale/,
    ],
    ['empty choices', { space: { parameters: [{ kind: 'categorical', name: 'c', choices: [] }] } }, /no choices/],
    [
      'duplicate names',
      {
        space: {
          parameters: [
            { kind: 'bool', name: 'b' },
            { kind: 'bool', name: 'b' },
          ],
        },
      },
      /defined twice/,
    ],
    [
      'condition on an unknown parameter',
      { space: { parameters: [{ kind: 'bool', name: 'b', when: { param: 'ghost', equals: true } }] } },
      /unknown parameter 'ghost'/,
    ],
    [
      'a rule that can never hold',
      {
        space: {
          parameters: [{ kind: 'int', name: 'n', low: 1, high: 10 }],
          rules: [{ left: 'n', op: '>=', right: 100 }],
        },
      },
      /cannot hold/,
    ],
    [
      'a setting rule that can never hold',
      {
        context: { gpu_count: 1, max_seq_length: 100000 },
        space: {
          parameters: [{ kind: 'int', name: 'tok', low: 512, high: 65536 }],
          rules: [{ left: 'tok', op: '>=', right: { setting: 'max_seq_length' } }],
        },
      },
      /max_seq_length = 100000/,
    ],
    [
      'parameter rules that contradict each other',
      {
        space: {
          parameters: [
            { kind: 'int', name: 'a', low: 1, high: 5 },
            { kind: 'int', name: 'b', low: 10, high: 20 },
          ],
          rules: [{ left: 'a', op: '>', right: { param: 'b' } }],
        },
      },
      /No configuration satisfies/,
    ],
    [
      'an unknown parameter in a rule',
      { space: { parameters: [{ kind: 'bool', name: 'b' }], rules: [{ left: 'zzz', op: '<=', right: 3 }] } },
      /unknown parameter 'zzz'/,
    ],
    ['a zero budget', { budget: { max_trials: 0, max_parallel: 1 } }, /max_trials/],
    ['an empty objective', { objective: { metric: '', direction: 'maximize' } }, /objective needs a metric/],
  ];
  it.each(cases)('reports %s as an error', (_, over, message) => {
    const out = propose(input(over));
    expect(out.kind).toBe('error');
    if (out.kind === 'error') expect(out.message).toMatch(message);
  });
});

describe('proposals', () => {
  it('proposes the engine defaults first, and not again once measured or pending', () => {
    const defaults = {
      tensor_parallel_size: 1,
      max_num_seqs: 256,
      max_num_batched_tokens: 8192,
      gpu_memory_utilization: 0.9,
      enable_chunked_prefill: true,
      kv_cache_dtype: 'auto',
    };
    const warmStarted = (more: Partial<Parameters<typeof input>[0]>) =>
      proposed(
        propose(
          input({
            space: SERVING,
            count: 3,
            budget: { max_trials: 50, max_parallel: 3 },
            warmStart: { defaults },
            ...more,
          }),
        ),
      );
    expect(warmStarted({})[0]).toEqual(defaults);
    expect(warmStarted({ trials: [trial(defaults, { y: 1 })] })).not.toContainEqual(defaults);
    expect(warmStarted({ count: 2, pending: [defaults] })).not.toContainEqual(defaults);
  });

  it('starts from the best feasible configuration of earlier sessions', () => {
    const priorTrials = [
      trial({ a: 0.9, b: 0.1 }, { y: 0.2, lat: 10 }),
      trial({ a: 0.31, b: 0.69 }, { y: 0.99, lat: 10 }),
      trial({ a: 0.35, b: 0.75 }, { y: 1.5, lat: 500 }),
    ];
    const configs = proposed(
      propose(
        input({ space: BOWL, constraints: [{ metric: 'lat', op: '<=', value: 100 }], warmStart: { priorTrials } }),
      ),
    );
    expect(configs[0]).toEqual({ a: 0.31, b: 0.69 });
  });

  it('uses earlier sessions to avoid their failure regions from the start', () => {
    const failing: Evaluate = (c) => (num(c, 'x') > 0.5 ? 'oom' : { y: num(c, 'x') });
    const rnd = mulberry32(4);
    const priorTrials = Array.from({ length: 30 }, () => ({ x: Math.round(rnd() * 1000) / 1000 })).map((c) =>
      trial(c, failing(c)),
    );
    const { trials } = session({ parameters: [{ kind: 'float', name: 'x', low: 0, high: 1 }] }, failing, {
      steps: 12,
      priorTrials,
    });
    expect(trials.filter((t) => t.failure).length).toBeLessThanOrEqual(2);
    expect(Math.max(...trials.map((t) => t.metrics?.y ?? 0))).toBeGreaterThan(0.47);
  });

  it('only proposes parameters whose condition holds, and always sets them then', () => {
    const space: SearchSpace = {
      parameters: [
        { kind: 'bool', name: 'chunked' },
        { kind: 'int', name: 'chunk', low: 256, high: 8192, log: true, when: { param: 'chunked', equals: true } },
        { kind: 'float', name: 'f', low: 0, high: 1 },
      ],
    };
    const configs = proposed(propose(input({ space, count: 16, budget: { max_trials: 100, max_parallel: 16 } })));
    expect(configs.some((c) => c.chunked === true) && configs.some((c) => c.chunked === false)).toBe(true);
    for (const c of configs) expect('chunk' in c).toBe(c.chunked === true);
  });

  it('keeps every rule: TP within the GPUs, token budget vs context length and vs max_num_seqs', () => {
    const context = { gpu_count: 2, max_seq_length: 16384 };
    const evaluate: Evaluate = (c) => ({ y: num(c, 'max_num_seqs') * num(c, 'tensor_parallel_size') });
    const { trials } = session(SERVING, evaluate, { steps: 1 });
    expect(trials).toHaveLength(1);
    const many: Config[] = [];
    const observed: Trial[] = [];
    for (let i = 0; i < 6; i++) {
      const configs = proposed(
        propose(
          input({ space: SERVING, context, trials: observed, count: 6, budget: { max_trials: 200, max_parallel: 6 } }),
        ),
      );
      many.push(...configs);
      observed.push(...configs.map((c) => trial(c, evaluate(c))));
    }
    expect(many.length).toBe(36);
    for (const c of many) {
      expect(num(c, 'tensor_parallel_size')).toBeLessThanOrEqual(2);
      expect(num(c, 'max_num_batched_tokens')).toBeGreaterThanOrEqual(num(c, 'max_num_seqs'));
      if (c.enable_chunked_prefill === false) expect(num(c, 'max_num_batched_tokens')).toBeGreaterThanOrEqual(16384);
      expect(Number.isInteger(num(c, 'max_num_seqs'))).toBe(true);
      expect(Math.round(num(c, 'gpu_memory_utilization') * 100) / 100).toBe(num(c, 'gpu_memory_utilization'));
    }
  });

  it("keeps 'divides' rules", () => {
    const space: SearchSpace = {
      parameters: [
        { kind: 'int', name: 'tp', low: 1, high: 8 },
        { kind: 'float', name: 'f', low: 0, high: 1 },
      ],
      rules: [{ left: 'tp', op: 'divides', right: { setting: 'gpu_count' } }],
    };
    const configs = proposed(
      propose(
        input({
          space,
          context: { gpu_count: 6, max_seq_length: 1 },
          count: 12,
          budget: { max_trials: 100, max_parallel: 12 },
        }),
      ),
    );
    for (const c of configs) expect([1, 2, 3, 6]).toContain(c.tp);
  });

  it('never repeats a measured or pending configuration, within or across batches', () => {
    const space: SearchSpace = {
      parameters: [
        { kind: 'categorical', name: 'c', choices: ['a', 'b', 'c'] },
        { kind: 'int', name: 'n', low: 1, high: 4 },
      ],
    };
    const s = Space.create(space, { gpu_count: 1, max_seq_length: 1 }) as Space;
    const seen = new Set<string>();
    const trials: Trial[] = [];
    const pending: Config[] = [];
    for (let round = 0; round < 6; round++) {
      const out = propose(input({ space, trials, pending, count: 3, budget: { max_trials: 100, max_parallel: 4 } }));
      if (out.kind !== 'propose') break;
      for (const c of out.configs) {
        expect(seen.has(s.key(c))).toBe(false);
        seen.add(s.key(c));
      }
      // One stays pending, the rest are measured.
      const [keep, ...done] = out.configs;
      trials.push(...pending.splice(0).map((c) => trial(c, { y: num(c, 'n') })));
      if (keep) pending.push(keep);
      trials.push(...done.map((c) => trial(c, { y: num(c, 'n') })));
    }
    expect(seen.size).toBe(12);
  });

  it('is deterministic under the seed', () => {
    const trials = [0.1, 0.5, 0.9, 0.3, 0.7].map((x) => trial({ x }, { y: Math.sin(6 * x) }));
    const a = propose(input({ trials, count: 3, budget: { max_trials: 50, max_parallel: 3 }, seed: 42 }));
    expect(propose(input({ trials, count: 3, budget: { max_trials: 50, max_parallel: 3 }, seed: 42 }))).toEqual(a);
    const b = propose(input({ count: 3, budget: { max_trials: 50, max_parallel: 3 }, seed: 43 }));
    expect(b).not.toEqual(propose(input({ count: 3, budget: { max_trials: 50, max_parallel: 3 }, seed: 42 })));
  });

  it('spreads a batch instead of proposing near-copies (constant liar)', () => {
    const trials = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95].map((x) => trial({ x }, { y: -((x - 0.42) ** 2) }));
    const configs = proposed(propose(input({ trials, count: 4, budget: { max_trials: 50, max_parallel: 4 } })));
    const xs = configs.map((c) => num(c, 'x')).sort((p, q) => p - q);
    expect(xs).toHaveLength(4);
    expect((xs[3] as number) - (xs[0] as number)).toBeGreaterThan(0.05);
  });
});

describe('learning', () => {
  it('learns an OOM region and stops proposing into it', () => {
    // Memory runs out above a utilisation that depends on the batch size; throughput grows towards it.
    const space: SearchSpace = {
      parameters: [
        { kind: 'float', name: 'util', low: 0.5, high: 0.98 },
        { kind: 'int', name: 'batch', low: 8, high: 512, log: true },
      ],
    };
    const evaluate: Evaluate = (c) =>
      num(c, 'util') + Math.log2(num(c, 'batch')) / 40 > 1.05
        ? 'oom'
        : { y: num(c, 'util') * Math.log2(num(c, 'batch')) };
    const { trials } = session(space, evaluate, { steps: 40, maxTrials: 40 });
    const late = trials.slice(10);
    const failures = late.filter((t) => t.failure).length;
    expect(failures / late.length).toBeLessThan(0.2);
  });

  it('learns a crash combination of categorical flags and avoids it', () => {
    const space: SearchSpace = {
      parameters: [
        { kind: 'categorical', name: 'kv', choices: ['auto', 'fp8', 'fp8_e4m3'] },
        { kind: 'categorical', name: 'block', choices: [8, 16, 32] },
        { kind: 'float', name: 'f', low: 0, high: 1 },
      ],
    };
    const evaluate: Evaluate = (c) =>
      c.kv !== 'auto' && c.block === 8
        ? 'crash'
        : { y: num(c, 'f') + (c.kv === 'auto' ? 0 : 0.5) + num(c, 'block') / 64 };
    const { trials } = session(space, evaluate, { steps: 40, maxTrials: 40 });
    const late = trials.slice(12);
    expect(late.filter((t) => t.failure).length).toBeLessThanOrEqual(3);
  });

  it('respects a constraint: the best feasible point sits on its boundary', () => {
    // Throughput rises with batch, so does latency; latency ≤ 60 allows batch ≤ ~0.6.
    const space: SearchSpace = {
      parameters: [
        { kind: 'float', name: 'batch', low: 0, high: 1 },
        { kind: 'float', name: 'other', low: 0, high: 1 },
      ],
    };
    const evaluate: Evaluate = (c) => ({ y: 100 * num(c, 'batch') + 5 * num(c, 'other'), lat: 100 * num(c, 'batch') });
    const { trials } = session(space, evaluate, { steps: 30, constraints: [{ metric: 'lat', op: '<=', value: 60 }] });
    const feasible = trials.filter((t) => t.metrics && (t.metrics.lat as number) <= 60);
    const best = Math.max(...feasible.map((t) => t.metrics?.y ?? 0));
    expect(best).toBeGreaterThan(0.97 * 65);
    expect(trials.slice(10).filter((t) => (t.metrics?.lat ?? 0) > 75).length).toBeLessThan(5);
  });

  it('minimises as well as it maximises', () => {
    const space: SearchSpace = BOWL;
    const { trials } = session(space, (c) => ({ y: (num(c, 'a') - 0.6) ** 2 + (num(c, 'b') - 0.2) ** 2 }), {
      steps: 25,
      objective: { metric: 'y', direction: 'minimize' },
    });
    expect(Math.min(...trials.map((t) => t.metrics?.y ?? 1))).toBeLessThan(0.002);
  });

  it('needs far fewer trials than random search on a smooth surface', () => {
    const target = 0.995;
    const trialsToTarget = (ys: number[]) => ys.findIndex((y) => y >= target) + 1 || Infinity;
    const tuned: number[] = [];
    const random: number[] = [];
    for (let seed = 1; seed <= 5; seed++) {
      const { trials } = session(BOWL, bowl, { steps: 60, seed, maxTrials: 60 });
      tuned.push(trialsToTarget(trials.map((t) => t.metrics?.y ?? 0)));
      const rnd = mulberry32(seed);
      random.push(
        trialsToTarget(
          Array.from({ length: 2000 }, () => bowl({ a: rnd(), b: rnd() }) as { y: number }).map((m) => m.y),
        ),
      );
    }
    const median = (v: number[]) => [...v].sort((p, q) => p - q)[2] as number;
    expect(median(tuned)).toBeLessThan(0.4 * median(random));
  }, 30_000);
});

describe('flag neighbours', () => {
  it('lists every configuration one flag away, numeric values kept and rules repaired', () => {
    const space = servingOnFourGpus();
    const base = SMALL_BATCHES;
    const out = flagNeighbours(space, space.encode(base), mulberry32(1));
    // tensor_parallel_size 1 and 4 (8 breaks the gpu_count rule), chunked prefill off, fp8.
    expect(out).toHaveLength(4);
    for (const c of out) {
      expect(space.valid(c)).toBe(true);
      const changed = Object.keys(base).filter((k) => c[k] !== base[k]);
      if (c.enable_chunked_prefill === false) {
        // Without chunked prefill the token budget must cover the context: repaired, not dropped.
        expect(num(c, 'max_num_batched_tokens')).toBeGreaterThanOrEqual(4096);
        expect(changed).toEqual(['max_num_batched_tokens', 'enable_chunked_prefill']);
      } else expect(changed).toHaveLength(1);
      expect(c.gpu_memory_utilization).toBe(0.9);
    }
    expect(out.map((c) => c.tensor_parallel_size).sort()).toEqual([1, 2, 2, 4]);
    expect(out.map((c) => c.kv_cache_dtype).sort()).toEqual(['auto', 'auto', 'auto', 'fp8']);
  });
});

describe('untried flag values', () => {
  it('counts the categorical and boolean values of a configuration no successful run has had', () => {
    const space = servingOnFourGpus();
    const worked: Config = { ...SMALL_BATCHES, tensor_parallel_size: 1 };
    const seen = space.dims.map(() => new Set<number>());
    space.encode(worked).forEach((v, i) => seen[i]?.add(v));
    const count = (c: Config) => unseenFlagValues(space, space.encode(c), seen);
    // Numeric values never count, however new.
    expect(count({ ...worked, max_num_seqs: 512, gpu_memory_utilization: 0.6 })).toBe(0);
    expect(count({ ...worked, kv_cache_dtype: 'fp8' })).toBe(1);
    expect(count({ ...worked, tensor_parallel_size: 4, kv_cache_dtype: 'fp8' })).toBe(2);
    expect(count({ ...worked, enable_chunked_prefill: false, max_num_batched_tokens: 4096 })).toBe(1);
  });
});

describe('basin anchors', () => {
  it('starts local search from the best feasible observation of every other tensor-parallel size', () => {
    const space = servingOnFourGpus();
    const constraints = [{ metric: 'lat', op: '<=' as const, value: 50 }];
    const at = (tp: number, seqs: number, y: number, lat = 10): Trial =>
      trial(
        {
          tensor_parallel_size: tp,
          max_num_seqs: seqs,
          max_num_batched_tokens: 2048,
          gpu_memory_utilization: 0.9,
          enable_chunked_prefill: true,
          kv_cache_dtype: 'auto',
        },
        { y, lat },
      );
    const trials = [at(1, 64, 10), at(1, 128, 12), at(1, 256, 11), at(2, 64, 7), at(2, 96, 9), at(4, 300, 30, 80)];
    const observations = trials.map((t) => ({
      config: t.config,
      features: space.encode(t.config),
      failure: null,
      metrics: [t.metrics?.y as number, t.metrics?.lat as number],
    }));
    const out = basinAnchors(space, input({ space: SERVING, constraints, trials }), observations);
    const seqs = out.map((f) => space.decode(f, mulberry32(1)).max_num_seqs);
    // The best of tp 2 (96) and, with nothing feasible there, the best of tp 4; not tp 1's best,
    // which is an anchor already.
    expect(seqs).toEqual([96, 300]);
  });
});

describe('prior mean', () => {
  /** A narrow peak (1.2 at a = 0.85, b = 0.15) on a gentle slope that points the other way. */
  const peak = (c: Config) =>
    0.2 + 0.3 * (1 - num(c, 'a')) + Math.exp(-((num(c, 'a') - 0.85) ** 2 + (num(c, 'b') - 0.15) ** 2) / 0.004);
  const evaluate: Evaluate = (c) => ({ y: peak(c) });
  const firstNearPeak = (trials: Trial[]) =>
    trials.findIndex((t) => Math.hypot(num(t.config, 'a') - 0.85, num(t.config, 'b') - 0.15) < 0.06) + 1 || null;

  it("goes where the caller's predictor says the optimum is, which the trials alone do not show", () => {
    const steps = 12;
    const without = session(BOWL, evaluate, { steps });
    // A predictor off by a factor (as a roofline is): only relative differences matter.
    const withPrior = session(BOWL, evaluate, { steps, prior: (c) => 3 * peak(c) });
    expect(firstNearPeak(without.trials)).toBeNull();
    expect(firstNearPeak(withPrior.trials)).not.toBeNull();
    expect(firstNearPeak(withPrior.trials)).toBeLessThanOrEqual(8);
  });

  it('ignores a predictor that points the wrong way, and one that has nothing to say', () => {
    const steps = 30;
    const height = (c: Config) => 1 - (num(c, 'a') - 0.3) ** 2 - (num(c, 'b') - 0.7) ** 2;
    const misleading = session(BOWL, bowl, { steps, prior: (c) => 10 - height(c) });
    const silent = session(BOWL, bowl, { steps, prior: () => null });
    for (const { trials } of [misleading, silent]) {
      const best = Math.max(...trials.map((t) => t.metrics?.y ?? Number.NEGATIVE_INFINITY));
      expect(best).toBeGreaterThan(0.995);
    }
  });

  it('is deterministic with a prior', () => {
    const trials = [0.1, 0.4, 0.6, 0.9].map((a) => trial({ a, b: 0.5 }, bowl({ a, b: 0.5 })));
    const run = () => propose(input({ space: BOWL, trials, seed: 3, prior: (c) => 1 + num(c, 'a') }));
    expect(run()).toEqual(run());
  });
});
