import http from 'node:http';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { benchArgs, emulatorForTest, runCli } from './helpers.ts';
import { listen } from './listen.ts';

interface Doc {
  started_at: string;
  metrics: {
    duration_s: number;
    total_output_tokens: number;
    completed: number;
    /** What a --post would upload: the contract's share of the energy report. */
    energy?: { joules_per_output_token: number; joules_per_request: number; source: string };
  };
  energy: { source: string; joules: number; joules_per_output_token: number; joules_per_request: number } | null;
}

const run = async (url: string, extra: string[], env: NodeJS.ProcessEnv = {}, intervalS = '0.2') => {
  const output = join(mkdtempSync(join(tmpdir(), 'mako-energy-')), 'out.json');
  const result = await runCli(
    [
      ...benchArgs(url, { requests: 80, promptLen: 8, outputLen: 20 }),
      '--request-rate',
      '40',
      '--telemetry-interval',
      intervalS,
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
    console.info(`constant: J/token error ${(error * 100).toFixed(3)} %`);
    expect(error).toBeLessThan(0.01);
    expect(doc.energy?.joules_per_request).toBeCloseTo((400 * doc.metrics.duration_s) / doc.metrics.completed, 6);
    expect(result.stdout).toMatch(/Energy {7}\d+ J over [\d.]+ s \(nvidia-smi\) · [\d.]+ J\/output token/);
  }, 60_000);

  it('integrates a power that ramps over the run, not its first sample or a mean: J/token within 1 % of the truth', async () => {
    // Two GPUs sharing 400 W + 100 W/s from the moment the script is written (the run starts a few
    // seconds later): over a 2 s run the first sample × time misses by a tenth, the integral must not.
    const bin = mkdtempSync(join(tmpdir(), 'mako-fake-smi-'));
    const t0Ns = BigInt(Date.now()) * 1_000_000n;
    writeFileSync(
      join(bin, 'nvidia-smi'),
      `#!/bin/sh\nawk -v now="$(date +%s%N)" 'BEGIN { w = 400 + 100 * (now - ${t0Ns}) / 1e9; printf "61, 20480, %.3f\\n58, 20480, %.3f\\n", w * 0.6, w * 0.4 }'\n`,
    );
    chmodSync(join(bin, 'nvidia-smi'), 0o755);
    const emulator = await emulatorForTest({ ttftMs: 20, itlMs: 4 });
    const { doc } = await run(emulator.url, [], { PATH: `${bin}:${process.env.PATH ?? ''}` }, '0.1');
    expect(doc.energy?.source).toBe('nvidia-smi');
    // ∫ (400 + 100 τ) dτ over the window [a, b], τ in seconds since the script was written.
    const a = (Date.parse(doc.started_at) - Number(t0Ns / 1_000_000n)) / 1000;
    const b = a + doc.metrics.duration_s;
    const joules = 400 * (b - a) + 50 * (b * b - a * a);
    const truth = joules / doc.metrics.total_output_tokens;
    const firstSampleGuess = ((400 + 100 * a) * (b - a)) / doc.metrics.total_output_tokens;
    expect(Math.abs(firstSampleGuess - truth) / truth).toBeGreaterThan(0.05);
    const error = Math.abs((doc.energy?.joules_per_output_token as number) - truth) / truth;
    console.info(`ramp: J/token error ${(error * 100).toFixed(3)} %`);
    expect(error).toBeLessThan(0.01);
    expect(doc.energy?.joules_per_request).toBeCloseTo(joules / doc.metrics.completed, 0);
    // The posted metrics carry the same figures.
    expect(doc.metrics.energy).toEqual({
      joules_per_output_token: doc.energy?.joules_per_output_token,
      joules_per_request: doc.energy?.joules_per_request,
      source: 'nvidia-smi',
    });
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
    const error = Math.abs((doc.energy?.joules_per_output_token as number) - truth) / truth;
    console.info(`dcgm: J/token error ${(error * 100).toFixed(3)} %`);
    expect(error).toBeLessThan(0.01);
    expect(doc.metrics.energy?.source).toBe('dcgm');
  }, 60_000);

  it('is null without a power source', async () => {
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 1 });
    const { doc } = await run(emulator.url, [], { PATH: '/usr/bin:/bin' });
    expect(doc.energy).toBeNull();
  }, 60_000);
});
