import type { Sweep, SweepLevel } from '@mako/contract';
import { formatMs, formatNumber, plural } from '../../foundations/format/format';

/** How a level's load reads: "concurrency 16" or "4 req/s". */
export function loadLabel(over: Sweep['over'], load: number): string {
  return over === 'concurrency' ? `concurrency ${formatNumber(load)}` : `${formatNumber(load, 3)} req/s`;
}

export function sloText(slo: Sweep['slo']): string {
  const parts = [
    slo.ttft_ms !== undefined ? `TTFT ≤ ${formatMs(slo.ttft_ms)}` : null,
    slo.tpot_ms !== undefined ? `TPOT ≤ ${formatMs(slo.tpot_ms)}` : null,
    slo.e2el_ms !== undefined ? `E2E ≤ ${formatMs(slo.e2el_ms)}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(', ') : 'no targets';
}

export const levelStatus = (level: SweepLevel) => (level.saturated ? 'saturated' : level.passed ? 'passed' : 'failed');

/** The verdict in words, one sentence per finding, from the answer's verdict figures. */
export function verdictSentences(sweep: Sweep): { headline: string; details: string[] } {
  const { best_load, first_fail_load, knee_load } = sweep.verdict;
  const label = (load: number) => loadLabel(sweep.over, load);
  const byLoad = [...sweep.levels].sort((a, b) => a.load - b.load);
  const details: string[] = [];
  let headline: string;
  if (sweep.levels.length === 0) headline = 'No level has finished yet.';
  else if (best_load === null)
    headline = `No level met the SLO: even the lowest, ${label((byLoad[0] as SweepLevel).load)}, missed it.`;
  else {
    const best = sweep.levels.find((l) => l.load === best_load);
    headline = `Highest load meeting the SLO: ${label(best_load)}${
      best
        ? ` (goodput ${formatNumber(best.goodput, 2)} req/s, ${formatNumber(best.output_throughput)} output tok/s)`
        : ''
    }.`;
    if (first_fail_load !== null) details.push(`${label(first_fail_load)} missed it.`);
  }
  if (knee_load !== null)
    details.push(`Throughput levels off from ${label(knee_load)}: higher loads add latency more than throughput.`);
  const saturated = sweep.levels.filter((l) => l.saturated);
  if (saturated.length)
    details.push(
      `${plural(saturated.length, 'level was', 'levels were')} saturated (${saturated
        .map((l) => label(l.load))
        .join(', ')}): the engine's queue or TTFT kept growing, so the level was stopped early and counts as a miss.`,
    );
  if (!sweep.complete)
    details.push(
      `This sweep has not finished (still running, or interrupted): the verdict covers its ${plural(sweep.levels.length, 'level', 'levels')} so far.`,
    );
  return { headline, details };
}
