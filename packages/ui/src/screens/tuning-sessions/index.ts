export { TuningSessionsScreen } from './tuning-sessions';
export type { TuningSessionsScreenProps } from './tuning-sessions';
export {
  TUNING_SESSIONS_TITLE,
  constraintLabel as tuningConstraintLabel,
  objectiveLabel as tuningObjectiveLabel,
  trialStatus as tuningTrialStatus,
  tuneRunnerCommand,
  tuningSessionTitle,
} from '../tuning-common/tuning-format';
export type { TrialStatus as TuningTrialStatus } from '../tuning-common/tuning-format';
