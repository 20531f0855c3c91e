/*
 * The contract's vocabulary: the words every part of the product shares (metric keys, the
 * constraint syntax, page sizes, the serving engines and their flags), as plain values with no
 * zod in them. packages/ui imports values from this module (`@mako/contract/vocabulary`) only, and
 * types from `@mako/contract` (erased at build); the schemas are built from it, so each word is
 * defined once, here. Files in this folder import values only from each other
 * (test/vocabulary.test.ts holds them to that).
 */
export {
  DIRECTIONS,
  FAILED_SHARE_LIMIT,
  LATENCY_METRICS,
  METRIC_KEYS,
  PERCENTILES,
  isMetricKey,
  naturalDirection,
} from './metrics.ts';
export { splitCost } from './cost-split.ts';
export { CONSTRAINT_OPS, formatConstraints, parseConstraints, satisfies, type ConstraintTerm } from './constraints.ts';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.ts';
export { DATASET_KINDS, type DatasetKind } from './datasets.ts';
export {
  OPTION_KINDS,
  RUNTIMES,
  ENGINE_FLAG_LISTS,
  defaultConfig,
  engineFlagList,
  type ConfigValue,
  type Runtime,
  type EngineFlagList,
  type RuntimeOptionSpec,
} from './runtimes.ts';
export { launchCommand, shellQuote } from './launch-command.ts';
export {
  DEFAULT_TOKEN_LIFETIME_DAYS,
  MAX_TOKEN_LIFETIME_DAYS,
  RUNNER_TOKEN_SCOPES,
  TOKEN_SCOPES,
  TOKEN_SCOPE_TEXT,
  type TokenScope,
} from './token-scopes.ts';
// Type-only and erased, so no schema comes with them: the contract's own types, for the tuner and the
// token screen, which still import them from here (other packages import types from @mako/contract).
export type { ApiToken, StoredToken } from '../account.ts';
export type { ParamCondition, SpaceRule, Spread } from '../tuning.ts';
export {
  KNEE_SHARE,
  SWEEP_OVER,
  sweepVerdict,
  type SweepOver,
  type SweepPoint,
  type SweepVerdictFigures,
} from './sweeps.ts';
