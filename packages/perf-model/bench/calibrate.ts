/**
 * Judges the model against published measurements (calibration/points.csv).
 *
 *   pnpm --filter @mako/perf-model calibrate             # leave-one-source-out: the README table and error-bands.json
 *   pnpm --filter @mako/perf-model calibrate --in-sample # the shipped parameters on every point
 *   pnpm --filter @mako/perf-model calibrate --fit       # fit on every source: DEFAULT_PARAMETERS
 *   pnpm --filter @mako/perf-model calibrate --prior     # the parameters before any fit
 *
 * Leave-one-source-out: for each source, the global parameters are fitted on every other source,
 * starting from PRIOR_PARAMETERS, and the model is judged on the one left out, so no held-out
 * figure was fitted to itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  DEFAULT_PARAMETERS,
  PRIOR_PARAMETERS,
  calibrationInput,
  compareWithMeasurement,
  parseCalibrationCsv,
  errorBandsFrom,
  simulate,
} from '../src/index.ts';
import type { CalibrationComparison, CalibrationPoint, ModelParameters } from '../src/index.ts';

const points = parseCalibrationCsv(readFileSync(new URL('../calibration/points.csv', import.meta.url), 'utf8'));

interface Judged {
  point: CalibrationPoint;
  rows: CalibrationComparison[];
  failed: string | null;
  ms: number;
}

function judge(point: CalibrationPoint, params: ModelParameters): Judged {
  // CPU time, not wall time: the figure should not depend on what else the machine is running.
  const t0 = process.cpuUsage();
  const out = simulate(calibrationInput(point), params);
  const used = process.cpuUsage(t0);
  const ms = (used.user + used.system) / 1000;
  return { point, rows: compareWithMeasurement(point, out), failed: out.ok ? null : out.failure.kind, ms };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? (s[mid] as number)
      : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(x * 100).toFixed(0)} %`);

function table(judged: Judged[], title: string) {
  const metrics = ['output_tok_s', 'tpot', 'ttft', 'e2el'] as const;
  const groups: [string, (j: Judged) => string][] = [
    ['all', () => 'all'],
    ['gpu', (j) => j.point.gpu],
    ['engine', (j) => j.point.engine],
    ['source', (j) => j.point.source],
  ];
  console.log(`\n### ${title}\n`);
  console.log('| metric | by | group | points | median abs error | optimistic |');
  console.log('|---|---|---|---:|---:|---:|');
  for (const metric of metrics) {
    for (const [by, key] of groups) {
      const buckets = new Map<string, CalibrationComparison[]>();
      for (const j of judged)
        for (const r of j.rows) if (r.metric === metric) buckets.set(key(j), [...(buckets.get(key(j)) ?? []), r]);
      for (const [group, rows] of [...buckets].sort(([a], [b]) => a.localeCompare(b)))
        console.log(
          `| ${metric} | ${by} | ${group} | ${rows.length} | ${pct(median(rows.map((r) => Math.abs(r.error))))} | ${pct(rows.filter((r) => r.optimistic).length / rows.length)} |`,
        );
    }
  }
  const failed = judged.filter((j) => j.failed);
  console.log(`\nfailed simulations: ${failed.length} of ${judged.length}`);
  for (const f of failed.slice(0, 10)) console.log(`  #${f.point.id} ${f.point.source} ${f.point.ref}: ${f.failed}`);
  const times = judged.map((j) => j.ms).sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(`prediction CPU time (first call): median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
  console.log(`prediction CPU time (warm): ${warmTimes(judged.map((j) => j.point))}`);
}

/**
 * CPU time of a prediction as the tuner and the planner make them, many in one process: each
 * point's median of five calls after a first one, then the median and p90 over the points.
 */
