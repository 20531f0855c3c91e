import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calibrationInput, compareWithMeasurement, modelSpec, gpuSpec, parseCalibrationCsv } from '../src/index.ts';

const csv = readFileSync(new URL('../calibration/points.csv', import.meta.url), 'utf8');
const sources = JSON.parse(readFileSync(new URL('../calibration/sources.json', import.meta.url), 'utf8')) as {
  id: string;
  url: string;
  commit?: string;
  repo?: string;
}[];
const points = parseCalibrationCsv(csv);

describe('calibration data', () => {
  it('holds at least 120 measured points from at least six sources', () => {
    expect(points.length).toBeGreaterThanOrEqual(120);
    expect(new Set(points.map((p) => p.source)).size).toBeGreaterThanOrEqual(6);
  });

  it('cites a known source with a URL on every row, and a commit for every repository file', () => {
    const byId = new Map(sources.map((s) => [s.id, s]));
    for (const p of points) {
      const source = byId.get(p.source);
      expect(source, `row ${p.id}`).toBeDefined();
      expect(source?.url).toMatch(/^https:\/\//);
      expect(p.ref.length, `row ${p.id} says where in the source`).toBeGreaterThan(5);
    }
    for (const s of sources) if (s.repo) expect(s.commit, s.id).toMatch(/^[0-9a-f]{40}$/);
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
  });

  it('describes every setting with a model and GPU the simulator knows and at least one measured figure', () => {
    for (const p of points) {
      expect(modelSpec(p.model), `row ${p.id} model`).toBeDefined();
      expect(gpuSpec(p.gpu), `row ${p.id} gpu`).toBeDefined();
      expect(p.tp, `row ${p.id} tp`).toBeLessThanOrEqual(p.gpu_count);
      expect(
        [p.output_tok_s, p.ttft_ms, p.tpot_ms, p.itl_ms, p.e2el_ms].some((v) => v !== null),
        `row ${p.id}`,
      ).toBe(true);
    }
  });

  it('rejects a malformed row by id and column instead of guessing', () => {
    const [header, first] = csv.split('\n');
    const broken = `${header}\n${(first ?? '').replace(/,(bf16|fp8|fp4),/, ',fp6,')}`;
    expect(() => parseCalibrationCsv(broken)).toThrow(/row 1: invalid weight_dtype 'fp6'/);
  });

  it('maps a point to the simulator input of its setting and compares like statistics', () => {
    const p = points.find((x) => x.source === 'silybench-qwen3-8b-h100' && x.concurrency === 16);
    if (!p) throw new Error('fixture point missing');
    const input = calibrationInput(p);
    expect(input.workload.max_concurrency).toBe(16);
    expect(input.config.tensor_parallel_size).toBe(1);
    expect(input.weight_dtype).toBe(p.weight_dtype);
    const rows = compareWithMeasurement(p, {
      ok: false,
      failure: { kind: 'oom', message: 'x' },
    });
    expect(rows).toEqual([]);
  });
});
