export { CreateTuningSessionDialog } from './create-tuning-session-dialog';
export type { CreateTuningSessionDialogProps } from './create-tuning-session-dialog';
export { FORM_MESSAGES as TUNING_SESSION_FORM_MESSAGES } from './session-form';
export type { SearchSpaceRules, SessionFormValues as TuningSessionFormValues } from './session-form';
