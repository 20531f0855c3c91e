import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMETERS,
  calibrationInput,
  compareWithMeasurement,
  gpuSpec,
  modelSpec,
  parseCalibrationCsv,
  simulate,
} from '../src/index.ts';
import type { CalibrationComparison, CalibrationMetric, ModelParameters } from '../src/index.ts';

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

/**
 * The parameters `pnpm --filter @mako/perf-model calibrate` fitted on the five other sources for
 * the fold that leaves silybench out (its log line, as printed): judging silybench with them is a
 * held-out check that needs no fit in the test.
 */
const FITTED_WITHOUT_SILYBENCH: ModelParameters = {
  hbmEfficiency: 0.714,
  maxMfu: 0.557,
  halfMfuTokens: 96,
  precisionEfficiency: { fp8: 0.901, fp4: 0.441 },
  arch: { hopper: 1, ampere: 0.966, ada: 0.95, blackwell: 1.01, cdna3: 0.8 },
  moeEfficiency: 0.732,
  rocmFp8: 0.552,
  overlap: 0,
  layerLatencyUs: 27.3,
  tpLatencyUs: 11.4,
  tpLatencyGrowth: 1.41,
  cpuOverhead: 1.09,
  vllmV1Cpu: 0.829,
  legacyVllmPerSeqUs: 154,
  frontendMs: 14.8,
};

function errors(source: string, params: ModelParameters): Map<CalibrationMetric, CalibrationComparison[]> {
  const byMetric = new Map<CalibrationMetric, CalibrationComparison[]>();
  for (const p of points.filter((x) => x.source === source)) {
    const out = simulate(calibrationInput(p), params);
    expect(out.ok, `row ${p.id} runs`).toBe(true);
    for (const r of compareWithMeasurement(p, out)) byMetric.set(r.metric, [...(byMetric.get(r.metric) ?? []), r]);
  }
  return byMetric;
}

const medianAbs = (rows: CalibrationComparison[] | undefined) => {
  const s = (rows ?? []).map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

describe('calibrated model', () => {
  // Bounds from the README's calibration section: the held-out fold measured 24 % (tokens/s),
  // 29 % (TPOT) and 24 % (TTFT); the bounds leave a few points for deliberate model changes.
  it('predicts a source it was not fitted to within the documented held-out bounds', () => {
    const e = errors('silybench-qwen3-8b-h100', FITTED_WITHOUT_SILYBENCH);
    expect(e.get('output_tok_s')?.length).toBe(40);
    expect(medianAbs(e.get('output_tok_s'))).toBeLessThan(0.3);
    expect(medianAbs(e.get('tpot'))).toBeLessThan(0.35);
    expect(medianAbs(e.get('ttft'))).toBeLessThan(0.3);
  });

  it('fits that source far better once it is in the fit (the shipped parameters)', () => {
    const e = errors('silybench-qwen3-8b-h100', DEFAULT_PARAMETERS);
    expect(medianAbs(e.get('output_tok_s'))).toBeLessThan(0.1);
    expect(medianAbs(e.get('tpot'))).toBeLessThan(0.1);
    expect(medianAbs(e.get('ttft'))).toBeLessThan(0.2);
  });
});
