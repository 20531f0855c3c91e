import { describe, expect, it } from 'vitest';
import { BenchmarkCreate, meanRun, metricIntervals, type BenchmarkMetrics } from '../src/index.ts';
import { postedSetting } from './posted-setting.ts';

const stats = (p50: number) => ({ mean: p50, p50, p90: p50, p95: p50, p99: p50 * 2 });
const run = (outputThroughput: number, ttft: number, goodput: number | null = null): BenchmarkMetrics => ({
  completed: 100,
  failed: 1,
  duration_s: 10,
  total_input_tokens: 1000,
  total_output_tokens: outputThroughput * 10,
  request_throughput: 10,
  input_throughput: 100,
  output_throughput: outputThroughput,
  total_token_throughput: 100 + outputThroughput,
  ttft_ms: stats(ttft),
  tpot_ms: stats(20),
  itl_ms: stats(20),
  e2el_ms: stats(500),
  goodput: goodput === null ? null : { request_throughput: goodput, attainment: 0.9, slo: { ttft_ms: 200 } },
});

describe('metricIntervals', () => {
  it('gives each vocabulary metric its mean and 95 % Student-t interval over the runs', () => {
    const intervals = metricIntervals([run(1000, 80), run(1100, 90), run(1200, 100)], 2);
    // mean 1100, sd 100, t(2) = 4.303: half-width 4.303 · 100 / √3
    const half = (4.303 * 100) / Math.sqrt(3);
    expect(intervals.output_throughput).toEqual({ mean: 1100, low: 1100 - half, high: 1100 + half, n: 3 });
    expect(intervals.output_throughput_per_gpu?.mean).toBe(550);
    expect(intervals['ttft_ms.p99']).toMatchObject({ mean: 180, n: 3 });
    // Equal runs: a zero-width interval, not a missing one.
    expect(intervals['tpot_ms.p50']).toEqual({ mean: 20, low: 20, high: 20, n: 3 });
  });

  it('leaves out what a run lacks, and cost, and has nothing for one run', () => {
    const intervals = metricIntervals([run(1000, 80, 5), run(1100, 90)], 1);
    expect(intervals.goodput).toBeUndefined();
    expect(intervals.cost_per_million_tokens).toBeUndefined();
    expect(metricIntervals([run(1000, 80)], 1)).toEqual({});
  });
});

describe('meanRun', () => {
  it('averages every field, with whole counts, and keeps goodput only when every run has it', () => {
    const mean = meanRun([run(1000, 80, 4), run(1001, 90, 6)]);
    expect(mean.output_throughput).toBe(1000.5);
    expect(mean.total_output_tokens).toBe(10005);
    expect(mean.ttft_ms).toEqual({ mean: 85, p50: 85, p90: 85, p95: 85, p99: 170 });
    expect(mean.goodput).toEqual({ request_throughput: 5, attainment: 0.9, slo: { ttft_ms: 200 } });
    expect(meanRun([run(1000, 80, 4), run(1000, 80)]).goodput).toBeNull();
  });
});

describe('BenchmarkCreate measurements', () => {
  const base = {
    setting: postedSetting,
    runtime_options: {},
    metrics: run(1000, 80),
  };
  const pathOf = (body: unknown) => BenchmarkCreate.safeParse(body).error?.issues[0]?.path;

  it('takes 2–50 runs, and bounds telemetry samples and client reasons', () => {
    expect(BenchmarkCreate.safeParse({ ...base, runs: [run(1, 1), run(2, 2)] }).success).toBe(true);
    expect(pathOf({ ...base, runs: [run(1, 1)] })).toEqual(['runs']);
    expect(pathOf({ ...base, runs: Array.from({ length: 51 }, () => run(1, 1)) })).toEqual(['runs']);
    const samples = Array.from({ length: 2001 }, (_, i) => ({ t_s: i }));
    expect(pathOf({ ...base, telemetry: { interval_s: 1, samples } })).toEqual(['telemetry', 'samples']);
    expect(pathOf({ ...base, telemetry: { interval_s: 1, samples: [{ t_s: 1, kv_cache_usage: 1.5 }] } })).toEqual([
      'telemetry',
      'samples',
      0,
      'kv_cache_usage',
    ]);
    const client = {
      target_rate: 10,
      achieved_rate: 9,
      send_lag_ms: { p50: 1, p99: 20 },
      cpu_pct: 97,
      client_limited: true,
      client_limited_reasons: ['x'.repeat(301)],
    };
    expect(pathOf({ ...base, client })).toEqual(['client', 'client_limited_reasons', 0]);
  });
});
