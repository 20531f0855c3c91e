import { BenchmarkMetrics, defaultConfig } from '@mako/contract';
import type { LatencyStats } from '@mako/contract';
import { describe, expect, it } from 'vitest';
import { GPUS, MODELS, gpuSpec, modelSpec, simulate } from '../src/index.ts';
import type { SimInput, SimOutput } from '../src/index.ts';
import { resolveEngine } from '../src/engine.ts';
import { stepModel } from '../src/roofline.ts';
import { gpuTraits } from '../src/hardware.ts';
import { DEFAULT_PARAMETERS } from '../src/parameters.ts';

const LLAMA_8B = 'meta-llama/Llama-3.1-8B-Instruct';
const LLAMA_70B = 'meta-llama/Llama-3.1-70B-Instruct';

function base(over: Partial<SimInput> = {}): SimInput {
  return {
    model: LLAMA_8B,
    gpu: 'H100',
    gpu_count: 1,
    runtime: 'vllm',
    config: {},
    workload: {
      input_len: 512,
      output_len: 128,
      request_rate: 'inf',
      max_concurrency: null,
      num_requests: 200,
      max_seq_length: 4096,
    },
    seed: 1,
    noise: 0,
    ...over,
  };
}

function ok(out: SimOutput) {
  if (!out.ok) throw new Error(`expected a measurement, got ${out.failure.kind}: ${out.failure.message}`);
  return out;
}

function expectOrdered(s: LatencyStats) {
  expect(s.p50).toBeLessThanOrEqual(s.p90);
  expect(s.p90).toBeLessThanOrEqual(s.p95);
  expect(s.p95).toBeLessThanOrEqual(s.p99);
  expect(s.mean).toBeLessThanOrEqual(s.p99);
  expect(s.p50).toBeGreaterThan(0);
}

describe('catalogues', () => {
  it('finds GPUs by their common aliases and models with or without the organisation', () => {
    expect(gpuSpec('NVIDIA H100 80GB HBM3')?.name).toBe('H100');
    expect(gpuSpec('a100')?.name).toBe('A100-80GB');
    expect(gpuSpec('TPU v5e')).toBeUndefined();
    expect(modelSpec('Llama-3.1-70B-Instruct')?.layers).toBe(80);
    expect(modelSpec('mistralai/mixtral-8x7b-instruct-v0.1')?.active_params_b).toBeLessThan(20);
  });

  it('has sane hardware and architecture figures', () => {
    for (const g of GPUS) expect(g.memory_gb * g.bf16_tflops * g.hbm_tb_s * g.price_per_hour_usd).toBeGreaterThan(0);
    for (const m of MODELS) expect(m.active_params_b).toBeLessThanOrEqual(m.params_b);
  });

  it('throws on unknown models and GPUs instead of inventing numbers', () => {
    expect(() => simulate(base({ model: 'acme/NoSuchModel' }))).toThrow(/unknown model/);
    expect(() => simulate(base({ gpu: 'Voodoo2' }))).toThrow(/unknown GPU/);
  });
});

