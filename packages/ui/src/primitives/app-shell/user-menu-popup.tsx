import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { LogOutIcon } from '../../foundations/icons';
import { UserTrigger } from './app-shell.styles';
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from './user-menu.styles';

export interface UserMenuPopupProps {
  /** What the trigger button shows; the same as the button the shell rendered before. */
  triggerContent: ReactNode;
  /** Who is signed in, written in the menu. */
  signedInAs: string;
  onLogout: () => void;
}

/**
 * The account menu itself, loaded when the user first turns to its button (see user-menu.tsx):
 * the menu's code (positioning, roving focus) is not part of every page's first paint.
 */
export default function UserMenuPopup({ triggerContent, signedInAs, onLogout }: UserMenuPopupProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <UserTrigger type="button">{triggerContent}</UserTrigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end" sideOffset={6}>
          <MenuLabel>
            Signed in as
            <br />
            {signedInAs}
          </MenuLabel>
          <MenuSeparator />
          <MenuItem onSelect={onLogout}>
            <LogOutIcon size={16} />
            Log out
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
