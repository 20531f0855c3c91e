/**
 * How wrong a prediction is likely to be, from the leave-one-source-out calibration: for each
 * metric, the spread of the held-out relative errors (predicted − measured) / measured, overall
 * and per engine and GPU family where enough points exist. `pnpm --filter @mako/perf-model
 * calibrate` writes calibration/error-bands.json; this module reads it and answers lookups in
 * constant time, so a caller can put a band beside every prediction it makes.
 */
import type { Runtime } from '@mako/contract';
import bandsFile from '../calibration/error-bands.json' with { type: 'json' };
import type { CalibrationComparison, CalibrationPoint } from './calibration.ts';
import { gpuSpec, gpuTraits } from './hardware.ts';
import type { GpuArch } from './hardware.ts';

/** The metrics a band is given for (the planner's three; E2E latency has too few points). */
export type BandMetric = 'output_tok_s' | 'ttft' | 'tpot';
export const BAND_METRICS: readonly BandMetric[] = ['output_tok_s', 'ttft', 'tpot'];

/** The held-out error of one group of calibration points. */
export interface ErrorStats {
  points: number;
  /** Median |relative error|: half of the held-out predictions were closer than this. */
  median_abs_error: number;
  /** 90th percentile of |relative error|. */
  p90_abs_error: number;
  /** Share of points where the model promised more throughput or less latency than measured. */
  optimistic_share: number;
}

export interface ErrorBandsData {
  /** Fewest points a group needs before its own figure is used instead of the overall one. */
  min_points: number;
  metrics: Record<
    BandMetric,
    { all: ErrorStats; engine: Partial<Record<string, ErrorStats>>; gpu_family: Partial<Record<string, ErrorStats>> }
  >;
}

/** The band that applies to one prediction, and which calibration group it came from. */
export interface ErrorBand extends ErrorStats {
  metric: BandMetric;
  /** 'all', 'engine:vllm' or 'gpu_family:hopper'. */
  basis: string;
}

/** Below this many held-out points a group's median is too noisy to beat the overall figure. */
export const MIN_BAND_POINTS = 8;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function quantile(sorted: number[], q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

function stats(rows: readonly CalibrationComparison[]): ErrorStats {
  // No held-out point for a metric: zeros, which the lookup's point count exposes (never NaN in JSON).
  if (rows.length === 0) return { points: 0, median_abs_error: 0, p90_abs_error: 0, optimistic_share: 0 };
  const abs = rows.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  return {
    points: rows.length,
    median_abs_error: round3(quantile(abs, 0.5)),
    p90_abs_error: round3(quantile(abs, 0.9)),
    optimistic_share: round3(rows.filter((r) => r.optimistic).length / rows.length),
  };
}

/** The GPU family ("architecture") a calibration or planner GPU belongs to; unknown GPUs have none. */
export function gpuFamily(gpu: string): GpuArch | null {
  const spec = gpuSpec(gpu);
  return spec ? gpuTraits(spec).arch : null;
}

/**
 * The bands from held-out comparisons (each point judged by a fit that never saw its source).
 * Groups are sorted by name so that the same residuals always give the same file.
 */
export function errorBandsFrom(
  judged: readonly { point: CalibrationPoint; rows: readonly CalibrationComparison[] }[],
): ErrorBandsData {
  const metrics = {} as ErrorBandsData['metrics'];
  for (const metric of BAND_METRICS) {
    const all: CalibrationComparison[] = [];
    const byEngine = new Map<string, CalibrationComparison[]>();
    const byFamily = new Map<string, CalibrationComparison[]>();
    for (const { point, rows } of judged)
      for (const row of rows) {
        if (row.metric !== metric) continue;
        all.push(row);
        byEngine.set(point.engine, [...(byEngine.get(point.engine) ?? []), row]);
        const family = gpuFamily(point.gpu);
        if (family) byFamily.set(family, [...(byFamily.get(family) ?? []), row]);
      }
    const grouped = (m: Map<string, CalibrationComparison[]>) =>
      Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, rows]) => [k, stats(rows)]));
    metrics[metric] = { all: stats(all), engine: grouped(byEngine), gpu_family: grouped(byFamily) };
  }
  return { min_points: MIN_BAND_POINTS, metrics };
}

/**
 * The band for one prediction: the engine's and the GPU family's own figures where each rests on
 * at least `min_points` held-out points, the wider of the two when both do (a band should not
 * flatter), else the overall figure.
 */
export function errorBand(
  metric: BandMetric,
  at: { engine: Runtime; gpu: string },
  data: ErrorBandsData = bandsFile as ErrorBandsData,
): ErrorBand {
  const table = data.metrics[metric];
  const family = gpuFamily(at.gpu);
  const candidates: ErrorBand[] = [];
  const engineStats = table.engine[at.engine];
  if (engineStats && engineStats.points >= data.min_points)
    candidates.push({ ...engineStats, metric, basis: `engine:${at.engine}` });
  const familyStats = family ? table.gpu_family[family] : undefined;
  if (familyStats && familyStats.points >= data.min_points)
    candidates.push({ ...familyStats, metric, basis: `gpu_family:${family}` });
  if (candidates.length === 0) return { ...table.all, metric, basis: 'all' };
  return candidates.reduce((a, b) => (b.median_abs_error > a.median_abs_error ? b : a));
}
