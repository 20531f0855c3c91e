export { Dialog } from './dialog';
export type { DialogProps } from './dialog';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export type { DialogSize } from './dialog.styles';
export { useItemConfirmation } from './use-item-confirmation';
export { useControllableOpen } from './use-controllable-open';
