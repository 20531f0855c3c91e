import {
  meanRun,
  engineFlagList,
  sameSlo,
  type BenchmarkMetrics,
  type Runtime,
  type RuntimeOptions,
} from '@mako/contract';

/* What a posted benchmark's figures and flags say about it: a baseline, consistent, the mean of its runs. */

/** Flags that size the deployment rather than tune the engine; a baseline may set them freely. */
export const PARALLELISM_FLAGS = new Set([
  'tensor_parallel_size',
  'pipeline_parallel_size',
  'data_parallel_size',
  'tp_size',
  'pp_size',
  'dp_size',
]);

/** True when every non-parallelism flag is at its engine default: such a run is a baseline. */
export function isDefaultConfig(runtime: Runtime, options: RuntimeOptions): boolean {
  const specs = engineFlagList(runtime).options;
  return Object.entries(options).every(([name, value]) => {
    if (PARALLELISM_FLAGS.has(name)) return true;
    const spec = specs.find((s) => s.name === name);
    return spec !== undefined && spec.default === value;
  });
}

/**
 * Metrics that add up: the throughputs match the token totals over the duration. A benchmark is
 * marked verified when a runner (API token) reported it and its numbers are consistent.
 */
export function metricsConsistent(m: BenchmarkMetrics): boolean {
  if (m.completed <= 0 || m.duration_s <= 0) return false;
  const close = (reported: number, derived: number) => Math.abs(reported - derived) <= Math.max(0.05 * derived, 1e-6);
  return (
    close(m.output_throughput, m.total_output_tokens / m.duration_s) &&
    close(m.input_throughput, m.total_input_tokens / m.duration_s) &&
    close(m.request_throughput, m.completed / m.duration_s)
  );
}

/** Counts the runner rounds to whole requests and tokens when it averages the runs. */
const COUNT_FIELDS = new Set(['completed', 'failed', 'total_input_tokens', 'total_output_tokens']);

/** Within rounding: a count to the whole, any other figure to two decimals or 0.1 % of its size. */
function withinRounding(field: string, posted: number, mean: number): boolean {
  const tolerance = COUNT_FIELDS.has(field) ? 0.5 : Math.max(0.01, 1e-3 * Math.abs(mean));
  return Math.abs(posted - mean) <= tolerance + 1e-9;
}

export interface RunsDisagreement {
  /** Where in `metrics` (e.g. `['ttft_ms', 'p99']`). */
  path: string[];
  message: string;
}

/**
 * The first figure of a repeated benchmark's `metrics` that is not the mean of its runs (the
 * contract's `meanRun`) beyond rounding, or null when they agree. A `metrics` that is not the runs'
 * mean would show one number in search and rankings and an interval around another on the
 * benchmark's page.
 */
export function runsDisagreement(
  metrics: BenchmarkMetrics,
  runs: readonly BenchmarkMetrics[],
): RunsDisagreement | null {
  const walk = (posted: unknown, mean: unknown, path: string[]): RunsDisagreement | null => {
    const name = `metrics.${path.join('.')}`;
    const notInEveryRun = { path, message: `${name} is given, but not every run has it` };
    if (typeof posted === 'number') {
      if (typeof mean !== 'number') return notInEveryRun;
      if (withinRounding(path[path.length - 1] ?? '', posted, mean)) return null;
      return { path, message: `${name} is ${posted}, but the mean of the runs is ${Number(mean.toFixed(4))}` };
    }
    if (typeof posted === 'string')
      return posted === mean ? null : { path, message: `${name} is ${posted}, but not in every run` };
    if (posted === null || typeof posted !== 'object') {
      // Goodput is null unless every run measured it (the runs' mean has it only then).
      if (mean !== null && mean !== undefined) return { path, message: `${name} is missing, but every run has it` };
      return null;
    }
    if (mean === null || typeof mean !== 'object') return notInEveryRun;
    for (const [key, child] of Object.entries(posted)) {
      const found = walk(child, (mean as Record<string, unknown>)[key], [...path, key]);
      if (found) return found;
    }
    return null;
  };
  const slos = runs.flatMap((run) => (run.goodput ? [run.goodput.slo] : []));
  if (slos.some((slo) => !sameSlo(slo, slos[0]!))) {
    const path = ['goodput', 'slo'];
    return { path, message: 'metrics.goodput.slo differs between the runs: goodput is comparable under one SLO only' };
  }
  // Counts unrounded: the rounding the runner does is what withinRounding allows for.
  return walk(metrics, meanRun(runs, { wholeCounts: false }), []);
}
