export { TuningSessionsScreen } from './tuning-sessions';
export type { TuningSessionsScreenProps } from './tuning-sessions';
export {
  TUNING_SESSIONS_TITLE,
  constraintLabel as tuningConstraintLabel,
  objectiveLabel as tuningObjectiveLabel,
  trialStatus as tuningTrialStatus,
  tuneRunnerCommand,
  tuningSessionTitle,
} from './tuning-format';
export type { TrialStatus as TuningTrialStatus } from './tuning-format';
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
