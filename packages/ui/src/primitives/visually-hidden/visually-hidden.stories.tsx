import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { expectNoRoomOnScreen } from '../../../test/story-kit-parts';
import { VisuallyHidden } from './visually-hidden';

const meta = preview.meta({
  title: 'Primitives/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: ' (opens in a new tab)' },
});

export const InALink = meta.story({
  render: (args) => (
    <p style={{ display: 'flex', gap: 24 }}>
      {/* Both links sit side by side so their widths can be compared: the hidden words add none. */}
      <a href="https://docs.example.com/runner" target="_blank" rel="noopener noreferrer">
        Read the docs
        <VisuallyHidden {...args} />
      </a>
      <a href="https://docs.example.com/api">Read the docs</a>
    </p>
  ),
  play: async ({ canvas, step }) => {
    const external = canvas.getByRole('link', { name: 'Read the docs (opens in a new tab)' });
    const plain = canvas.getByRole('link', { name: 'Read the docs' });
    await step('screen readers hear the hidden words as part of the link', async () => {
      await expect(external).toHaveAttribute('href', 'https://docs.example.com/runner');
      await expect(canvas.getByText('(opens in a new tab)')).not.toHaveAttribute('aria-hidden');
    });
    await step('sighted users see only "Read the docs": the link is no wider than one without the note', async () => {
      await expectNoRoomOnScreen(canvas.getByText('(opens in a new tab)'));
      await expect(external.getBoundingClientRect().width).toBeCloseTo(plain.getBoundingClientRect().width, 1);
    });
  },
});

export const AsALabel = meta.story({
  args: { children: 'Search benchmarks' },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <VisuallyHidden as="label" htmlFor="visually-hidden-search" {...args} />
      <input id="visually-hidden-search" type="search" placeholder="Model, hardware or engine" />
    </div>
  ),
  play: async ({ canvas, step }) => {
    const label = canvas.getByText('Search benchmarks');
    await step('the field keeps its name for assistive technology', async () => {
      await expect(label.tagName).toBe('LABEL');
      await expect(canvas.getByRole('searchbox', { name: 'Search benchmarks' })).toBeInTheDocument();
    });
    await step('the label takes no room above the field', async () => {
      await expectNoRoomOnScreen(label);
      const field = canvas.getByRole('searchbox');
      await expect(field.getBoundingClientRect().top).toBeLessThanOrEqual(label.getBoundingClientRect().top + 1);
    });
  },
});
