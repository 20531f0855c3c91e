/**
 * Judges the model against published measurements (calibration/points.csv).
 *
 *   pnpm --filter @mako/perf-model calibrate            # leave-one-source-out, the README table
 *   pnpm --filter @mako/perf-model calibrate --in-sample  # the shipped parameters on every point
 *
 * Leave-one-source-out: for each source, the global parameters are fitted on every other source
 * and the model is judged on the one left out, so no figure below was fitted to itself.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { calibrationInput, compareWithMeasurement, parseCalibrationCsv, simulate } from '../src/index.ts';
import type { CalibrationComparison, CalibrationPoint } from '../src/index.ts';

const points = parseCalibrationCsv(readFileSync(new URL('../calibration/points.csv', import.meta.url), 'utf8'));

interface Judged {
  point: CalibrationPoint;
  rows: CalibrationComparison[];
  failed: string | null;
  ms: number;
}

function judge(point: CalibrationPoint): Judged {
  const t0 = performance.now();
  const out = simulate(calibrationInput(point));
  const ms = performance.now() - t0;
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
  console.log(
    `prediction time: median ${median(judged.map((j) => j.ms)).toFixed(2)} ms, max ${Math.max(...judged.map((j) => j.ms)).toFixed(1)} ms`,
  );
}

table(points.map(judge), 'Shipped parameters, every point (in-sample)');
