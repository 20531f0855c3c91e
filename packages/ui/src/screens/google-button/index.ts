export { GoogleButton } from './google-button';
export type { GoogleButtonProps } from './google-button';
