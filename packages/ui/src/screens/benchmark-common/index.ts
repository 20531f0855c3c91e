export {
  BENCHMARK_SEARCH_TITLE,
  BEST_SETUP_REPORT_TITLE,
  SINGLE_BENCHMARKS_TITLE,
  benchmarkSettingTitle,
  formatCostPerMillion,
  formatLengths,
  formatMetric,
  formatRequestRate,
  formatRuntime,
  metricLabel,
  readBenchmarkMetric,
  runtimeOptionsDiff,
} from './benchmark-data';
export type { BenchmarkScreenStatus, RuntimeOptionChange } from './benchmark-data';
export { benchRunnerCommand, tuneRunnerCommand } from './runner-commands';
export type { BenchCommandOptions } from './runner-commands';
