import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BAND_METRICS, errorBand, errorBandsFrom, parseCalibrationCsv } from '../src/index.ts';
import type { CalibrationComparison, CalibrationPoint, ErrorBandsData } from '../src/index.ts';

const points = parseCalibrationCsv(readFileSync(new URL('../calibration/points.csv', import.meta.url), 'utf8'));
const onH100vllm = points.find((p) => p.gpu === 'H100' && p.engine === 'vllm') as CalibrationPoint;
const onB200trt = points.find((p) => p.gpu === 'B200' && p.engine === 'tensorrt-llm') as CalibrationPoint;

const row = (error: number): CalibrationComparison => ({
  metric: 'output_tok_s',
  measured: 100,
  predicted: 100 * (1 + error),
  error,
  optimistic: error > 0,
});

describe('errorBandsFrom', () => {
  it('takes the median and 90th percentile of the absolute held-out errors per engine and GPU family', () => {
    const judged = [
      ...[0.1, -0.2, 0.3, -0.4].map((e) => ({ point: onH100vllm, rows: [row(e)] })),
      ...[0.05, 0.05].map((e) => ({ point: onB200trt, rows: [row(e)] })),
    ];
    const data = errorBandsFrom(judged);
    expect(data.metrics.output_tok_s.all).toEqual({
      points: 6,
      median_abs_error: 0.15,
      p90_abs_error: 0.35,
      optimistic_share: 0.667,
    });
    expect(data.metrics.output_tok_s.engine.vllm).toMatchObject({ points: 4, median_abs_error: 0.25 });
    expect(data.metrics.output_tok_s.gpu_family.blackwell).toMatchObject({ points: 2, median_abs_error: 0.05 });
    expect(data.metrics.ttft.all.points).toBe(0);
  });
});

describe('errorBand', () => {
  const stats = (points: number, median: number) => ({
    points,
    median_abs_error: median,
    p90_abs_error: 2 * median,
    optimistic_share: 0.5,
  });
  const table = {
    all: stats(100, 0.2),
    engine: { vllm: stats(40, 0.3), sglang: stats(3, 0.9), 'tensorrt-llm': stats(50, 0.07) },
    gpu_family: { hopper: stats(60, 0.1), ampere: stats(20, 0.6) },
  };
  const data: ErrorBandsData = {
    min_points: 8,
    metrics: { output_tok_s: table, ttft: table, tpot: table },
  };

  it('uses the wider of the engine and GPU-family figures where both rest on enough points', () => {
    expect(errorBand('output_tok_s', { engine: 'vllm', gpu: 'H100' }, data)).toMatchObject({
      median_abs_error: 0.3,
      basis: 'engine:vllm',
    });
    expect(errorBand('ttft', { engine: 'tensorrt-llm', gpu: 'A100-80GB' }, data)).toMatchObject({
      median_abs_error: 0.6,
      basis: 'gpu_family:ampere',
      metric: 'ttft',
    });
  });

  it('falls back to the overall figure where the groups are too thin or absent', () => {
    // SGLang has 3 points (below 8) and Blackwell none: the overall 20 %.
    expect(errorBand('tpot', { engine: 'sglang', gpu: 'B200' }, data)).toMatchObject({
      median_abs_error: 0.2,
      points: 100,
      basis: 'all',
    });
  });

  it('reads the shipped bands, written by the calibration script, for every metric', () => {
    for (const metric of BAND_METRICS) {
      const band = errorBand(metric, { engine: 'vllm', gpu: 'H100' });
      expect(band.points).toBeGreaterThanOrEqual(8);
      expect(band.median_abs_error).toBeGreaterThan(0);
      expect(band.p90_abs_error).toBeGreaterThanOrEqual(band.median_abs_error);
    }
  });
});
