import { describe, expect, it } from 'vitest';
import { BenchmarkCreate, meanRun, readMetric, splitCost, type BenchmarkMetrics } from '../src/index.ts';
import { postedSetting } from './posted-setting.ts';

const stats = (mean: number) => ({ mean, p50: mean, p90: mean * 1.5, p95: mean * 1.6, p99: mean * 2 });
const base: BenchmarkMetrics = {
  completed: 100,
  failed: 0,
  duration_s: 10,
  total_input_tokens: 50_000,
  total_output_tokens: 20_000,
  request_throughput: 10,
  input_throughput: 5000,
  output_throughput: 2000,
  total_token_throughput: 7000,
  ttft_ms: stats(100),
  tpot_ms: stats(20),
  itl_ms: stats(20),
  e2el_ms: stats(400),
  goodput: null,
};
const measured: BenchmarkMetrics = {
  ...base,
  ttfot_ms: stats(900),
  reasoning_tokens: 15_000,
  answer_tokens: 5000,
  cached_prompt_tokens: 30_000,
  prefix_cache_hit_rate: 0.6,
  engine_prefix_cache_hit_rate: 0.58,
  energy: { joules_per_output_token: 0.35, joules_per_request: 70, source: 'nvidia-smi' },
};
const gpu = { gpuCount: 2, costPerMillionTokens: 4 };

describe('reasoning, prefix cache, energy and the cost split as metrics', () => {
  it('reads each measurement under its metric key', () => {
    expect(readMetric(measured, 'ttfot_ms.p99', gpu)).toBe(1800);
    expect(readMetric(measured, 'ttfot_ms.mean', gpu)).toBe(900);
    expect(readMetric(measured, 'prefix_cache_hit_rate', gpu)).toBe(0.6);
    expect(readMetric(measured, 'joules_per_output_token', gpu)).toBe(0.35);
    expect(readMetric(measured, 'joules_per_request', gpu)).toBe(70);
  });

  it('is null, never zero, where a run did not measure them', () => {
    for (const key of [
      'ttfot_ms.p50',
      'prefix_cache_hit_rate',
      'joules_per_output_token',
      'joules_per_request',
    ] as const)
      expect(readMetric(base, key, gpu)).toBeNull();
    expect(readMetric(base, 'cost_per_million_input_tokens', { gpuCount: 2 })).toBeNull();
    expect(readMetric(base, 'cost_per_million_output_tokens', { gpuCount: 2, costPerMillionTokens: null })).toBeNull();
  });

  it("splits the GPU bill by the share of request time before the first token, and keeps the run's total", () => {
    // TTFT 100 ms of a 400 ms request: a quarter of the $4 × 20,000 / 1e6 = $0.08 goes to the prompts.
    expect(readMetric(base, 'cost_per_million_output_tokens', gpu)).toBeCloseTo(3, 12);
    expect(readMetric(base, 'cost_per_million_input_tokens', gpu)).toBeCloseTo((0.02 / 50_000) * 1e6, 12);
    const split = splitCost(base, 4)!;
    const bill = ((split.input as number) * base.total_input_tokens + split.output * base.total_output_tokens) / 1e6;
    expect(bill).toBeCloseTo((4 * base.total_output_tokens) / 1e6, 12);
    // No prompt tokens: no input price, and the output keeps only its own share.
    expect(splitCost({ ...base, total_input_tokens: 0 }, 4)).toEqual({ input: null, output: 3, prefillShare: 0.25 });
  });

  it('accepts them on a posted benchmark, and refuses a hit rate beyond 1 or an unknown energy source', () => {
    const body = {
      setting: postedSetting,
      runtime_options: {},
      metrics: measured,
    };
    expect(BenchmarkCreate.parse(body).metrics.energy?.source).toBe('nvidia-smi');
    const badRate = BenchmarkCreate.safeParse({ ...body, metrics: { ...measured, prefix_cache_hit_rate: 1.2 } });
    expect(badRate.error?.issues[0]?.path).toEqual(['metrics', 'prefix_cache_hit_rate']);
    const badSource = BenchmarkCreate.safeParse({
      ...body,
      metrics: { ...measured, energy: { ...measured.energy, source: 'rapl' } },
    });
    expect(badSource.error?.issues[0]?.path).toEqual(['metrics', 'energy', 'source']);
  });

  it("averages repeated runs' measurements only when every run has them, energy from one source", () => {
    const other: BenchmarkMetrics = {
      ...measured,
      ttfot_ms: stats(1100),
      prefix_cache_hit_rate: 0.8,
      energy: { joules_per_output_token: 0.45, joules_per_request: 90, source: 'nvidia-smi' },
    };
    const mean = meanRun([measured, other]);
    expect(mean.ttfot_ms?.mean).toBe(1000);
    expect(mean.prefix_cache_hit_rate).toBeCloseTo(0.7, 12);
    expect(mean.energy).toEqual({ joules_per_output_token: 0.4, joules_per_request: 80, source: 'nvidia-smi' });
    const partly = meanRun([measured, base]);
    expect(partly.ttfot_ms).toBeUndefined();
    expect(partly.energy).toBeUndefined();
    const mixed = meanRun([measured, { ...other, energy: { ...other.energy!, source: 'dcgm' } }]);
    expect(mixed.energy).toBeUndefined();
  });
});
