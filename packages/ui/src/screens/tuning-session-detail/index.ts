export { TuningSessionDetailScreen } from './tuning-session-detail';
export { trialsExport, trialsToCsv } from './trials-export';
export type {
  CopiedItem as TuningCopiedItem,
  TuningSearchState,
  TuningSessionDetailProps,
} from './tuning-session-detail';
