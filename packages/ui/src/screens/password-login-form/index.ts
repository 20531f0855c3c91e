export { PASSWORD_REQUIRED_MESSAGE, PasswordLoginForm } from './password-login-form';
export type { PasswordCredentials, PasswordLoginFormProps } from './password-login-form';
