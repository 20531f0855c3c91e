export { SignUpForm } from './sign-up-form';
export type { SignUpFormProps } from './sign-up-form';
