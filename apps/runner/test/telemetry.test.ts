import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TELEMETRY_SAMPLES } from '@mako/contract';
import type { RequestOutcome } from '../src/bench/client.ts';
import { parseNvidiaSmi, parsePrometheus } from '../src/bench/telemetry.ts';
import { telemetryUpload } from '../src/bench/upload.ts';
import { TWO_H100_NAMES, benchArgs, emulatorForTest, fakeApiForTest, fakeNvidiaSmi, runCli } from './helpers.ts';

/** nvidia-smi reporting two GPUs' utilisation, memory and power (the second without a power reading). */
const nvidiaSmiForTelemetry = () =>
  fakeNvidiaSmi({
    'utilization.gpu,memory.used,power.draw': '87, 61234, 612.50\\n91, 60000, [N/A]\\n',
    name: TWO_H100_NAMES,
  });

/** 8 requests of 8 → 20 tokens: long enough streams for a few telemetry samples. */
const sampledRun = (url: string) => benchArgs(url, { requests: 8, promptLen: 8, outputLen: 20 });

describe('engine telemetry', () => {
  it('parses Prometheus text, summing label sets, and nvidia-smi rows', () => {
    const text = [
      '# TYPE vllm:num_requests_running gauge',
      'vllm:num_requests_running{engine="0"} 3',
      'vllm:num_requests_running{engine="1"} 2',
      'vllm:kv_cache_usage_perc{engine="0"} 0.25',
      'vllm:num_requests_running_other 9',
      'sglang:num_queue_reqs{tp_rank="0"} 7.0',
      'garbage line',
    ].join('\n');
    expect(Object.fromEntries(parsePrometheus(text))).toEqual({
      'vllm:num_requests_running': 5,
      'vllm:kv_cache_usage_perc': 0.25,
      'sglang:num_queue_reqs': 7,
    });
    expect(parseNvidiaSmi('87, 61234, 612.50\n91, 60000, [N/A]\n')).toEqual([
      { utilization_pct: 87, memory_used_mib: 61234, power_w: 612.5 },
      { utilization_pct: 91, memory_used_mib: 60000, power_w: null },
    ]);
  });

  it('bench: time series of the engine metrics and of nvidia-smi in the JSON', async () => {
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 5 });
    const output = join(mkdtempSync(join(tmpdir(), 'mako-tel-')), 'out.json');
    const args = sampledRun(emulator.url);
    const run = await runCli([...args, '--telemetry-interval', '0.05', '--quiet', '--output', output], {
      PATH: `${nvidiaSmiForTelemetry()}:${process.env.PATH ?? ''}`,
    });
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const doc = JSON.parse(readFileSync(output, 'utf8')) as {
      telemetry: {
        interval_s: number;
        engine: { url: string; series: Record<string, [number, number][]> };
        gpu: { t_s: number; gpus: unknown[] }[];
      };
    };
    const { telemetry } = doc;
    expect(telemetry.interval_s).toBe(0.05);
    expect(telemetry.engine.url).toBe(`${emulator.url}/metrics`);
    expect(Object.keys(telemetry.engine.series).sort()).toEqual([
      'vllm:kv_cache_usage_perc',
      'vllm:num_preemptions_total',
      'vllm:num_requests_running',
      'vllm:num_requests_waiting',
      'vllm:prefix_cache_hits_total',
      'vllm:prefix_cache_queries_total',
    ]);
    // One sample when the run starts and one when it ends, at least: the last saw all 8 requests.
    const queries = telemetry.engine.series['vllm:prefix_cache_queries_total']!;
    expect(queries.length).toBeGreaterThanOrEqual(2);
    expect(queries[queries.length - 1]![1]).toBe(8 * 16);
    expect(queries.map(([t]) => t)).toEqual([...queries.map(([t]) => t)].sort((a, b) => a - b));
    expect(telemetry.gpu.length).toBeGreaterThanOrEqual(2);
    expect(telemetry.gpu[0]!.gpus).toEqual([
      { utilization_pct: 87, memory_used_mib: 61234, power_w: 612.5 },
      { utilization_pct: 91, memory_used_mib: 60000, power_w: null },
    ]);
  }, 60_000);

  it('records nothing for an endpoint without /metrics, nor with the interval at 0', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, metrics: false });
    const output = join(mkdtempSync(join(tmpdir(), 'mako-tel-')), 'out.json');
    const args = ['bench', '--base-url', emulator.url, '--num-requests', '4', '--prompt-len', '8', '--output-len', '4'];
    const run = await runCli([...args, '--telemetry-interval', '0.05', '--quiet', '--output', output], {
      PATH: '/usr/bin:/bin',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toMatchObject({
      telemetry: { engine: null, gpu: null },
    });
    await runCli([...args, '--telemetry-interval', '0', '--quiet', '--output', output]);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toMatchObject({ telemetry: null });
  }, 60_000);

  it('maps vLLM and nvidia-smi series to the stored samples, with the run’s own throughput between them', () => {
    // A response whose 4 tokens arrive in two chunks at 0.5 s and 1.5 s after the run started at 1000 ms.
    const outcome = { ok: true, startMs: 1400, ttftMs: 100, itlMs: [1000] } as RequestOutcome;
    const upload = telemetryUpload(
      {
        interval_s: 1,
        engine: {
          url: 'http://engine/metrics',
          series: {
            'vllm:num_requests_running': [
              [0, 0],
              [1, 1],
              [2, 0],
            ],
            'vllm:gpu_cache_usage_perc': [
              [0, 0],
              [1, 1.2],
              [2, 0.5],
            ],
            'vllm:prefix_cache_hits_total': [
              [0, 10],
              [1, 10],
              [2, 40],
            ],
            'vllm:prefix_cache_queries_total': [
              [0, 20],
              [1, 20],
              [2, 60],
            ],
          },
        },
        gpu: [
          {
            t_s: 1,
            gpus: [
              { utilization_pct: 80, memory_used_mib: 1000, power_w: 300 },
              { utilization_pct: 100, memory_used_mib: 500, power_w: null },
            ],
          },
        ],
      },
      { outcomes: [outcome], t0Ms: 1000 },
      [4],
    );
    expect(upload).toEqual({
      interval_s: 1,
      samples: [
        { t_s: 0, running: 0, kv_cache_usage: 0 },
        {
          t_s: 1,
          output_throughput: 2,
          running: 1,
          kv_cache_usage: 1,
          gpu_utilization_pct: 90,
          gpu_memory_used_mib: 1500,
          gpu_power_w: 300,
        },
        { t_s: 2, output_throughput: 2, running: 0, kv_cache_usage: 0.5, prefix_cache_hit_rate: 0.75 },
      ],
    });
    expect(telemetryUpload({ interval_s: 1, engine: null, gpu: null }, { outcomes: [], t0Ms: 0 }, [])).toBeNull();
  });

  it('thins a long run to the contract’s bound, keeping its first and last sample', () => {
    const series: [number, number][] = Array.from({ length: 5000 }, (_, i) => [i, i]);
    const upload = telemetryUpload(
      { interval_s: 1, engine: { url: 'u', series: { 'sglang:num_queue_reqs': series } }, gpu: null },
      { outcomes: [], t0Ms: 0 },
      [],
    );
    expect(upload?.samples).toHaveLength(MAX_TELEMETRY_SAMPLES);
    expect(upload?.samples[0]).toEqual({ t_s: 0, waiting: 0 });
    expect(upload?.samples.at(-1)).toEqual({ t_s: 4999, waiting: 4999, output_throughput: 0 });
  });

  it('bench --post: the benchmark carries the telemetry and the client’s report', async () => {
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 5 });
    const api = await fakeApiForTest({ token: 'mako_TestToken0123456789abcdefghijklmnop', configs: [] });
    const args = sampledRun(emulator.url);
    const run = await runCli([...args, '--telemetry-interval', '0.05', '--quiet', '--post', '--hardware', '2x H100'], {
      PATH: `${nvidiaSmiForTelemetry()}:${process.env.PATH ?? ''}`,
      MAKO_TOKEN: 'mako_TestToken0123456789abcdefghijklmnop',
      MAKO_API_URL: api.url,
    });
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const [posted] = api.benchmarks;
    const samples = posted?.telemetry?.samples ?? [];
    expect(samples.length).toBeGreaterThanOrEqual(2);
    expect(samples.map((s) => s.t_s)).toEqual([...samples.map((s) => s.t_s)].sort((a, b) => a - b));
    expect(samples.at(-1)).toMatchObject({
      running: expect.any(Number),
      waiting: expect.any(Number),
      kv_cache_usage: expect.any(Number),
      preemptions: expect.any(Number),
      gpu_utilization_pct: 89,
      gpu_memory_used_mib: 121234,
      gpu_power_w: 612.5,
    });
    // Every output token lands in one interval: the throughputs add back up to the run's tokens.
    const tokens = samples
      .slice(1)
      .reduce((sum, s, i) => sum + (s.output_throughput ?? 0) * (s.t_s - samples[i]!.t_s), 0);
    expect(tokens).toBeCloseTo(posted!.metrics.total_output_tokens, 6);
    expect(posted?.client).toMatchObject({ client_limited: false, cpu_pct: expect.any(Number) });
  }, 60_000);
});
