export { EMAIL_MESSAGES, validateEmail } from './email';
export { useValidatedField } from './use-validated-field';
export type { ValidatedField } from './use-validated-field';
export { submitUnlessBusy } from './form-state';
export type { AsyncFormState } from './form-state';
export { FormConfirmation, FormStack } from './form-parts';
