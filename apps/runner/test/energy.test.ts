import http from 'node:http';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { benchArgs, emulatorForTest, runCli } from './helpers.ts';
import { listen } from './listen.ts';

interface Doc {
  metrics: { duration_s: number; total_output_tokens: number; completed: number };
  energy: { source: string; joules: number; joules_per_output_token: number; joules_per_request: number } | null;
}

const run = async (url: string, extra: string[], env: NodeJS.ProcessEnv = {}) => {
  const output = join(mkdtempSync(join(tmpdir(), 'mako-energy-')), 'out.json');
  const result = await runCli(
    [
      ...benchArgs(url, { requests: 80, promptLen: 8, outputLen: 20 }),
      '--request-rate',
      '40',
      '--telemetry-interval',
      '0.2',
      '--quiet',
      '--output',
      output,
      ...extra,
    ],
    env,
  );
  expect(result.stderr).not.toMatch(/error/);
  return { result, doc: JSON.parse(readFileSync(output, 'utf8')) as Doc };
};

describe('energy per token', () => {
  it('integrates nvidia-smi power over the measured window: J/token within 1 % of the truth', async () => {
    // Two GPUs drawing 250 W and 150 W, whatever is asked: 400 W for the whole run.
    const bin = mkdtempSync(join(tmpdir(), 'mako-fake-smi-'));
    writeFileSync(join(bin, 'nvidia-smi'), '#!/bin/sh\nprintf "61, 20480, 250.00\\n58, 20480, 150.00\\n"\n');
    chmodSync(join(bin, 'nvidia-smi'), 0o755);
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 4 });
    const { result, doc } = await run(emulator.url, [], { PATH: `${bin}:${process.env.PATH ?? ''}` });
    expect(doc.energy?.source).toBe('nvidia-smi');
    const truth = (400 * doc.metrics.duration_s) / doc.metrics.total_output_tokens;
    const error = Math.abs((doc.energy?.joules_per_output_token as number) - truth) / truth;
    expect(error).toBeLessThan(0.01);
    expect(doc.energy?.joules_per_request).toBeCloseTo((400 * doc.metrics.duration_s) / doc.metrics.completed, 6);
    expect(result.stdout).toMatch(/Energy {7}\d+ J over [\d.]+ s \(nvidia-smi\) · [\d.]+ J\/output token/);
  }, 60_000);

  it("reads a DCGM exporter's energy counter with --dcgm-url: J/token within 1 % of the truth", async () => {
    // Counters in mJ since "boot", growing at 300 W and 200 W: 500 W in all.
    const start = performance.now();
    const server = http.createServer((req, res) => {
      const s = (performance.now() - start) / 1000;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(
        [
          '# HELP DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION Total energy consumption since boot (in mJ).',
          '# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter',
          `DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu="0",UUID="GPU-a",device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="h"} ${(9e9 + 300_000 * s).toFixed(0)}`,
          `DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu="1",UUID="GPU-b",device="nvidia1",modelName="NVIDIA H100 80GB HBM3",Hostname="h"} ${(7e9 + 200_000 * s).toFixed(0)}`,
          'DCGM_FI_DEV_POWER_USAGE{gpu="0"} 300.0',
          '',
        ].join('\n'),
      );
    });
    const { port, close } = await listen(server);
    onTestFinished(close);
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 4 });
    // No nvidia-smi on this PATH: the energy can only come from DCGM.
    const { doc } = await run(emulator.url, ['--dcgm-url', `http://127.0.0.1:${port}/metrics`], {
      PATH: '/usr/bin:/bin',
    });
    expect(doc.energy?.source).toBe('dcgm');
    const truth = (500 * doc.metrics.duration_s) / doc.metrics.total_output_tokens;
    expect(Math.abs((doc.energy?.joules_per_output_token as number) - truth) / truth).toBeLessThan(0.01);
  }, 60_000);

  it('is null without a power source', async () => {
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 1 });
    const { doc } = await run(emulator.url, [], { PATH: '/usr/bin:/bin' });
    expect(doc.energy).toBeNull();
  }, 60_000);
});
