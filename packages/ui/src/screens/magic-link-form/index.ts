export { MagicLinkForm } from './magic-link-form';
export type { MagicLinkFormProps } from './magic-link-form';
