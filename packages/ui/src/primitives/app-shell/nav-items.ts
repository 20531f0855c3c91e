export interface NavItem {
  label: string;
  href: string;
  /** 'work' items come first; 'account' items follow a divider (UI.md "Shell"). */
  group: 'work' | 'account';
}

/** Every authenticated area, in the order of UI.md's shell sketch. Routes per SPEC §2. */
export const APP_NAV: readonly NavItem[] = [
  { label: 'Getting started', href: '/getting-started/', group: 'work' },
  { label: 'Tuning sessions', href: '/tuning-sessions', group: 'work' },
  { label: 'Single benchmarks', href: '/single-benchmarks', group: 'work' },
  { label: 'Search benchmarks', href: '/benchmarks/', group: 'work' },
  { label: 'Best-setup report', href: '/best-setup-report/', group: 'work' },
  { label: 'Serve requests', href: '/serve-requests/', group: 'work' },
  { label: 'Tokens', href: '/tokens/', group: 'account' },
  { label: 'Dockerhub tokens', href: '/dockerhub/', group: 'account' },
  { label: 'Subscription', href: '/subscription/', group: 'account' },
  { label: 'ROI', href: '/roi', group: 'account' },
];

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A nav item is current on its own page and on the pages under it (a session's detail page). */
export function isNavItemActive(currentPath: string, href: string): boolean {
  const current = trimSlash(currentPath.split(/[?#]/)[0] ?? '');
  const target = trimSlash(href);
  return current === target || current.startsWith(`${target}/`);
}
