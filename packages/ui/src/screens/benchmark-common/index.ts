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
export type { BenchmarkPage, BenchmarkScreenStatus, RuntimeOptionChange } from './benchmark-data';
export type {
  BenchmarkMetricsData as TuningMetricsData,
  Budget as TuningBudget,
  Constraint as TuningConstraint,
  Objective as TuningObjective,
  PendingConfigData,
  RuntimeCatalogueData,
  RuntimeOptionData,
  SearchParameter as TuningSearchParameter,
  SessionSetting as TuningSessionSetting,
  SessionStatus as TuningSessionStatus,
  SpaceRule as TuningSpaceRule,
  TuningBestData,
  TuningResultData,
  TuningSessionCreateBody,
  TuningSessionCreateRequest,
  TuningSessionData,
} from './tuning-types';
export { benchRunnerCommand, tuneRunnerCommand } from './runner-commands';
export type { BenchCommandOptions } from './runner-commands';
