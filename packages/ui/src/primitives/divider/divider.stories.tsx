import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { withMaxWidth } from '../../../test/story-kit';
import { Divider } from './divider';

const meta = preview.meta({
  title: 'Primitives/Divider',
  component: Divider,
  decorators: [withMaxWidth(360)],
});

export const Plain = meta.story({
  play: async ({ canvas, step }) => {
    await step('a separator with no name, drawn as a one-pixel hairline across the column', async () => {
      const rule = canvas.getByRole('separator');
      await expect(rule.tagName).toBe('HR');
      await expect(rule).not.toHaveAccessibleName();
      await expect(getComputedStyle(rule).borderTopWidth).toBe('1px');
      await expect(rule.getBoundingClientRect().width).toBe(360);
    });
  },
});

export const WithLabel = meta.story({
  args: { label: 'or' },
  play: async ({ canvas, step }) => {
    const separator = canvas.getByRole('separator', { name: 'or' });
    await step("the word sits between two lines and is read once, as the separator's name", async () => {
      const word = canvas.getByText('or');
      await expect(word).toBeVisible();
      await expect(word).toHaveAttribute('aria-hidden', 'true');
      await expect(getComputedStyle(separator, '::before').borderTopWidth).toBe('1px');
      await expect(getComputedStyle(separator, '::after').borderTopWidth).toBe('1px');
    });
    await step('the word is centred: the lines on either side are as long as each other', async () => {
      const box = separator.getBoundingClientRect();
      const word = canvas.getByText('or').getBoundingClientRect();
      await expect(word.left - box.left).toBeCloseTo(box.right - word.right, 0);
    });
  },
});
