import type { RunResult } from './run.ts';
import type { Telemetry } from './telemetry.ts';

export interface EnergyReport {
  /** Where the energy figure comes from. */
  source: 'nvidia-smi' | 'dcgm';
  /** The measured window: from the run's start to its last request's end. */
  window_s: number;
  joules: number;
  joules_per_output_token: number | null;
  joules_per_request: number | null;
}

const line = (a: [number, number], b: [number, number], t: number) =>
  b[0] === a[0] ? b[1] : a[1] + ((b[1] - a[1]) * (t - a[0])) / (b[0] - a[0]);

/** A power series' value at time t, linear between its samples and held beyond its ends. */
function valueAt(series: readonly [number, number][], t: number): number {
  const first = series[0] as [number, number];
  if (t <= first[0]) return first[1];
  for (let i = 1; i < series.length; i++) {
    const b = series[i] as [number, number];
    if (t <= b[0]) return line(series[i - 1] as [number, number], b, t);
  }
  return (series[series.length - 1] as [number, number])[1];
}

/** ∫ power dt over [0, end] for a power series in W, linear between samples (trapezoids). */
function integrate(series: readonly [number, number][], end: number): number {
  const points: [number, number][] = [[0, valueAt(series, 0)]];
  for (const [t, w] of series) if (t > 0 && t < end) points.push([t, w]);
  points.push([end, valueAt(series, end)]);
  let joules = 0;
  for (let i = 1; i < points.length; i++) {
    const [t0, w0] = points[i - 1] as [number, number];
    const [t1, w1] = points[i] as [number, number];
    joules += ((w0 + w1) / 2) * (t1 - t0);
  }
  return joules;
}

/**
 * The GPUs' energy over the measured window: from a DCGM exporter's energy counter when it was
 * read (the hardware's own integral, mJ), else nvidia-smi's power draw summed over GPUs and
 * integrated over time. Null without at least two samples of either.
 */
export function energyReport(
  telemetry: Telemetry | null,
  dcgm: RunResult['dcgmEnergy'],
  windowS: number,
  run: { completed: number; outputTokens: number },
): EnergyReport | null {
  if (windowS <= 0) return null;
  let joules: number;
  let source: EnergyReport['source'] = 'dcgm';
  // The counter's reads bracket the window by a few ms: its mean power times the window.
  if (dcgm && dcgm.endS > dcgm.startS) joules = (dcgm.millijoules / 1000 / (dcgm.endS - dcgm.startS)) * windowS;
  else {
    const power = (telemetry?.gpu ?? [])
      .map((s): [number, number] | null => {
        const watts = s.gpus.map((g) => g.power_w).filter((w): w is number => w !== null);
        return watts.length ? [s.t_s, watts.reduce((a, b) => a + b, 0)] : null;
      })
      .filter((p): p is [number, number] => p !== null);
    if (power.length < 2) return null;
    joules = integrate(power, windowS);
    source = 'nvidia-smi';
  }
  return {
    source,
    window_s: windowS,
    joules,
    joules_per_output_token: run.outputTokens > 0 ? joules / run.outputTokens : null,
    joules_per_request: run.completed > 0 ? joules / run.completed : null,
  };
}
