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
export {
  DEFAULT_TOKEN_LIFETIME_DAYS,
  MAX_TOKEN_LIFETIME_DAYS,
  RUNNER_TOKEN_SCOPES,
  TOKEN_SCOPES,
  TOKEN_SCOPE_TEXT,
} from './vocabulary/token-scopes.ts';
export * from './openapi.ts';
export {
  CONSTRAINT_OPS,
  DEFAULT_PAGE_SIZE,
  DIRECTIONS,
  LATENCY_METRICS,
  MAX_PAGE_SIZE,
  METRIC_KEYS,
  OPTION_KINDS,
  PERCENTILES,
  RUNTIMES,
  RUNTIME_CATALOGUES,
  defaultConfig,
  formatConstraints,
  isMetricKey,
  naturalDirection,
  parseConstraints,
  runtimeCatalogue,
  satisfies,
  splitCost,
  type ConstraintTerm,
} from './vocabulary/index.ts';
