import { AlertDialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '../button';
import { Callout } from '../callout';
import {
  AlertContent as Content,
  AlertDescription as Description,
  AlertOverlay as Overlay,
  AlertTitle as Title,
  Body,
  Footer,
  Header,
  HeaderText,
} from './dialog.styles';

export interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactElement;
  /** A question that names the thing: "Revoke token ci-runner?" */
  title: ReactNode;
  /** What happens and whether it can be undone. */
  description: ReactNode;
  /** The verb of the action: "Revoke token", "Delete benchmark". */
  confirmLabel: string;
  cancelLabel?: string;
  /** danger for destructive actions (the default), primary otherwise. */
  tone?: 'danger' | 'primary';
  /** The action is running: spinner on the confirm button; the dialog stays open. */
  busy?: boolean;
  /** Why the action failed, shown above the buttons; the dialog stays open for a retry. */
  error?: ReactNode;
  /** Called when the user confirms. The dialog does not close itself: close it on success. */
  onConfirm: () => void;
}

/**
 * Asks before an irreversible action. Focus starts on Cancel, so Enter never destroys by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange?.(next))}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <Overlay />
        <Content $size="sm">
          <Header>
            <HeaderText>
              <Title>{title}</Title>
              <Description>{description}</Description>
            </HeaderText>
          </Header>
          {error ? (
            <Body>
              <Callout tone="danger">{error}</Callout>
            </Body>
          ) : null}
          <Footer>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the action has succeeded. */}
            <Button variant={tone} busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </Footer>
        </Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
