import { accountMenu, appNav } from '@mako/fixtures';
import preview from '../../../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { Card } from '../card';
import { EmptyState } from '../empty-state';
import { Stat } from '../stat';
import { expectFitsPhone, PHONE, routerLinkStub } from '../../../test/story-kit';
import { AppShell } from './app-shell';

const { navigate, RouterLink: routerLink } = routerLinkStub();

function SampleContent() {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Card title="This week">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 40 }}>
          <Stat label="Running sessions" value="2" />
          <Stat label="Trials evaluated" value="1,284" />
          <Stat label="Best output throughput" value="14,930" unit="tok/s" />
        </div>
      </Card>
      <EmptyState
        title="No serve requests yet"
        description="Ask for a tuned deployment of a model on your hardware."
        headingLevel={3}
      />
    </div>
  );
}

const meta = preview.meta({
  title: 'Layout/AppShell',
  component: AppShell,
  parameters: { padded: false },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  args: {
    navItems: appNav,
    title: 'Tuning sessions',
    currentPath: '/tuning-sessions/3f9c',
    renderLink: routerLink,
    docsUrl: 'https://docs.example.com',
    user: { email: 'ada@example.com', full_name: 'Ada Lovelace' },
    accountLinks: accountMenu,
    onLogout: fn(),
    themeMode: 'light' as const,
    onThemeModeChange: fn(),
    actions: <Button size="sm">New session</Button>,
    children: <SampleContent />,
  },
});

export const Desktop = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await step('the sidebar links every authenticated area, plus the docs', async () => {
      const links = within(nav).getAllByRole('link');
      await expect(links.map((link) => link.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
        ...appNav.map((item) => item.label),
        'Docs',
      ]);
      const docs = within(nav).getByRole('link', { name: /Docs/ });
      await expect(docs).toHaveAttribute('target', '_blank');
      await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    });
    await step('the current area is marked, also on its detail pages', async () => {
      await expect(within(nav).getByRole('link', { name: 'Tuning sessions' })).toHaveAttribute('aria-current', 'page');
      await expect(within(nav).getByRole('link', { name: 'Single benchmarks' })).not.toHaveAttribute('aria-current');
    });
    await step('links go through the router, not a page load', async () => {
      await userEvent.click(within(nav).getByRole('link', { name: 'Search benchmarks' }));
      await expect(navigate).toHaveBeenCalledWith('/benchmarks/');
    });
    await step('the top bar carries the page title as the h1', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Tuning sessions' })).toBeVisible();
    });
    await step('the theme toggle asks for the other theme', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Switch to dark theme' }));
      await expect(args.onThemeModeChange).toHaveBeenCalledWith('dark');
    });
    await step("the user menu links the account's pages through the router, and closes", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Account menu for ada@example.com' }));
      const menu = await screen.findByRole('menu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign-in and security' }));
      await expect(navigate).toHaveBeenCalledWith('/security/');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      // From the keyboard: the link is the menu's first item, and Enter follows it.
      navigate.mockClear();
      canvas.getByRole('button', { name: 'Account menu for ada@example.com' }).focus();
      await userEvent.keyboard('{ArrowDown}');
      const reopened = await screen.findByRole('menu');
      await waitFor(() =>
        expect(within(reopened).getByRole('menuitem', { name: 'Sign-in and security' })).toHaveFocus(),
      );
      await userEvent.keyboard('{Enter}');
      await expect(navigate).toHaveBeenCalledWith('/security/');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    });
    await step('the user menu shows who is signed in and logs out', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Account menu for ada@example.com' }));
      const menu = await screen.findByRole('menu');
      await expect(menu).toHaveTextContent('Ada Lovelace · ada@example.com');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
      await expect(args.onLogout).toHaveBeenCalledTimes(1);
    });
    await step('the menu button of small screens is hidden', async () => {
      await expect(canvas.getByRole('button', { name: 'Open navigation', hidden: true })).not.toBeVisible();
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark', viewport: { value: 'desktop1280', isRotated: false } },
  args: { themeMode: 'dark', currentPath: '/tokens/' },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Tokens' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Switch to light theme' }));
    await expect(args.onThemeModeChange).toHaveBeenCalledWith('light');
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  globals: PHONE,
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    await step('at 375 px the sidebar is hidden and nothing overflows', async () => {
      await expect(canvas.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      await expectFitsPhone(canvasElement);
      await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    });
    await step('the menu button opens the navigation drawer', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
      const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
      await expect(within(drawer).getAllByRole('link')).toHaveLength(appNav.length + 1);
    });
    await step('following a link closes the drawer', async () => {
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Serve requests' }));
      await expect(navigate).toHaveBeenCalledWith('/serve-requests/');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  },
});

export const MobileDrawerOpen = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  globals: PHONE,
  args: { currentPath: '/getting-started/' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await expect(within(drawer).getByRole('link', { name: 'Getting started' })).toHaveAttribute('aria-current', 'page');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Open navigation' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    await screen.findByRole('dialog', { name: 'Navigation' });
  },
});

export const WithoutDocs = meta.story({
  args: { docsUrl: null, renderLink: undefined, currentPath: '/roi' },
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).queryByRole('link', { name: /Docs/ })).not.toBeInTheDocument();
    await expect(within(nav).getByRole('link', { name: 'ROI' })).toHaveAttribute('href', '/roi');
    await expect(within(nav).getByRole('link', { name: 'ROI' })).toHaveAttribute('aria-current', 'page');
    // The menu's code loads when it is first opened: from the keyboard too, and the focus comes back.
    canvas.getByRole('button', { name: 'Account menu for ada@example.com' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await screen.findByRole('menu')).toHaveTextContent('Ada Lovelace · ada@example.com');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Account menu for ada@example.com' })).toHaveFocus();
  },
});
