/*
 * The contract's vocabulary: the words every part of the product shares (metric keys, the
 * constraint syntax, page sizes, the serving engines and their flags), as plain values with no
 * zod in them. packages/ui imports this module (`@mako/contract/vocabulary`) and nothing else of
 * the contract; the schemas are built from it, so each word is defined once, here.
 * Files in this folder import only each other (test/vocabulary.test.ts holds them to that).
 */
export { DIRECTIONS, LATENCY_METRICS, METRIC_KEYS, PERCENTILES, isMetricKey, naturalDirection } from './metrics.ts';
export { CONSTRAINT_OPS, formatConstraints, parseConstraints, satisfies, type ConstraintTerm } from './constraints.ts';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pages.ts';
export {
  OPTION_KINDS,
  RUNTIMES,
  RUNTIME_CATALOGUES,
  defaultConfig,
  runtimeCatalogue,
  type ConfigValue,
  type Runtime,
  type RuntimeCatalogue,
  type RuntimeOptionSpec,
} from './runtimes.ts';
export { launchCommand, shellQuote } from './launch-command.ts';
// Type-only: the object shapes fixtures, ui and the tuner share.
export type * from './shapes.ts';
