export { CopyField, COPIED_FEEDBACK_MS } from './copy-field';
export type { CopyFieldProps } from './copy-field';
export { copyToClipboard } from './copy-to-clipboard';
