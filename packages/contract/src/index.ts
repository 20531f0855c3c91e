export * from './common.ts';
export * from './auth.ts';
export * from './site-settings.ts';
export * from './metric-key.ts';
export * from './benchmarks.ts';
export * from './provenance.ts';
export * from './prediction.ts';
export * from './intervals.ts';
export * from './benchmark-search.ts';
export * from './tuning.ts';
export * from './account.ts';
export * from './share.ts';
export * from './planner.ts';
export * from './sweeps.ts';
export * from './endpoints.ts';
export * from './runtime-options.ts';
export * from './vocabulary/launch-command.ts';
export * from './openapi.ts';
export {
  CONSTRAINT_OPS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TOKEN_LIFETIME_DAYS,
  DIRECTIONS,
  LATENCY_METRICS,
  MAX_PAGE_SIZE,
  MAX_TOKEN_LIFETIME_DAYS,
  METRIC_KEYS,
  OPTION_KINDS,
  PERCENTILES,
  RUNNER_TOKEN_SCOPES,
  RUNTIMES,
  ENGINE_FLAG_LISTS,
  TOKEN_SCOPES,
  TOKEN_SCOPE_TEXT,
  defaultConfig,
  formatConstraints,
  isMetricKey,
  naturalDirection,
  parseConstraints,
  engineFlagList,
  satisfies,
  splitCost,
  type ConstraintTerm,
} from './vocabulary/index.ts';
