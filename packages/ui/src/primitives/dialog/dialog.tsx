import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { XIcon } from '../../foundations/icons';
import { Body, CloseButton, Content, Description, Footer, Header, HeaderText, Overlay, Title } from './dialog.styles';
import type { DialogSize } from './dialog.styles';

export interface DialogProps {
  /** Controlled open state; pair with onOpenChange. Leave both out to let `trigger` drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element (usually a Button) that opens the dialog. */
  trigger?: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under a hairline. */
  footer?: ReactNode;
  /** sm 420 px, md 560 px (default), lg 760 px; always at most the screen width minus 32 px. */
  size?: DialogSize;
  /** The label of the × button. */
  closeLabel?: string;
}

/**
 * A modal dialog: focus is trapped inside, Escape and the × close it, focus returns to the trigger.
 * Forms inside it are the caller's: put the submit Button in `footer` with `form="<form id>"`.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  closeLabel = 'Close',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <Overlay />
        {/* Without a description, drop the aria-describedby Radix would point at a missing node. */}
        <Content $size={size} {...(description ? {} : { 'aria-describedby': undefined })}>
          <Header>
            <HeaderText>
              <Title>{title}</Title>
              {description ? <Description>{description}</Description> : null}
            </HeaderText>
          </Header>
          {children ? <Body>{children}</Body> : null}
          {footer ? <Footer>{footer}</Footer> : null}
          {/* Last in the DOM, so that opening focuses the first field, not the ×. */}
          <RadixDialog.Close asChild>
            <CloseButton type="button" aria-label={closeLabel}>
              <XIcon size={16} />
            </CloseButton>
          </RadixDialog.Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
