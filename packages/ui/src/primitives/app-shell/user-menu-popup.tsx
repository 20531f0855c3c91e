import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { LogOutIcon } from '../../foundations/icons';
import { UserTrigger } from './app-shell.styles';
import type { AccountLink } from './nav-items';
import type { RenderLink } from './shell-link';
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from './user-menu.styles';

export interface UserMenuPopupProps {
  /** What the trigger button shows; the same as the button the shell rendered before. */
  triggerContent: ReactNode;
  /** Who is signed in, written in the menu. */
  signedInAs: string;
  links: readonly AccountLink[];
  renderLink: RenderLink;
  onLogout: () => void;
}

/**
 * The account menu itself, loaded when the user first turns to its button (see user-menu.tsx):
 * the menu's code (positioning, roving focus) is not part of every page's first paint.
 */
export default function UserMenuPopup({ triggerContent, signedInAs, links, renderLink, onLogout }: UserMenuPopupProps) {
  const [open, setOpen] = useState(true);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
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
          {links.map(({ label, href }) => (
            // The item is the link itself, so that Enter and a click both follow it (through the router).
            // A router link cancels the click's default, which the menu takes as "stay open": it closes here.
            <MenuItem key={href} asChild>
              {renderLink({ href, children: label, onClick: () => setOpen(false) })}
            </MenuItem>
          ))}
          {links.length ? <MenuSeparator /> : null}
          <MenuItem onSelect={onLogout}>
            <LogOutIcon size={16} />
            Log out
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
