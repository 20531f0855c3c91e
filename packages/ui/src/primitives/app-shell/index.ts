export { AppShell, defaultRenderLink } from './app-shell';
export type { AppShellProps, RenderLink, ShellLinkProps } from './app-shell';
export { isNavItemActive } from './nav-items';
export type { AccountLink, NavItem } from './nav-items';
export { ThemeToggle } from './theme-toggle';
export type { ThemeToggleProps } from './theme-toggle';
export { UserMenu } from './user-menu';
export type { ShellUser, UserMenuProps } from './user-menu';
export { SIDEBAR_WIDTH } from './app-shell.styles';
