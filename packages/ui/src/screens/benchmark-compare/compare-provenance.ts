import type { Benchmark, Provenance, ReportedValue } from '@mako/contract';
import { formatNumber } from '../../foundations/format/format';
import { setupRow, type SetupRow } from './compare-data';

const NOT_RECORDED = 'not recorded';
const UNKNOWN = 'unknown';

const show = (value: ReportedValue | undefined) =>
  value === undefined ? '—' : typeof value === 'string' ? value : String(value);

/** One provenance field per benchmark: "not recorded" from an older runner, "unknown" where the runner could not tell. */
const field = (benchmarks: readonly Benchmark[], label: string, read: (p: Provenance) => string | null): SetupRow =>
  setupRow(
    label,
    benchmarks.map((b) => (b.provenance ? (read(b.provenance) ?? UNKNOWN) : NOT_RECORDED)),
  );

/**
 * What the compared engines really ran with, one row per provenance field, each highlighted where
 * it differs from the first benchmark's. Of the flags the engines report, only those that differ
 * get a row (an SGLang answer reports some 300); none at all when no benchmark carries provenance.
 */
export function provenanceRows(benchmarks: readonly Benchmark[]): SetupRow[] {
  if (!benchmarks.some((b) => b.provenance)) return [];
  const rows = [
    field(benchmarks, 'Engine', (p) => (p.engine.name ? `${p.engine.name} ${p.engine.version ?? UNKNOWN}` : null)),
    field(benchmarks, 'GPU', (p) => (p.gpu ? `${p.gpu.count}× ${p.gpu.name}` : null)),
    field(benchmarks, 'GPU driver', (p) => p.gpu?.driver ?? null),
    field(benchmarks, 'GPU memory', (p) =>
      p.gpu?.memory_mib === null || p.gpu?.memory_mib === undefined ? null : `${formatNumber(p.gpu.memory_mib)} MiB`,
    ),
    field(benchmarks, 'Runner', (p) => (p.runner ? `mako-runner ${p.runner.version}` : null)),
    field(benchmarks, 'Dataset', (p) => (p.dataset ? `${p.dataset.kind} · seed ${p.dataset.seed ?? UNKNOWN}` : null)),
    field(benchmarks, 'Dataset sha256', (p) => p.dataset?.sha256?.slice(0, 16) ?? null),
    field(benchmarks, 'Flags not taken', (p) =>
      p.mismatches.length === 0
        ? 'none'
        : p.mismatches.map((m) => `${m.flag} ${show(m.asked)} → ${show(m.reported)}`).join(', '),
    ),
  ];
  const names = [...new Set(benchmarks.flatMap((b) => Object.keys(b.provenance?.flags ?? {})))].sort();
  const flags = names
    .map((name) =>
      setupRow(
        `reported ${name}`,
        benchmarks.map((b) => (b.provenance ? show(b.provenance.flags[name]) : NOT_RECORDED)),
      ),
    )
    .filter((row) => row.differs.some(Boolean));
  return [...rows, ...flags];
}
