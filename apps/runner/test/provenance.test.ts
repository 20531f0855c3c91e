import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Provenance } from '@mako/contract';
import type { DatasetSpec } from '../src/bench/datasets.ts';
import {
  collectProvenance,
  describeProvenance,
  flagMismatches,
  gpuProvenance,
  redactArgv,
} from '../src/bench/provenance.ts';
import { PROVENANCE, type ProvenanceFixture } from './engine-dialects.ts';
import {
  TWO_H100_NAMES,
  benchArgs,
  emulatorForTest,
  fakeApiForTest,
  fakeNvidiaSmi,
  runCli,
  tuneArgs,
} from './helpers.ts';
import { listen } from './listen.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';

const randomSpec: DatasetSpec = {
  kind: 'random',
  minPrompt: 8,
  maxPrompt: 8,
  minOutput: 4,
  maxOutput: 4,
  numPrefixes: 1,
  seed: 7,
};

/** A loopback server answering an engine's recorded provenance endpoints, and 404 to any other. */
async function dialectServer(fixture: ProvenanceFixture) {
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    served.push(path);
    const route = fixture.routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      return;
    }
    res.writeHead(200, { 'content-type': route.contentType }).end(route.body);
  });
  const { port, close } = await listen(server);
  return { url: `http://127.0.0.1:${port}`, served, close };
}

/** nvidia-smi answering the provenance query for two H100s. */
const nvidiaSmiForProvenance = () =>
  fakeNvidiaSmi({
    'name,driver_version,memory.total':
      'NVIDIA H100 80GB HBM3, 570.124.06, 81559 MiB\\nNVIDIA H100 80GB HBM3, 570.124.06, 81559 MiB\\n',
    name: TWO_H100_NAMES,
  });

const noSmi = () => Promise.resolve(null);

describe('provenance from each engine’s own endpoints', () => {
  for (const fixture of PROVENANCE) {
    it(`${fixture.engine}: the engine, its version and the flags it reports`, async () => {
      const engine = await dialectServer(fixture);
      try {
        const p = await collectProvenance({
          baseUrl: engine.url,
          model: fixture.model,
          argv: ['bench'],
          dataset: randomSpec,
          asked: {},
          exec: noSmi,
        });
        expect(Provenance.safeParse(p).success).toBe(true);
        expect(p.engine.name).toBe(fixture.expect.name);
        expect(p.engine.version).toBe(fixture.expect.version);
        expect(p.flags).toMatchObject(fixture.expect.flags);
        for (const name of fixture.expect.absent) expect(p.flags).not.toHaveProperty(name);
        expect(p.flag_sources).toEqual(fixture.expect.sources);
        expect(p.gpu).toBeNull();
        expect(JSON.stringify(p)).not.toContain('sk-do-not-store');
      } finally {
        await engine.close();
      }
    });
  }

  it('records an unreachable or silent server as unknown, quickly, without failing', async () => {
    const silent = await dialectServer({ ...PROVENANCE[0]!, routes: {} });
    try {
      const p = await collectProvenance({
        baseUrl: silent.url,
        model: 'm',
        argv: ['bench'],
        dataset: randomSpec,
        asked: { block_size: 16 },
        exec: noSmi,
      });
      expect(p.engine).toEqual({ name: null, version: null, source: null });
      expect(p.flags).toEqual({});
      expect(p.mismatches).toEqual([]);
      expect(describeProvenance(p)).toContain('engine unknown');
    } finally {
      await silent.close();
    }
  });

  it('compares the flags asked for with those reported, as the engines print them', () => {
    const vllm = PROVENANCE.find((f) => f.engine === 'vllm')!;
    const reported = { ...vllm.expect.flags } as Record<string, string | number | boolean>;
    expect(
      flagMismatches(
        {
          block_size: 16,
          gpu_memory_utilization: 0.95,
          enable_prefix_caching: true,
          kv_cache_dtype: 'auto',
          max_num_seqs: 128,
          max_model_len: '8192',
        },
        reported,
      ),
    ).toEqual([
      { flag: 'gpu_memory_utilization', asked: 0.95, reported: 0.9 },
      // vLLM's CacheConfig names kv_cache_dtype cache_dtype; max_num_seqs is not reported, so not checked.
      { flag: 'kv_cache_dtype', asked: 'auto', reported: 'fp8' },
    ]);
  });
});

