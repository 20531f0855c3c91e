export { TuningSessionDetailScreen } from './tuning-session-detail';
export type {
  CopiedItem as TuningCopiedItem,
  ResultsPageQuery as TuningResultsPageQuery,
  TuningSearchState,
  TuningSessionDetailProps,
} from './tuning-session-detail';