describe('memory', () => {
  it('runs a 70B model out of memory on two H100s and fits it on four', () => {
    const tp2 = simulate(base({ model: LLAMA_70B, gpu_count: 4, config: { tensor_parallel_size: 2 } }));
    expect(tp2.ok).toBe(false);
    if (!tp2.ok) expect(tp2.failure.kind).toBe('oom');
    ok(simulate(base({ model: LLAMA_70B, gpu_count: 4, config: { tensor_parallel_size: 4 } })));
  });

  it('doubles the KV-cache capacity with an fp8 cache, turning an OOM into a run', () => {
    const model = modelSpec(LLAMA_8B)!;
    const gpu = gpuSpec('L4')!;
    const capacity = (kv: string) => {
      const r = resolveEngine({
        model,
        gpu,
        traits: gpuTraits(gpu),
        gpuCount: 1,
        runtime: 'vllm',
        config: { kv_cache_dtype: kv },
        maxSeqLength: 1024,
        promptTokens: 512,
        sequenceTokens: 640,
        weightDtype: 'bf16',
        params: DEFAULT_PARAMETERS,
      });
      if (!r.ok) throw new Error(r.failure.message);
      return r.engine.kvCapacityTokens;
    };
    expect(capacity('fp8') / capacity('auto')).toBeCloseTo(2, 1);
    const long = {
      input_len: 512,
      output_len: 128,
      request_rate: 'inf' as const,
      max_concurrency: null,
      num_requests: 50,
      max_seq_length: 32768,
    };
    const bf16 = simulate(base({ gpu: 'L4', workload: long }));
    expect(bf16.ok ? 'ok' : bf16.failure.kind).toBe('oom');
    ok(simulate(base({ gpu: 'L4', workload: long, config: { kv_cache_dtype: 'fp8' } })));
  });

  it('fails with OOM when gpu_memory_utilization leaves no room for the KV cache', () => {
    const out = simulate(
      base({ model: LLAMA_70B, gpu_count: 2, config: { tensor_parallel_size: 2, gpu_memory_utilization: 0.5 } }),
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.failure.message).toMatch(/gpu_memory_utilization=0.5/);
  });

  it('fails with OOM when SGLang chunk activations overflow what mem_fraction_static leaves', () => {
    const tight = simulate(
      base({
        runtime: 'sglang',
        config: { mem_fraction_static: 0.95, chunked_prefill_size: 32768, max_prefill_tokens: 65536 },
      }),
    );
    expect(tight.ok ? 'ok' : tight.failure.kind).toBe('oom');
    ok(
      simulate(
        base({
          runtime: 'sglang',
          config: { mem_fraction_static: 0.85, chunked_prefill_size: 32768, max_prefill_tokens: 65536 },
        }),
      ),
    );
  });
});

describe('failure regions', () => {
  it('crashes with an fp8 KV cache in 8-token blocks on Hopper only', () => {
    const config = { kv_cache_dtype: 'fp8', block_size: 8 };
    const h100 = simulate(base({ config }));
    expect(h100.ok ? 'ok' : h100.failure.kind).toBe('crash');
    ok(simulate(base({ gpu: 'A100-80GB', config })));
  });

  it('refuses a batch-token budget below the context length without chunked prefill', () => {
    const out = simulate(base({ config: { enable_chunked_prefill: false, max_num_batched_tokens: 2048 } }));
    expect(out.ok ? 'ok' : out.failure.kind).toBe('crash');
    ok(simulate(base({ config: { enable_chunked_prefill: false, max_num_batched_tokens: 4096 } })));
  });

  it('refuses more GPUs than the machine has', () => {
    const out = simulate(base({ gpu_count: 2, config: { tensor_parallel_size: 4 } }));
    expect(out.ok ? 'ok' : out.failure.message).toMatch(/only 2 available/);
  });

  it('times out an absurdly slow configuration', () => {
    const slow = base({
      config: { max_num_seqs: 8 },
      timeout_s: 600,
      workload: {
        input_len: 256,
        output_len: 512,
        request_rate: 'inf',
        max_concurrency: null,
        num_requests: 2000,
        max_seq_length: 2048,
      },
    });
    const out = simulate(slow);
    expect(out.ok ? 'ok' : out.failure.kind).toBe('timeout');
    ok(simulate({ ...slow, config: { max_num_seqs: 256 } }));
  });
});

