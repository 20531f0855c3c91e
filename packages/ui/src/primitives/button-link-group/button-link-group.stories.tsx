import preview from '../../../../../.storybook/preview';
import type { ReactNode } from 'react';
import { expect, fn } from 'storybook/test';
import { lightColors } from '../../foundations/theme';
import { withMaxWidth } from '../../../test/story-kit';
import { ButtonLinkGroup } from './button-link-group';

const onNavigate = fn();

/** Stands in for the router's Link that apps/web renders through `renderLink`. */
function RouterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onNavigate(href);
      }}
    >
      {children}
    </a>
  );
}

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

const meta = preview.meta({
  title: 'Primitives/ButtonLinkGroup',
  component: ButtonLinkGroup,
  args: {
    children: [
      <RouterLink key="sessions" href="/tuning-sessions/">
        Open tuning sessions
      </RouterLink>,
      <RouterLink key="home" href="/">
        Go home
      </RouterLink>,
    ],
  },
});

export const PrimaryThenSecondary = meta.story({
  play: async ({ canvas, step, userEvent }) => {
    const first = canvas.getByRole('link', { name: 'Open tuning sessions' });
    const second = canvas.getByRole('link', { name: 'Go home' });
    await step('the way on looks like a primary button, the others like secondary ones', async () => {
      await expect(getComputedStyle(first).backgroundColor).toBe(rgb(lightColors.accent));
      await expect(getComputedStyle(first).color).toBe(rgb(lightColors.accentFg));
      await expect(getComputedStyle(second).backgroundColor).toBe(rgb(lightColors.surface));
      await expect(getComputedStyle(second).borderTopColor).toBe(rgb(lightColors.borderStrong));
    });
    await step('both are button-sized (36 px) and not underlined', async () => {
      for (const link of [first, second]) {
        await expect(link.getBoundingClientRect().height).toBe(36);
        await expect(getComputedStyle(link).textDecorationLine).toBe('none');
      }
    });
    await step('they stay links: clicking hands the address to the router', async () => {
      await userEvent.click(second);
      await expect(onNavigate).toHaveBeenCalledWith('/');
      await userEvent.click(first);
      await expect(onNavigate).toHaveBeenLastCalledWith('/tuning-sessions/');
    });
  },
});

export const SingleLink = meta.story({
  args: { children: <RouterLink href="/">Go home</RouterLink> },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('link', { name: 'Go home' })).backgroundColor).toBe(
      rgb(lightColors.accent),
    );
  },
});

export const Sizes = meta.story({
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <ButtonLinkGroup size="sm">
        <RouterLink href="/small">Small</RouterLink>
      </ButtonLinkGroup>
      <ButtonLinkGroup {...args} size="lg" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Small' }).getBoundingClientRect().height).toBe(28);
    await expect(canvas.getByRole('link', { name: 'Go home' }).getBoundingClientRect().height).toBe(44);
  },
});

export const Centred = meta.story({
  args: { align: 'center' },
  decorators: [withMaxWidth(600)],
  play: async ({ canvas }) => {
    const first = canvas.getByRole('link', { name: 'Open tuning sessions' });
    const frame = (first.parentElement as HTMLElement).getBoundingClientRect();
    const before = first.getBoundingClientRect().left - frame.left;
    const after = frame.right - canvas.getByRole('link', { name: 'Go home' }).getBoundingClientRect().right;
    await expect(before).toBeGreaterThan(100);
    await expect(before).toBeCloseTo(after, 0);
  },
});

export const WrapsWhenNarrow = meta.story({
  decorators: [withMaxWidth(240)],
  play: async ({ canvas }) => {
    const first = canvas.getByRole('link', { name: 'Open tuning sessions' }).getBoundingClientRect();
    const second = canvas.getByRole('link', { name: 'Go home' }).getBoundingClientRect();
    await expect(second.top).toBeGreaterThan(first.bottom - 1);
    await expect(second.right).toBeLessThanOrEqual(240 + 16);
  },
});