describe('the machine, the runner and the dataset', () => {
  it('reads the GPUs from nvidia-smi', async () => {
    const dir = nvidiaSmiForProvenance();
    const run = (file: string, args: string[]) =>
      new Promise<string | null>((resolve) => {
        // The same query the runner makes, against the fake on PATH.
        void import('node:child_process').then(({ execFile }) =>
          execFile(join(dir, file), args, { encoding: 'utf8' }, (error, stdout) => resolve(error ? null : stdout)),
        );
      });
    expect(await gpuProvenance(run)).toEqual({
      name: 'NVIDIA H100 80GB HBM3',
      driver: '570.124.06',
      memory_mib: 81559,
      count: 2,
    });
    expect(await gpuProvenance(noSmi)).toBeNull();
  });

  it('redacts tokens, keys and passwords from the command line', () => {
    expect(
      redactArgv([
        'bench',
        '--token',
        TOKEN,
        '--api-key=sk-live-123456789',
        '--base-url',
        'http://bench:pa55word@gpu-1:8000/v1',
        '--engine-cmd',
        'HF_TOKEN=hf_abcdefghijkl vllm serve {model} {flags} --api-key s3cret --port {port}',
        `--notes=ran with ${TOKEN}`,
        '--hf-token',
        '--quiet',
      ]),
    ).toEqual([
      'bench',
      '--token',
      '***',
      '--api-key=***',
      '--base-url',
      'http://***@gpu-1:8000/v1',
      '--engine-cmd',
      'HF_TOKEN=*** vllm serve {model} {flags} --api-key *** --port {port}',
      '--notes=ran with ***',
      '--hf-token',
      '--quiet',
    ]);
  });

  it('bench --post: the benchmark carries the provenance; the report and the JSON say it; a flag not taken is warned', async () => {
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 2 });
    const api = await fakeApiForTest({ token: TOKEN, configs: [] });
    const dir = mkdtempSync(join(tmpdir(), 'mako-prov-'));
    const output = join(dir, 'out.json');
    const run = await runCli(
      [
        ...benchArgs(emulator.url, { requests: 4, promptLen: 8, outputLen: 4 }),
        '--quiet',
        '--post',
        '--hardware',
        '2x H100',
        '--runtime-option',
        'max_model_len=4096',
        '--output',
        output,
        '--token',
        TOKEN,
      ],
      { PATH: `${nvidiaSmiForProvenance()}:${process.env.PATH ?? ''}`, MAKO_API_URL: api.url },
    );
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    // The emulator's /v1/models says 32768: the run asked for 4096.
    expect(run.stderr).toContain(
      'warning: the engine reports max_model_len = 32768, the run asked for 4096: the measurement is of what the engine ran',
    );
    expect(run.stdout).toMatch(
      /Provenance: vllm \S+ · \d+ flags reported .*· 2x NVIDIA H100 80GB HBM3, driver 570\.124\.06/,
    );
    const posted = api.benchmarks[0]?.provenance;
    expect(posted?.gpu).toEqual({ name: 'NVIDIA H100 80GB HBM3', driver: '570.124.06', memory_mib: 81559, count: 2 });
    expect(posted?.mismatches).toEqual([{ flag: 'max_model_len', asked: 4096, reported: 32768 }]);
    expect(posted?.dataset).toEqual({ kind: 'random', seed: expect.any(Number), file: null, sha256: null });
    expect(posted?.runner?.argv).toContain('***');
    expect(JSON.stringify(posted)).not.toContain(TOKEN);
    const document = JSON.parse(readFileSync(output, 'utf8')) as { provenance: unknown };
    expect(document.provenance).toEqual(posted);
  }, 60_000);

  it('fingerprints a trace file by its sha256', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mako-prov-trace-'));
    const path = join(dir, 'mooncake.jsonl');
    const text = '{"timestamp":0,"input_length":8,"output_length":4}\n';
    writeFileSync(path, text);
    const silent = await dialectServer({ ...PROVENANCE[0]!, routes: {} });
    try {
      const p = await collectProvenance({
        baseUrl: silent.url,
        model: 'm',
        argv: ['bench'],
        dataset: { ...randomSpec, kind: 'trace', path },
        asked: {},
        exec: noSmi,
      });
      expect(p.dataset).toEqual({
        kind: 'trace',
        seed: 7,
        file: 'mooncake.jsonl',
        sha256: createHash('sha256').update(text).digest('hex'),
      });
    } finally {
      await silent.close();
    }
  });

  it('tune: each trial carries its provenance, and a flag the engine reports otherwise is warned', async () => {
    // The fake engine takes max_num_seqs but keeps its own context length (its /v1/models says 32768).
    const api = await fakeApiForTest({ token: TOKEN, configs: [{ max_num_seqs: 8, max_model_len: 4096 }] });
    const logDir = mkdtempSync(join(tmpdir(), 'mako-prov-tune-'));
    const run = await runCli(
      [...tuneArgs(api.sessionId, '--ttft-ms 5 --itl-ms 2'), '--warmup', '0', '--log-dir', logDir, '--token', TOKEN],
      { MAKO_API_URL: api.url, PATH: `${nvidiaSmiForProvenance()}:${process.env.PATH ?? ''}` },
      120_000,
    );
    expect(run.code).toBe(0);
    expect(api.results.map((r) => (r.metrics ? 'metrics' : r.failure?.kind))).toEqual(['metrics']);
    expect(run.stderr).toContain('warning: the engine reports max_model_len = 32768, the run asked for 4096');
    const trial = JSON.parse(readFileSync(join(logDir, 'trial-1.json'), 'utf8')) as { provenance: Provenance };
    expect(trial.provenance.mismatches).toEqual([{ flag: 'max_model_len', asked: 4096, reported: 32768 }]);
    expect(trial.provenance.engine.name).toBe('vllm');
    expect(trial.provenance.gpu?.count).toBe(2);
    expect(trial.provenance.runner?.argv.slice(0, 3)).toEqual(['tune', '--session', api.sessionId]);
    expect(JSON.stringify(trial.provenance)).not.toContain(TOKEN);
  }, 150_000);
});
