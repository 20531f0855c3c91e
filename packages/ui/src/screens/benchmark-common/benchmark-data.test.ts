import { METRIC_KEYS } from '@mako/contract/vocabulary';
import { describe, expect, it } from 'vitest';
import { bestSetupReport, llamaH100Manual, qwenH100Setting } from './benchmark-common.fixtures';
import {
  benchmarkSettingTitle,
  formatCostPerMillion,
  formatLengths,
  formatMetric,
  formatRequestRate,
  metricLabel,
  readBenchmarkMetric,
  runtimeOptionsDiff,
} from './benchmark-data';
import { benchRunnerCommand } from './runner-commands';

describe('metrics', () => {
  it('names metrics', () => {
    expect(metricLabel('ttft_ms.p99')).toBe('p99 TTFT');
    expect(metricLabel('tpot_ms.mean')).toBe('Mean TPOT');
    expect(metricLabel('output_throughput_per_gpu')).toBe('Output tok/s per GPU');
  });

  it('reads every metric key from a benchmark', () => {
    for (const key of METRIC_KEYS) {
      const value = readBenchmarkMetric(llamaH100Manual, key);
      // No SLO, and a runner from before reasoning, prefix-cache and energy measurements.
      const unmeasured = ['goodput', 'prefix_cache_hit_rate', 'joules_per_output_token', 'joules_per_request'];
      if (unmeasured.includes(key) || key.startsWith('ttfot_ms.')) expect(value, key).toBeNull();
      else expect(value, key).toEqual(expect.any(Number));
    }
    // Its cost splits into input and output prices that add up to the run's whole cost.
    const { total_input_tokens: input, total_output_tokens: output } = llamaH100Manual.metrics;
    const bill =
      (readBenchmarkMetric(llamaH100Manual, 'cost_per_million_input_tokens')! * input +
        readBenchmarkMetric(llamaH100Manual, 'cost_per_million_output_tokens')! * output) /
      output;
    expect(bill).toBeCloseTo(llamaH100Manual.cost_per_million_tokens!, 9);
    expect(readBenchmarkMetric(llamaH100Manual, 'ttft_ms.p99')).toBe(392.9);
    expect(readBenchmarkMetric(bestSetupReport.best, 'output_throughput')).toBe(5240.8);
  });

  it('formats each metric in its unit', () => {
    expect(formatMetric('ttft_ms.p99', 392.9)).toBe('393 ms');
    expect(formatMetric('output_throughput', 5240.8)).toBe('5,241 tok/s');
    expect(formatMetric('goodput', 19.75)).toBe('19.75 req/s');
    expect(formatMetric('cost_per_million_tokens', 0.132)).toBe('$0.13');
    expect(formatCostPerMillion(1234.4)).toBe('$1,234');
    expect(formatMetric('ttfot_ms.p50', 1840)).toBe('1,840 ms');
    expect(formatMetric('joules_per_output_token', 0.4123)).toBe('0.412 J');
    expect(formatMetric('joules_per_request', 84.31)).toBe('84.3 J');
    expect(formatMetric('prefix_cache_hit_rate', 0.731)).toBe('73.1 %');
    expect(formatMetric('cost_per_million_input_tokens', 0.041)).toBe('$0.04');
    expect(metricLabel('ttfot_ms.p99')).toBe('p99 TTFOT');
    expect(metricLabel('joules_per_output_token')).toBe('Energy per output token');
  });
});

describe('settings', () => {
  it("titles a setting '{model name} benchmarks on {count}x {hardware name}'", () => {
    expect(benchmarkSettingTitle(qwenH100Setting)).toBe('Qwen/Qwen3-32B benchmarks on 2x H100');
  });

  it('describes the load', () => {
    expect(formatRequestRate('inf')).toBe('All at once');
    expect(formatRequestRate(8)).toBe('8 req/s');
    expect(formatLengths(qwenH100Setting.workload)).toBe('4–1,024 → 4–512');
  });
});

describe('runtimeOptionsDiff', () => {
  const a = { tp_size: 2, max_num_seqs: 256, kv_cache_dtype: 'auto' };
  const b = { tp_size: 2, max_num_seqs: 512, kv_cache_dtype: 'fp8' };

  it('shows the changes from the engine defaults when they are known', () => {
    expect(runtimeOptionsDiff(b, [a, b], { tp_size: 1, max_num_seqs: 256, kv_cache_dtype: 'auto' })).toEqual([
      { name: 'tp_size', value: 2 },
      { name: 'max_num_seqs', value: 512 },
      { name: 'kv_cache_dtype', value: 'fp8' },
    ]);
  });

  it('otherwise shows what differs between the benchmarks', () => {
    expect(runtimeOptionsDiff(b, [a, b]).map((option) => option.name)).toEqual(['max_num_seqs', 'kv_cache_dtype']);
    expect(runtimeOptionsDiff(a, [a]).map((option) => option.name)).toEqual([
      'tp_size',
      'max_num_seqs',
      'kv_cache_dtype',
    ]);
  });
});

describe('benchRunnerCommand', () => {
  it('uses the runner flags and only uploads with --post', () => {
    expect(benchRunnerCommand()).toBe(
      'MAKO_TOKEN=mako_… mako-runner bench --base-url http://127.0.0.1:8000 --request-rate 10 --num-requests 500 --prompt-len 1024 --output-len 256 --post',
    );
  });

  it('repeats a sharegpt workload with its file, bounds and sequence limit', () => {
    expect(
      benchRunnerCommand({
        model: qwenH100Setting.ml_model_name,
        hardware: '2x H100',
        runtime: 'sglang',
        workload: qwenH100Setting.workload,
      }),
    ).toBe(
      "MAKO_TOKEN=mako_… mako-runner bench --base-url http://127.0.0.1:8000 --model Qwen/Qwen3-32B --runtime sglang --dataset sharegpt --dataset-path ShareGPT_V3_unfiltered_cleaned_split.json --num-requests 2000 --request-rate 8 --min-prompt 4 --max-prompt 1024 --min-output 4 --max-output 512 --max-seq-length 4096 --hardware '2x H100' --post",
    );
  });

  it('reads a bare hardware name as one accelerator', () => {
    expect(benchRunnerCommand({ hardware: 'L40S' })).toContain("--hardware '1x L40S'");
  });
});
