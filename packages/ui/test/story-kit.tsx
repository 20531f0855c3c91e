import { appNav } from '@mako/fixtures';
import type { ComponentType, ReactNode } from 'react';
import { expect, fn, spyOn } from 'storybook/test';
import type { within } from 'storybook/test';
import { AppShell } from '../src/primitives/app-shell';
import type { ShellLinkProps } from '../src/primitives/app-shell';

/*
 * What many stories need alike: stand-ins for the browser and the router, the signed-in shell, and
 * the checks every page repeats. For *.stories.tsx only; no component imports it.
 */

/** A beforeEach: headless test browsers have no clipboard permission, so the stories check our feedback. */
export function stubClipboard(): () => void {
  const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  return () => writeText.mockRestore();
}

/**
 * Stands in for a router Link: no page load, the target is reported to `navigate` instead (make
 * `clearNavigate` the story file's beforeEach). `data-router-link` tells these links from plain anchors.
 */
export function routerLinkStub() {
  const navigate = fn();
  function RouterLink({ href, children, onClick, ...rest }: ShellLinkProps) {
    return (
      <a
        href={href}
        data-router-link=""
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
          onClick?.();
        }}
        {...rest}
      >
        {children}
      </a>
    );
  }
  // Braced: a function returned from beforeEach would be taken for its cleanup.
  const clearNavigate = () => {
    navigate.mockClear();
  };
  return { navigate, clearNavigate, RouterLink };
}

/** A decorator that holds the story to `px` wide at most, as a form or a card sits in a page column. */
export function withMaxWidth(px: number) {
  return function MaxWidth(Story: ComponentType) {
    return (
      <div style={{ maxWidth: px }}>
        <Story />
      </div>
    );
  };
}

/** The app shell around a page, as the fixture user sees it at a laptop width. */
export function SignedInShell({
  title,
  currentPath,
  children,
}: {
  title: string;
  currentPath: string;
  children: ReactNode;
}) {
  return (
    <AppShell
      title={title}
      currentPath={currentPath}
      navItems={appNav}
      user={{ email: 'ada@example.com', full_name: 'Ada Lovelace' }}
      onLogout={fn()}
      themeMode="light"
      onThemeModeChange={fn()}
    >
      {children}
    </AppShell>
  );
}

/** What a play function gets that the helpers below read; a story's own context has all of it. */
type Canvas = Pick<ReturnType<typeof within>, 'getByRole' | 'getByText'>;
type Step = (label: string, play: () => Promise<void>) => unknown;
interface PlayContext {
  canvas: Canvas;
  canvasElement: HTMLElement;
  step: Step;
  userEvent: { click: (element: Element) => Promise<void> };
}

/** Storybook globals: the dark theme; the 375 px phone viewport. */
export const DARK_THEME = { theme: 'dark' };
export const PHONE = { viewport: { value: 'mobile375', isRotated: false } };

/**
 * The page inside the signed-in shell at a desktop width, titled `title`: the shell's one h1 reads
 * `heading` (the spec's words) and, given `currentLink`, that sidebar link is marked as the current page.
 */
export function inAppShellStory<Props extends object>(
  Page: ComponentType<Props>,
  {
    title,
    currentPath,
    heading,
    currentLink,
  }: { title: string; currentPath: string; heading: string; currentLink?: string },
) {
  return {
    parameters: { padded: false },
    globals: { viewport: { value: 'desktop1280', isRotated: false } },
    render: (args: Props) => (
      <SignedInShell title={title} currentPath={currentPath}>
        <Page {...args} />
      </SignedInShell>
    ),
    play: async ({ canvas }: Pick<PlayContext, 'canvas'>) => {
      await expect(canvas.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (currentLink) {
        await expect(canvas.getByRole('link', { name: currentLink })).toHaveAttribute('aria-current', 'page');
      }
    },
  };
}

/**
 * A failed request as the page shows it (SPEC §8): 'Something went wrong: {status text}', the
 * detail or 'Unknown error', and a Retry that calls `onRetry` once. With the story's `step`, the
 * two checks are reported as steps.
 */
export async function expectFailureWithRetry(
  canvas: Canvas,
  user: { click: (element: Element) => Promise<void> },
  onRetry: unknown,
  failure: { statusText: string; detail: string | null },
  step: Step = (_label, play) => play(),
): Promise<void> {
  await step(`the failure is named, with ${failure.detail === null ? "'Unknown error'" : 'the detail'}`, async () => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(`Something went wrong: ${failure.statusText}`);
    await expect(alert).toHaveTextContent(failure.detail ?? 'Unknown error');
  });
  await step('Retry calls onRetry', async () => {
    await user.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(onRetry).toHaveBeenCalledTimes(1);
  });
}

/** At the 375 px phone viewport the page is as wide as the screen: nothing scrolls sideways. */
export async function expectFitsPhone(canvasElement: HTMLElement): Promise<void> {
  await expect(window.innerWidth).toBe(375);
  await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(375);
}

/*
 * Whole states that many screens' stories share: spread one into a story
 * (`export const Dark = meta.story({ tags: ['visual'], ...darkThemeStory(…) })`) and keep the tags in the
 * file, where they say which stories have a screenshot baseline.
 */

/** The screen in the dark theme: `shown` picks what must be visible in it. */
export const darkThemeStory = (shown: (canvas: Canvas) => HTMLElement) => ({
  globals: DARK_THEME,
  play: async ({ canvas }: Pick<PlayContext, 'canvas'>) => {
    await expect(shown(canvas)).toBeVisible();
  },
});

/** The screen on a phone: it fits 375 px, and `reachable` (its main action) ends within the screen. */
export const phoneStory = (reachable?: (canvas: Canvas) => HTMLElement) => ({
  globals: PHONE,
  play: async ({ canvas, canvasElement }: Pick<PlayContext, 'canvas' | 'canvasElement'>) => {
    await expectFitsPhone(canvasElement);
    if (reachable) await expect(reachable(canvas).getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
});

/** The screen's load failed: `args` clear its data and carry the `error`; the play is expectFailureWithRetry's. */
export const failedLoadStory = <const A extends { error: { statusText: string; detail: string | null } }>(args: A) => ({
  args,
  play: async ({ canvas, step, userEvent, args: { onRetry } }: PlayContext & { args: { onRetry?: unknown } }) => {
    await expectFailureWithRetry(canvas, userEvent, onRetry, args.error, step);
  },
});
