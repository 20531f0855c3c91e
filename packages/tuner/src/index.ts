export type * from './types.ts';
export { propose, paretoFront, hypervolume, dominates, orient } from './pareto.ts';
export type { Point } from './pareto.ts';
export { explain, MIN_FITTED } from './explain.ts';
export type { Explanation, ExplainInput, FailureCondition, FailureRegion, FlagImportance } from './explain.ts';
export { configKey, mergeRepeats, spreadOf, verdictOf } from './confidence.ts';
export type { Spread, Verdict } from './confidence.ts';
