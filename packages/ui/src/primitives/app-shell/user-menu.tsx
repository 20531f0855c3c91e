import { lazy, Suspense, useState } from 'react';
import { ChevronDownIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../visually-hidden';
import type { AccountLink } from './nav-items';
import { defaultRenderLink } from './shell-link';
import type { RenderLink } from './shell-link';
import { Avatar, UserEmail, UserTrigger } from './app-shell.styles';

export interface ShellUser {
  email: string;
  full_name?: string | null;
}

export interface UserMenuProps {
  user: ShellUser;
  /** Pages about the account, listed above 'Log out'. */
  links?: readonly AccountLink[];
  /** Renders the links (the shell's renderLink). */
  renderLink?: RenderLink;
  onLogout: () => void;
}

const initialOf = (user: ShellUser) => (user.full_name?.trim() || user.email).charAt(0);

const loadPopup = () => import('./user-menu-popup');
const UserMenuPopup = lazy(loadPopup);
/** Starts loading early; a failure shows when the menu is opened (the lazy component loads it again). */
const preloadPopup = () => void loadPopup().catch(() => undefined);

/**
 * The account menu in the top bar: who is signed in, the account's pages, and 'Log out'. Until the user first opens it,
 * the button is a plain one: the menu's code starts loading when the pointer or the focus reaches
 * the button, and the menu replaces it, open, when it is pressed.
 */
export function UserMenu({ user, links = [], renderLink = defaultRenderLink, onLogout }: UserMenuProps) {
  const [opened, setOpened] = useState(false);
  const triggerContent = (
    <>
      {/* The name comes from the content, so that it contains the visible e-mail. */}
      <VisuallyHidden>Account menu for </VisuallyHidden>
      <Avatar aria-hidden="true">{initialOf(user)}</Avatar>
      <UserEmail>{user.email}</UserEmail>
      <ChevronDownIcon size={14} />
    </>
  );
  const plainTrigger = (
    <UserTrigger
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadPopup}
      onFocus={preloadPopup}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpened(true);
      }}
    >
      {triggerContent}
    </UserTrigger>
  );
  if (!opened) return plainTrigger;
  return (
    <Suspense fallback={plainTrigger}>
      <UserMenuPopup
        triggerContent={triggerContent}
        signedInAs={`${user.full_name ? `${user.full_name} · ` : ''}${user.email}`}
        links={links}
        renderLink={renderLink}
        onLogout={onLogout}
      />
    </Suspense>
  );
}