describe('performance', () => {
  it('raises TTFT with the request rate', () => {
    const ttft = (rate: number) =>
      ok(simulate(base({ workload: { ...base().workload, request_rate: rate, num_requests: 400 } }))).metrics.ttft_ms;
    const low = ttft(2);
    const high = ttft(40);
    expect(high.mean).toBeGreaterThan(low.mean * 1.5);
    expect(high.p99).toBeGreaterThan(low.p99);
  });

  it('raises the TTFT tail with bursty arrivals at the same mean rate, and keeps Poisson as burstiness 1', () => {
    const run = (burstiness?: number) =>
      ok(
        simulate(
          base({
            workload: {
              ...base().workload,
              request_rate: 20,
              num_requests: 400,
              ...(burstiness ? { burstiness } : {}),
            },
          }),
        ),
      ).metrics;
    const poisson = run();
    expect(run(1)).toEqual(poisson);
    const bursty = run(0.2);
    expect(bursty.ttft_ms.p99).toBeGreaterThan(poisson.ttft_ms.p99 * 1.5);
    // Same mean rate: the run takes about as long.
    expect(bursty.duration_s).toBeGreaterThan(poisson.duration_s * 0.7);
    expect(bursty.duration_s).toBeLessThan(poisson.duration_s * 1.3);
    expect(() => simulate(base({ workload: { ...base().workload, burstiness: 0 } }))).toThrow(/burstiness/);
  });

  it('raises throughput with tensor parallelism on a bandwidth-bound decode', () => {
    const w = {
      input_len: 128,
      output_len: 512,
      request_rate: 'inf' as const,
      max_concurrency: null,
      num_requests: 300,
      max_seq_length: 2048,
    };
    const tp1 = ok(simulate(base({ gpu_count: 2, workload: w, config: { tensor_parallel_size: 1 } }))).metrics
      .output_throughput;
    const tp2 = ok(simulate(base({ gpu_count: 2, workload: w, config: { tensor_parallel_size: 2 } }))).metrics
      .output_throughput;
    expect(tp2).toBeGreaterThan(tp1 * 1.2);
  });

  it('trades TTFT for inter-token latency with the chunk size', () => {
    const w = {
      input_len: 2048,
      output_len: 256,
      request_rate: 6,
      max_concurrency: null,
      num_requests: 300,
      max_seq_length: 4096,
    };
    const small = ok(simulate(base({ workload: w, config: { max_num_batched_tokens: 512 } }))).metrics;
    const large = ok(simulate(base({ workload: w, config: { max_num_batched_tokens: 16384 } }))).metrics;
    expect(small.itl_ms.p99).toBeLessThan(large.itl_ms.p99);
    expect(small.ttft_ms.mean).toBeGreaterThan(large.ttft_ms.mean);
  });

  it('gains from prefix caching only on shared-prefix workloads', () => {
    const run = (shared: number, caching: boolean) =>
      ok(
        simulate(
          base({
            config: { enable_prefix_caching: caching },
            workload: {
              input_len: 2048,
              output_len: 128,
              request_rate: 'inf',
              max_concurrency: null,
              num_requests: 300,
              max_seq_length: 4096,
              shared_prefix_len: shared,
            },
          }),
        ),
      ).metrics.output_throughput;
    expect(run(1536, true)).toBeGreaterThan(run(1536, false) * 1.3);
    expect(Math.abs(run(0, true) / run(0, false) - 1)).toBeLessThan(0.05);
  });

  it('treats missing flags as the engine defaults', () => {
    for (const runtime of ['vllm', 'sglang', 'tensorrt-llm'] as const)
      expect(simulate(base({ runtime, config: {} }))).toEqual(
        simulate(base({ runtime, config: defaultConfig(runtime) })),
      );
  });
});

describe('measurements', () => {
  it('is deterministic under the seed and noisy across seeds', () => {
    const a = simulate(base({ noise: 0.05, seed: 7 }));
    expect(simulate(base({ noise: 0.05, seed: 7 }))).toEqual(a);
    expect(ok(simulate(base({ noise: 0.05, seed: 8 }))).metrics.output_throughput).not.toBe(
      ok(a).metrics.output_throughput,
    );
  });

  it('keeps noise multiplicative and of the requested size', () => {
    const exact = ok(simulate(base())).metrics.output_throughput;
    const ratios = Array.from({ length: 40 }, (_, seed) =>
      Math.log(ok(simulate(base({ noise: 0.05, seed }))).metrics.output_throughput / exact),
    );
    const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length;
    const sd = Math.sqrt(ratios.reduce((s, r) => s + (r - mean) ** 2, 0) / ratios.length);
    expect(sd).toBeGreaterThan(0.02);
    expect(sd).toBeLessThan(0.1);
  });

  it('reports ordered percentiles and metrics the contract accepts', () => {
    const runtimes = ['vllm', 'sglang', 'tensorrt-llm'] as const;
    for (const [i, runtime] of runtimes.entries())
      for (const rate of ['inf', 5] as const) {
        const out = ok(
          simulate(base({ runtime, noise: 0.05, seed: i, workload: { ...base().workload, request_rate: rate } })),
        );
        const m = out.metrics;
        expect(BenchmarkMetrics.parse(m)).toEqual(m);
        for (const s of [m.ttft_ms, m.tpot_ms, m.itl_ms, m.e2el_ms]) expectOrdered(s);
        expect(m.e2el_ms.mean).toBeGreaterThan(m.ttft_ms.mean);
        expect(m.total_token_throughput).toBeCloseTo(m.input_throughput + m.output_throughput, 6);
        expect(m.goodput).toBeNull();
      }
  });

  it('prices the run from the GPU rate and reports goodput against an SLO', () => {
    const out = ok(simulate(base({ gpu_count: 2, slo: { ttft_ms: 1e9, tpot_ms: 1e9 } })));
    const expected = ((2 * gpuSpec('H100')!.price_per_hour_usd) / 3600 / out.metrics.output_throughput) * 1e6;
    expect(out.cost_per_million_tokens).toBeCloseTo(expected, 9);
    expect(out.metrics.goodput?.attainment).toBe(1);
    const strict = ok(simulate(base({ slo: { ttft_ms: 1 } }))).metrics.goodput;
    expect(strict?.attainment).toBe(0);
  });
});

