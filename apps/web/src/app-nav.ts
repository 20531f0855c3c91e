import type { AccountLink, NavItem } from '@mako/ui';

/** Every signed-in area, in the order of UI.md's shell sketch; the routes are SPEC §2's. */
export const APP_NAV: readonly NavItem[] = [
  { label: 'Getting started', href: '/getting-started/', group: 'work' },
  { label: 'Tuning sessions', href: '/tuning-sessions', group: 'work' },
  { label: 'Single benchmarks', href: '/single-benchmarks', group: 'work' },
  { label: 'Search benchmarks', href: '/benchmarks/', group: 'work' },
  { label: 'Best-setup report', href: '/best-setup-report/', group: 'work' },
  { label: 'Capacity planner', href: '/planner/', group: 'work' },
  { label: 'Serve requests', href: '/serve-requests/', group: 'work' },
  { label: 'Tokens', href: '/tokens/', group: 'account' },
  { label: 'Dockerhub tokens', href: '/dockerhub/', group: 'account' },
  { label: 'Subscription', href: '/subscription/', group: 'account' },
  { label: 'ROI', href: '/roi', group: 'account' },
];

/** The account's own pages in the account menu of the top bar (the sidebar is UI.md's sketch). */
export const ACCOUNT_MENU: readonly AccountLink[] = [{ label: 'Sign-in and security', href: '/security/' }];
