import { EMAIL_MESSAGES, validateEmail } from '../../primitives/forms/email';

/** The contract's SurveyResponseCreate. */
export interface SurveyValues {
  name: string;
  /** '' when not given. */
  email: string;
  role: SurveyRole;
  serving_engines: ServingEngine[];
  gpus_in_production: GpuRange;
  biggest_pain: string;
  wants_demo: boolean;
}

export type SurveyRole = 'ml-engineer' | 'platform-engineer' | 'researcher' | 'manager' | 'other';
export type ServingEngine = 'vllm' | 'sglang' | 'tensorrt-llm' | 'tgi' | 'other';
export type GpuRange = 'none' | '1-8' | '9-64' | '65-512' | '513+';

export const ROLE_OPTIONS: ReadonlyArray<{ value: SurveyRole; label: string }> = [
  { value: 'ml-engineer', label: 'ML engineer' },
  { value: 'platform-engineer', label: 'Platform or infrastructure engineer' },
  { value: 'researcher', label: 'Researcher' },
  { value: 'manager', label: 'Engineering manager' },
  { value: 'other', label: 'Something else' },
];

export const ENGINE_OPTIONS: ReadonlyArray<{ value: ServingEngine; label: string }> = [
  { value: 'vllm', label: 'vLLM' },
  { value: 'sglang', label: 'SGLang' },
  { value: 'tensorrt-llm', label: 'TensorRT-LLM' },
  { value: 'tgi', label: 'Text Generation Inference' },
  { value: 'other', label: 'Other' },
];

export const GPU_RANGE_OPTIONS: ReadonlyArray<{ value: GpuRange; label: string }> = [
  { value: 'none', label: 'None yet' },
  { value: '1-8', label: '1–8' },
  { value: '9-64', label: '9–64' },
  { value: '65-512', label: '65–512' },
  { value: '513+', label: 'More than 512' },
];

/** The contract's messages, word for word. */
export const SURVEY_MESSAGES = {
  email: EMAIL_MESSAGES.invalid,
  role: 'Please choose your role',
  gpus: 'Please choose a range',
  pain: 'Please tell us your biggest pain',
  painTooLong: 'Please keep it under 2,000 characters',
  nameTooLong: 'Please keep your name under 200 characters',
} as const;

export const PAIN_MAX = 2000;
const NAME_MAX = 200;

/** The form's text state: selects start empty, so "not chosen" is visible. */
export interface SurveyDraft {
  name: string;
  email: string;
  role: SurveyRole | '';
  serving_engines: ServingEngine[];
  gpus_in_production: GpuRange | '';
  biggest_pain: string;
  wants_demo: boolean;
}

export type SurveyField = 'name' | 'email' | 'role' | 'gpus_in_production' | 'biggest_pain';

/** Fields in the order they appear, so the first invalid one can take focus. */
export const VALIDATED_FIELDS: readonly SurveyField[] = ['name', 'email', 'role', 'gpus_in_production', 'biggest_pain'];

export function validateSurveyField(field: SurveyField, draft: SurveyDraft): string | null {
  switch (field) {
    case 'name':
      return draft.name.trim().length > NAME_MAX ? SURVEY_MESSAGES.nameTooLong : null;
    case 'email':
      // Optional: only a malformed address is an error.
      return draft.email.trim() === '' ? null : validateEmail(draft.email) ? SURVEY_MESSAGES.email : null;
    case 'role':
      return draft.role ? null : SURVEY_MESSAGES.role;
    case 'gpus_in_production':
      return draft.gpus_in_production ? null : SURVEY_MESSAGES.gpus;
    case 'biggest_pain': {
      const pain = draft.biggest_pain.trim();
      if (pain === '') return SURVEY_MESSAGES.pain;
      return pain.length > PAIN_MAX ? SURVEY_MESSAGES.painTooLong : null;
    }
  }
}

/** The values to send, or null while any field is invalid. */
export function toSurveyValues(draft: SurveyDraft): SurveyValues | null {
  if (VALIDATED_FIELDS.some((field) => validateSurveyField(field, draft))) return null;
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    role: draft.role as SurveyRole,
    // In the order offered, whatever order they were ticked in.
    serving_engines: ENGINE_OPTIONS.map((option) => option.value).filter((engine) =>
      draft.serving_engines.includes(engine),
    ),
    gpus_in_production: draft.gpus_in_production as GpuRange,
    biggest_pain: draft.biggest_pain.trim(),
    wants_demo: draft.wants_demo,
  };
}
