import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseNvidiaSmi, parsePrometheus } from '../src/bench/telemetry.ts';
import { startEmulator, type Emulator } from './emulator.ts';
import { runCli } from './helpers.ts';

let emulator: Emulator | null = null;
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

/** A directory with an nvidia-smi that reports two GPUs, to put first on PATH. */
function fakeNvidiaSmi(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mako-smi-'));
  const script = join(dir, 'nvidia-smi');
  writeFileSync(
    script,
    `#!/bin/sh
case "$*" in
  *--query-gpu=utilization.gpu,memory.used,power.draw*) printf '87, 61234, 612.50\\n91, 60000, [N/A]\\n' ;;
  *--query-gpu=name*) printf 'NVIDIA H100 80GB HBM3\\nNVIDIA H100 80GB HBM3\\n' ;;
  *) exit 1 ;;
esac
`,
  );
  chmodSync(script, 0o755);
  return dir;
}

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
    emulator = await startEmulator({ ttftMs: 20, itlMs: 5 });
    const output = join(mkdtempSync(join(tmpdir(), 'mako-tel-')), 'out.json');
    const args = [
      'bench',
      '--base-url',
      emulator.url,
      '--num-requests',
      '8',
      '--prompt-len',
      '8',
      '--output-len',
      '20',
    ];
    const run = await runCli([...args, '--telemetry-interval', '0.05', '--quiet', '--output', output], {
      PATH: `${fakeNvidiaSmi()}:${process.env.PATH ?? ''}`,
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
    emulator = await startEmulator({ ttftMs: 2, itlMs: 1, metrics: false });
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
});
