import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { XIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../visually-hidden';
import { DrawerHeader, IconButton } from './app-shell.styles';
import { DrawerContent, DrawerOverlay } from './navigation-drawer.styles';

export interface NavigationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the drawer closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  brand: ReactNode;
  children: ReactNode;
}

/**
 * The small screens' navigation drawer. The app shell loads it when the menu button is first
 * pressed, so that the dialog's code (focus trap, scroll lock) is not part of every page's first
 * paint; the button lives in the shell, outside the dialog, hence the explicit focus return.
 */
export default function NavigationDrawer({ open, onOpenChange, triggerRef, brand, children }: NavigationDrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <DrawerOverlay />
        <DrawerContent
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <VisuallyHidden>
            <RadixDialog.Title>Navigation</RadixDialog.Title>
          </VisuallyHidden>
          <DrawerHeader>
            {brand}
            <RadixDialog.Close asChild>
              <IconButton type="button" aria-label="Close navigation">
                <XIcon size={18} />
              </IconButton>
            </RadixDialog.Close>
          </DrawerHeader>
          {children}
        </DrawerContent>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