function warmTimes(sample: CalibrationPoint[]): string {
  const perPoint = sample.map((point) => {
    const input = calibrationInput(point);
    simulate(input);
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = process.cpuUsage();
      simulate(input);
      const used = process.cpuUsage(t0);
      runs.push((used.user + used.system) / 1000);
    }
    return median(runs);
  });
  const sorted = perPoint.sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms over ${sorted.length} points`;
}

/** A fitted scalar: how to read and write it, its bounds, and whether it moves by ratio or by step. */
interface Knob {
  name: string;
  get: (p: ModelParameters) => number;
  set: (p: ModelParameters, v: number) => void;
  low: number;
  high: number;
  additive?: number;
}

const KNOBS: Knob[] = [
  {
    name: 'layerLatencyUs',
    get: (p) => p.layerLatencyUs,
    set: (p, v) => (p.layerLatencyUs = v),
    low: 0,
    high: 200,
    additive: 20,
  },
  { name: 'tpLatencyUs', get: (p) => p.tpLatencyUs, set: (p, v) => (p.tpLatencyUs = v), low: 2, high: 80 },
  { name: 'tpLatencyGrowth', get: (p) => p.tpLatencyGrowth, set: (p, v) => (p.tpLatencyGrowth = v), low: 1, high: 3 },
  { name: 'hbmEfficiency', get: (p) => p.hbmEfficiency, set: (p, v) => (p.hbmEfficiency = v), low: 0.5, high: 0.95 },
  { name: 'maxMfu', get: (p) => p.maxMfu, set: (p, v) => (p.maxMfu = v), low: 0.25, high: 0.9 },
  { name: 'halfMfuTokens', get: (p) => p.halfMfuTokens, set: (p, v) => (p.halfMfuTokens = v), low: 8, high: 512 },
  {
    name: 'precisionEfficiency.fp8',
    get: (p) => p.precisionEfficiency.fp8,
    set: (p, v) => (p.precisionEfficiency.fp8 = v),
    low: 0.3,
    high: 1,
  },
  {
    name: 'precisionEfficiency.fp4',
    get: (p) => p.precisionEfficiency.fp4,
    set: (p, v) => (p.precisionEfficiency.fp4 = v),
    low: 0.15,
    high: 1,
  },
  { name: 'arch.ampere', get: (p) => p.arch.ampere, set: (p, v) => (p.arch.ampere = v), low: 0.4, high: 1.2 },
  { name: 'arch.blackwell', get: (p) => p.arch.blackwell, set: (p, v) => (p.arch.blackwell = v), low: 0.3, high: 1.2 },
  { name: 'arch.cdna3', get: (p) => p.arch.cdna3, set: (p, v) => (p.arch.cdna3 = v), low: 0.3, high: 1.2 },
  { name: 'moeEfficiency', get: (p) => p.moeEfficiency, set: (p, v) => (p.moeEfficiency = v), low: 0.1, high: 1.2 },
  { name: 'rocmFp8', get: (p) => p.rocmFp8, set: (p, v) => (p.rocmFp8 = v), low: 0.15, high: 1 },
  { name: 'overlap', get: (p) => p.overlap, set: (p, v) => (p.overlap = v), low: 0, high: 1, additive: 0.25 },
  { name: 'vllmV1Cpu', get: (p) => p.vllmV1Cpu, set: (p, v) => (p.vllmV1Cpu = v), low: 0.1, high: 2 },
  { name: 'cpuOverhead', get: (p) => p.cpuOverhead, set: (p, v) => (p.cpuOverhead = v), low: 0.2, high: 4 },
  {
    name: 'legacyVllmPerSeqUs',
    get: (p) => p.legacyVllmPerSeqUs,
    set: (p, v) => (p.legacyVllmPerSeqUs = v),
    low: 5,
    high: 600,
  },
  { name: 'frontendMs', get: (p) => p.frontendMs, set: (p, v) => (p.frontendMs = v), low: 0, high: 40, additive: 4 },
];

/**
 * What the fit minimises: the mean |ln(predicted / measured)| of each source, averaged over the
 * sources so the largest does not dominate; a setting the model cannot run counts as a miss of
 * e (ln = 1). A weak pull towards the prior keeps parameters no training source informs where
 * they were.
 */
function loss(train: CalibrationPoint[], params: ModelParameters): number {
  const bySource = new Map<string, number[]>();
  for (const point of train) {
    const j = judge(point, params);
    const terms = j.failed ? [1] : j.rows.map((r) => Math.abs(Math.log(r.predicted / r.measured)));
    bySource.set(point.source, [...(bySource.get(point.source) ?? []), ...terms]);
  }
  let total = 0;
  for (const terms of bySource.values()) total += terms.reduce((a, b) => a + b, 0) / terms.length;
  let prior = 0;
  for (const k of KNOBS)
    if (!k.additive) prior += Math.log(k.get(params) / Math.max(1e-9, k.get(PRIOR_PARAMETERS))) ** 2;
  return total / bySource.size + 0.01 * prior;
}

/** Evenly spaced points of each source, at most `cap`, so a fit stays within minutes. */
function thin(train: CalibrationPoint[], cap: number): CalibrationPoint[] {
  const out: CalibrationPoint[] = [];
  for (const source of new Set(train.map((p) => p.source))) {
    const own = train.filter((p) => p.source === source);
    const stride = Math.max(1, own.length / cap);
    for (let i = 0; i < own.length && out.length < Number.MAX_SAFE_INTEGER; i += stride)
      out.push(own[Math.floor(i)] as CalibrationPoint);
  }
  return out;
}

/**
 * Coordinate descent from the prior: each parameter in turn takes the best of a grid of values
 * around its current one (a grid, not a single step, so a parameter can cross a shallow ridge);
 * three passes, the grid narrowing each time.
 */
function fit(train: CalibrationPoint[]): ModelParameters {
  const sample = thin(train, 12);
  let best = structuredClone(PRIOR_PARAMETERS);
  let bestLoss = loss(sample, best);
  for (const spread of [2, 1.4, 1.15]) {
    for (const knob of KNOBS) {
      const current = knob.get(best);
      const candidates = [-1, -0.5, -0.25, 0.25, 0.5, 1].map((f) =>
        knob.additive ? current + f * knob.additive * spread : current * Math.pow(spread, f),
      );
      for (const value of candidates) {
        const clamped = Math.min(knob.high, Math.max(knob.low, value));
        if (Math.abs(clamped - current) < 1e-9) continue;
        const candidate = structuredClone(best);
        knob.set(candidate, clamped);
        const l = loss(sample, candidate);
        if (l < bestLoss - 1e-4) {
          best = candidate;
          bestLoss = l;
        }
      }
    }
  }
  return best;
}

const show = (p: ModelParameters) => KNOBS.map((k) => `${k.name} ${Number(k.get(p).toPrecision(3))}`).join(', ');

const args = new Set(process.argv.slice(2));
if (args.has('--fit')) {
  const fitted = fit(points);
  console.log(JSON.stringify(fitted, null, 2));
  table(
    points.map((p) => judge(p, fitted)),
    'Fitted on every source (in-sample)',
  );
} else if (args.has('--in-sample') || args.has('--prior')) {
  const params = args.has('--prior') ? PRIOR_PARAMETERS : DEFAULT_PARAMETERS;
  table(
    points.map((p) => judge(p, params)),
    args.has('--prior') ? 'Prior parameters, every point' : 'Shipped parameters, every point (in-sample)',
  );
} else {
  const heldOut: Judged[] = [];
  for (const source of new Set(points.map((p) => p.source))) {
    const fitted = fit(points.filter((p) => p.source !== source));
    console.log(`fitted without ${source}: ${show(fitted)}`);
    heldOut.push(...points.filter((p) => p.source === source).map((p) => judge(p, fitted)));
  }
  table(heldOut, 'Leave-one-source-out: each source judged by a fit on the others');
  // The planner's error bands (src/error-band.ts) read these held-out residuals as data.
  const bandsUrl = new URL('../calibration/error-bands.json', import.meta.url);
  writeFileSync(bandsUrl, `${JSON.stringify(errorBandsFrom(heldOut), null, 2)}\n`);
  console.log(`\nwrote ${bandsUrl.pathname}`);
}
