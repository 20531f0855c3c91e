export interface NavItem {
  label: string;
  href: string;
  /** 'work' items come first; 'account' items follow a divider (UI.md "Shell"). */
  group: 'work' | 'account';
}

/** A page about the account itself, listed in the account menu of the top bar. */
export type AccountLink = Pick<NavItem, 'label' | 'href'>;

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A nav item is current on its own page and on the pages under it (a session's detail page). */
export function isNavItemActive(currentPath: string, href: string): boolean {
  const current = trimSlash(currentPath.split(/[?#]/)[0] ?? '');
  const target = trimSlash(href);
  return current === target || current.startsWith(`${target}/`);
}
