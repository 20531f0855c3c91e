export { AiMeetupSurvey, SURVEY_THANK_YOU, SURVEY_TITLE } from './ai-meetup-survey';
export type { AiMeetupSurveyProps } from './ai-meetup-survey';
export {
  ENGINE_OPTIONS,
  GPU_RANGE_OPTIONS,
  ROLE_OPTIONS,
  SURVEY_MESSAGES,
  toSurveyValues,
  validateSurveyField,
} from './survey-fields';
export type { GpuRange, ServingEngine, SurveyDraft, SurveyField, SurveyRole, SurveyValues } from './survey-fields';