describe('precision, experts and scheduling', () => {
  const decode = (over: Partial<SimInput>) =>
    ok(
      simulate(
        base({
          workload: { ...base().workload, input_len: 128, output_len: 256, max_concurrency: 1, num_requests: 4 },
          ...over,
        }),
      ),
    ).metrics;

  it('fits a 70B model on one H100 in FP8 where BF16 runs out of memory, and decodes it faster', () => {
    const one = { model: LLAMA_70B, workload: { ...base().workload, max_seq_length: 2048 } };
    const config = { gpu_memory_utilization: 0.98, max_num_seqs: 32, max_num_batched_tokens: 2048 };
    const bf16 = simulate(base({ ...one, config }));
    expect(bf16.ok ? 'ok' : bf16.failure.kind).toBe('oom');
    ok(simulate(base({ ...one, weight_dtype: 'fp8', config })));
    const fast = decode({ weight_dtype: 'fp8' }).tpot_ms.p50;
    const slow = decode({ weight_dtype: 'bf16' }).tpot_ms.p50;
    // Half the bytes per step, plus fixed per-step costs that do not shrink.
    expect(fast / slow).toBeGreaterThan(0.5);
    expect(fast / slow).toBeLessThan(0.8);
  });

  it('uses FP4 units only where the GPU has them: INT4 and FP4 on Hopper save bandwidth, not compute', () => {
    const prefill = (gpu: string, weight_dtype: 'bf16' | 'fp4') =>
      ok(
        simulate(
          base({
            gpu,
            weight_dtype,
            workload: {
              ...base().workload,
              input_len: 4096,
              output_len: 1,
              max_concurrency: 1,
              num_requests: 4,
              max_seq_length: 8192,
            },
          }),
        ),
      ).metrics.ttft_ms.p50;
    expect(prefill('B200', 'fp4') / prefill('B200', 'bf16')).toBeLessThan(0.75);
    expect(prefill('H100', 'fp4') / prefill('H100', 'bf16')).toBeGreaterThan(0.9);
  });

  it('reads only the routed experts of a mixture-of-experts model at small batches', () => {
    const mixtral = 'mistralai/Mixtral-8x7B-Instruct-v0.1';
    const m = modelSpec(mixtral)!;
    const one = decode({ model: mixtral, gpu_count: 2, config: { tensor_parallel_size: 2 } }).tpot_ms.p50;
    const many = ok(
      simulate(
        base({
          model: mixtral,
          gpu_count: 2,
          config: { tensor_parallel_size: 2 },
          workload: { ...base().workload, input_len: 128, output_len: 256, max_concurrency: 64, num_requests: 128 },
        }),
      ),
    ).metrics.tpot_ms.p50;
    // One token touches 2 of 8 experts; 64 touch nearly all of them.
    expect(many / one).toBeGreaterThan(1.5);
    expect(m.experts?.per_token).toBe(2);
  });

  it('makes new requests wait for a block of multi-step decoding, and pays the CPU once per block', () => {
    const online = (steps: number) =>
      ok(
        simulate(
          base({
            engine_version: '0.6.0',
            config: { num_scheduler_steps: steps, enable_chunked_prefill: false },
            workload: { ...base().workload, request_rate: 4, num_requests: 200 },
          }),
        ),
      ).metrics;
    const single = online(1);
    const multi = online(10);
    expect(multi.ttft_ms.p50).toBeGreaterThan(single.ttft_ms.p50 * 1.3);
    expect(multi.tpot_ms.p50).toBeLessThan(single.tpot_ms.p50);
    const bad = simulate(base({ config: { num_scheduler_steps: 0 } }));
    expect(bad.ok ? 'ok' : bad.failure.message).toMatch(/num_scheduler_steps/);
  });

  it('charges the V0 scheduler of vLLM before 0.6 per sequence, and spreads chat-like output lengths', () => {
    const saturated = { ...base().workload, max_concurrency: 256, num_requests: 512 };
    const legacy = ok(simulate(base({ engine_version: '0.5.4', workload: saturated }))).metrics;
    const current = ok(simulate(base({ workload: saturated }))).metrics;
    expect(legacy.tpot_ms.p50).toBeGreaterThan(current.tpot_ms.p50 * 1.5);
    const fixed = ok(simulate(base({ workload: { ...base().workload, num_requests: 300 } }))).metrics;
    const spread = ok(
      simulate(base({ workload: { ...base().workload, num_requests: 300, output_len_cv: 1 } })),
    ).metrics;
    // The same mean length, but a few long answers keep the run going after the rest are done.
    expect(spread.total_output_tokens / fixed.total_output_tokens).toBeGreaterThan(0.9);
    expect(spread.total_output_tokens / fixed.total_output_tokens).toBeLessThan(1.1);
    expect(spread.output_throughput).toBeLessThan(fixed.output_throughput);
    expect(spread.e2el_ms.p99 / spread.e2el_ms.p50).toBeGreaterThan(fixed.e2el_ms.p99 / fixed.e2el_ms.p50);
  });

  it('counts the ramp-up and the drain of a long offline run once, not once per simulated slice', () => {
    // ShareGPT-like answers: a few long ones keep a short run going after the rest are done.
    const offline = (num_requests: number) =>
      ok(simulate(base({ workload: { ...base().workload, num_requests, output_len_cv: 1 } }))).metrics
        .output_throughput;
    const short = offline(300);
    const long = offline(5000);
    const longer = offline(20000);
    // The tail of the last answers weighs on 300 requests, much less on 5000, and the figure has
    // converged by then.
    expect(long).toBeGreaterThan(short * 1.1);
    expect(Math.abs(longer / long - 1)).toBeLessThan(0.05);
  });

  it('sizes attention by query heads × head dimension where that is wider than the hidden size (Qwen3)', () => {
    const wide = modelSpec('Qwen/Qwen3-30B-A3B');
    const gpu = gpuSpec('H100');
    if (!wide || !gpu) throw new Error('fixture missing');
    // 32 query heads of 128 against a hidden size of 2048: attention is twice as wide as the model.
    expect((wide.heads ?? 0) * wide.head_dim).toBe(2 * wide.hidden);
    const narrow = { ...wide, heads: undefined };
    const r = resolveEngine({
      model: wide,
      gpu,
      traits: gpuTraits(gpu),
      gpuCount: 1,
      runtime: 'vllm',
      config: {},
      maxSeqLength: 32768,
      promptTokens: 16384,
      sequenceTokens: 16512,
      weightDtype: 'bf16',
      params: DEFAULT_PARAMETERS,
    });
    if (!r.ok) throw new Error(r.failure.message);
    // One 8192-token chunk late in a 16k prompt: compute-bound, mostly attention.
    const chunk = (attention: number) => ({
      decodeSeqs: 0,
      decodeContext: 0,
      prefillTokens: 8192,
      prefillAttention: attention,
      prefillKvRead: 16384,
      prefillSeqs: 1,
    });
    const time = (m: typeof wide, attention: number) =>
      stepModel(m, gpu, gpuTraits(gpu), r.engine, DEFAULT_PARAMETERS)(chunk(attention));
    const attended = 8192 * (8192 + 4096);
    const attentionWide = time(wide, attended) - time(wide, 0);
    const attentionNarrow = time(narrow, attended) - time(narrow, 0);
    expect(attentionWide / attentionNarrow).toBeCloseTo(2, 1);
  });
});
