import { DropdownMenu } from 'radix-ui';
import { ChevronDownIcon, LogOutIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../visually-hidden';
import { Avatar, MenuContent, MenuItem, MenuLabel, MenuSeparator, UserEmail, UserTrigger } from './app-shell.styles';

export interface ShellUser {
  email: string;
  full_name?: string | null;
}

export interface UserMenuProps {
  user: ShellUser;
  onLogout: () => void;
}

const initialOf = (user: ShellUser) => (user.full_name?.trim() || user.email).charAt(0);

/** The account menu in the top bar: who is signed in, and 'Log out'. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        {/* The name comes from the content, so that it contains the visible e-mail. */}
        <UserTrigger type="button">
          <VisuallyHidden>Account menu for </VisuallyHidden>
          <Avatar aria-hidden="true">{initialOf(user)}</Avatar>
          <UserEmail>{user.email}</UserEmail>
          <ChevronDownIcon size={14} />
        </UserTrigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end" sideOffset={6}>
          <MenuLabel>
            Signed in as
            <br />
            {user.full_name ? `${user.full_name} · ` : ''}
            {user.email}
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
