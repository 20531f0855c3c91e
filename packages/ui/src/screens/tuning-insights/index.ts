export { TuningInsights } from './tuning-insights';
export type { InsightTrial, TuningInsightsProps } from './tuning-insights';
export { describeCondition, describeFailureRegion, formatShare } from './insight-words';
export type {
  ConditionOpView,
  FailureConditionView,
  FailureKindView,
  FailureRegionView,
  FlagImportanceView,
  TuningInsightsView,
} from './insight-words';
