import { lazy, Suspense, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ExternalLinkIcon, MakoMark, MenuIcon } from '../../foundations/icons';
import type { ThemeMode } from '../../foundations/theme/design-tokens';
import { VisuallyHidden } from '../visually-hidden';
import {
  Brand,
  Column,
  IconButton,
  Main,
  MenuButtonSlot,
  NavDivider,
  NavList,
  NavRoot,
  PageActions,
  PageTitle,
  ShellRoot,
  Sidebar,
  SkipLink,
  TopActions,
  TopBar,
} from './app-shell.styles';
import { isNavItemActive } from './nav-items';
import type { AccountLink, NavItem } from './nav-items';
import { defaultRenderLink } from './shell-link';
import type { RenderLink } from './shell-link';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import type { ShellUser } from './user-menu';

// The link renderers sit in a file of their own, so that the account menu can render links without
// importing this file back; the screens import them from here.
export { defaultRenderLink } from './shell-link';
export type { RenderLink, ShellLinkProps } from './shell-link';

/** Loaded when the menu button is first pressed (see navigation-drawer.tsx). */
const NavigationDrawer = lazy(() => import('./navigation-drawer'));

export interface AppShellProps {
  /** The page title in the top bar (the page's h1). */
  title: ReactNode;
  /** The current location's path, to mark the current area. */
  currentPath: string;
  /** Renders internal links; packages/ui knows no router, apps/web plugs its Link in here. */
  renderLink?: RenderLink;
  /** The areas in the sidebar, in order (apps/web's APP_NAV). */
  navItems: readonly NavItem[];
  /** The site settings' docs_url; adds "Docs ↗" (new tab) at the end of the sidebar. */
  docsUrl?: string | null;
  user: ShellUser;
  /** Links in the account menu, above 'Log out' (apps/web's ACCOUNT_MENU). */
  accountLinks?: readonly AccountLink[];
  onLogout: () => void;
  themeMode: ThemeMode;
  onThemeModeChange: (mode: ThemeMode) => void;
  /** Page-level actions in the top bar, next to the title (e.g. "New session"). */
  actions?: ReactNode;
  children: ReactNode;
}

function Navigation({
  items,
  currentPath,
  renderLink,
  docsUrl,
  onNavigate,
}: {
  items: readonly NavItem[];
  currentPath: string;
  renderLink: RenderLink;
  docsUrl?: string | null;
  onNavigate?: () => void;
}) {
  const work = items.filter((item) => item.group === 'work');
  const account = items.filter((item) => item.group === 'account');
  const renderItems = (group: readonly NavItem[]) =>
    group.map((item) => (
      <li key={item.href}>
        {renderLink({
          href: item.href,
          children: item.label,
          'aria-current': isNavItemActive(currentPath, item.href) ? 'page' : undefined,
          onClick: onNavigate,
        })}
      </li>
    ));
  return (
    <NavRoot aria-label="Main">
      <NavList>{renderItems(work)}</NavList>
      <NavDivider />
      <NavList>
        {renderItems(account)}
        {docsUrl ? (
          <li>
            <a href={docsUrl} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
              Docs
              <ExternalLinkIcon size={14} />
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </a>
          </li>
        ) : null}
      </NavList>
    </NavRoot>
  );
}

const BrandMark = () => (
  <Brand>
    <MakoMark size={22} />
    MakoOptimize
  </Brand>
);

/**
 * The authenticated layout: sidebar with every area, top bar with title, theme toggle and account
 * menu. Below 768 px the sidebar moves into a drawer behind a menu button; it works from 375 px.
 */
export function AppShell({
  title,
  currentPath,
  renderLink = defaultRenderLink,
  navItems,
  docsUrl,
  user,
  accountLinks = [],
  onLogout,
  themeMode,
  onThemeModeChange,
  actions,
  children,
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once loaded, the drawer stays mounted, so that it closes (and returns the focus) like a dialog.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const drawerTriggerRef = useRef<HTMLButtonElement>(null);
  return (
    <ShellRoot>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      <Sidebar>
        <BrandMark />
        <Navigation items={navItems} currentPath={currentPath} renderLink={renderLink} docsUrl={docsUrl} />
      </Sidebar>
      <Column>
        <TopBar>
          <MenuButtonSlot>
            <IconButton
              ref={drawerTriggerRef}
              type="button"
              aria-label="Open navigation"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => {
                setDrawerOpen(true);
                setDrawerUsed(true);
              }}
            >
              <MenuIcon size={20} />
            </IconButton>
            {drawerUsed ? (
              <Suspense fallback={null}>
                <NavigationDrawer
                  open={drawerOpen}
                  onOpenChange={setDrawerOpen}
                  triggerRef={drawerTriggerRef}
                  brand={<BrandMark />}
                >
                  <Navigation
                    items={navItems}
                    currentPath={currentPath}
                    renderLink={renderLink}
                    docsUrl={docsUrl}
                    onNavigate={() => setDrawerOpen(false)}
                  />
                </NavigationDrawer>
              </Suspense>
            ) : null}
          </MenuButtonSlot>
          <PageTitle>{title}</PageTitle>
          {actions ? <PageActions>{actions}</PageActions> : null}
          <TopActions>
            <ThemeToggle mode={themeMode} onModeChange={onThemeModeChange} />
            <UserMenu user={user} links={accountLinks} renderLink={renderLink} onLogout={onLogout} />
          </TopActions>
        </TopBar>
        <Main id="main-content" tabIndex={-1}>
          {children}
        </Main>
      </Column>
    </ShellRoot>
  );
}
