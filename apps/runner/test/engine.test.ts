import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine, classifyFailure, freePort, groupAlive, renderEngineCommand } from '../src/engine/engine.ts';
import { detectHardware, normaliseAcceleratorName } from '../src/setting.ts';
import { fakeEngineTemplate, pidAlive } from './helpers.ts';

const controller = new AbortController();

describe('engine command templates', () => {
  it("renders the session runtime's flags into the catalogue template and appends host and port", () => {
    const command = renderEngineCommand('vllm serve {model} {flags}', {
      runtime: 'vllm',
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      config: { max_num_seqs: 128, enable_prefix_caching: false, gpu_memory_utilization: 0.92 },
      port: 9001,
      host: '127.0.0.1',
    });
    expect(command).toBe(
      'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 128 --gpu-memory-utilization 0.92 --no-enable-prefix-caching --host 127.0.0.1 --port 9001',
    );
  });

  it('fills {port} and {host} where the template puts them, and quotes the model for the shell', () => {
    const command = renderEngineCommand('docker run -p {port}:8000 img --model {model} {flags}', {
      runtime: 'sglang',
      model: "it's mine",
      config: { tp_size: 2 },
      port: 7000,
      host: '0.0.0.0',
    });
    expect(command).toBe(`docker run -p 7000:8000 img --model 'it'"'"'s mine' --tp-size 2`);
    expect(() =>
      renderEngineCommand('vllm serve {model}', { runtime: 'vllm', model: 'm', config: {}, port: 1, host: 'h' }),
    ).toThrow(/must contain \{flags\}/);
  });
});

describe('failure classification', () => {
  it('reads out-of-memory errors from the logs as oom', () => {
    const f = classifyFailure(
      'loading\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n',
      { code: 1, signal: null },
      'startup',
    );
    expect(f).toEqual({
      kind: 'oom',
      message: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (exit code 1)',
    });
    expect(
      classifyFailure(
        'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization`',
        { code: 1, signal: null },
        'startup',
      ).kind,
    ).toBe('oom');
    expect(classifyFailure('', { code: null, signal: 'SIGKILL' }, 'benchmark').kind).toBe('oom');
  });

  it('tells argument errors, timeouts and crashes apart', () => {
    expect(
      classifyFailure(
        'usage: vllm serve\nvllm serve: error: unrecognized arguments: --bogus',
        { code: 2, signal: null },
        'startup',
      ).kind,
    ).toBe('invalid');
    expect(classifyFailure('loading weights', null, 'health-timeout').kind).toBe('timeout');
    const crash = classifyFailure('Segmentation fault', { code: 139, signal: null }, 'startup');
    expect(crash.kind).toBe('crash');
    expect(crash.message).toContain('exit code 139');
    expect(crash.message).toContain('Segmentation fault');
  });
});

describe('engine process lifecycle (real processes)', () => {
  const start = async (extra: string) => {
    const port = await freePort();
    const command = renderEngineCommand(fakeEngineTemplate(extra), {
      runtime: 'vllm',
      model: 'mako/emulated-model',
      config: { max_num_seqs: 4 },
      port,
      host: '127.0.0.1',
    });
    return { engine: Engine.start(command, { env: process.env }), url: `http://127.0.0.1:${port}` };
  };

  it('waits for health, then stops the whole process group including forked workers', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'mako-eng-')), 'pids');
    const { engine, url } = await start(`--spawn-worker --pid-file ${pidFile}`);
    expect(await engine.waitHealthy(url, 30_000, controller.signal, 100)).toBe('healthy');
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    expect(pids.every(pidAlive)).toBe(true);
    await engine.stop(5000);
    expect(groupAlive(engine.pgid)).toBe(false);
    expect(pids.some(pidAlive)).toBe(false);
    expect(engine.logs).toContain('Uvicorn running on');
  }, 40_000);

  it('escalates to SIGKILL when the engine ignores SIGTERM', async () => {
    const { engine, url } = await start('--ignore-sigterm');
    expect(await engine.waitHealthy(url, 30_000, controller.signal, 100)).toBe('healthy');
    const started = Date.now();
    await engine.stop(300);
    expect(groupAlive(engine.pgid)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(engine.logs).toContain('SIGTERM ignored');
  }, 40_000);

  it('reports an engine that dies at startup, with logs that classify as oom', async () => {
    const { engine, url } = await start('--fail-startup oom');
    expect(await engine.waitHealthy(url, 30_000, controller.signal, 100)).toBe('exited');
    expect(classifyFailure(engine.logs, engine.exitInfo, 'startup').kind).toBe('oom');
    await engine.stop(1000);
  }, 40_000);

  it('times out an engine that never becomes healthy', async () => {
    const { engine, url } = await start('--fail-startup hang');
    expect(await engine.waitHealthy(url, 1500, controller.signal, 100)).toBe('timeout');
    expect(classifyFailure(engine.logs, engine.exitInfo, 'health-timeout').kind).toBe('timeout');
    await engine.stop(1000);
    expect(groupAlive(engine.pgid)).toBe(false);
  }, 40_000);
});

describe('hardware detection', () => {
  it('normalises accelerator names as users say them', () => {
    expect(normaliseAcceleratorName('NVIDIA H100 80GB HBM3')).toBe('H100');
    expect(normaliseAcceleratorName('NVIDIA A100-SXM4-80GB')).toBe('A100-80GB');
    expect(normaliseAcceleratorName('NVIDIA L40S')).toBe('L40S');
    expect(normaliseAcceleratorName('AMD Instinct MI300X')).toBe('MI300X');
    expect(normaliseAcceleratorName('NVIDIA GeForce RTX 4090')).toBe('RTX 4090');
  });

  it('runs nvidia-smi from PATH and honours CUDA_VISIBLE_DEVICES; none on PATH gives null', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'mako-smi-'));
    const smi = join(bin, 'nvidia-smi');
    writeFileSync(smi, '#!/bin/sh\nfor i in 0 1 2 3 4 5 6 7; do echo "NVIDIA H100 80GB HBM3"; done\n');
    chmodSync(smi, 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      expect(await detectHardware({})).toEqual({ count: 8, name: 'H100', source: 'nvidia-smi' });
      expect(await detectHardware({ CUDA_VISIBLE_DEVICES: '0,1' })).toMatchObject({ count: 2, name: 'H100' });
      process.env.PATH = mkdtempSync(join(tmpdir(), 'mako-empty-'));
      expect(await detectHardware({})).toBeNull();
    } finally {
      process.env.PATH = path;
    }
  });
});
