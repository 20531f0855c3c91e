import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { RelativeTime } from './relative-time';

// A fixed "now" keeps the text (and screenshots) stable whatever day the tests run.
const NOW = new Date('2026-11-21T12:00:00Z');

const meta = preview.meta({
  title: 'Primitives/RelativeTime',
  component: RelativeTime,
  args: { value: '2026-11-21T09:00:00Z', now: NOW, timeZone: 'UTC' },
});

export const HoursAgo = meta.story({
  play: async ({ canvas }) => {
    const time = canvas.getByText('3 h ago');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('dateTime', '2026-11-21T09:00:00.000Z');
    await expect(time).toHaveAttribute('title', 'Nov 21, 2026, 09:00:00 UTC');
  },
});

export const JustNow = meta.story({
  args: { value: '2026-11-21T11:59:40Z' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('just now')).toBeVisible();
  },
});

export const Invalid = meta.story({
  args: { value: 'not a date' },
  play: async ({ canvas }) => {
    const time = canvas.getByText('—');
    await expect(time).not.toHaveAttribute('dateTime');
  },
});
