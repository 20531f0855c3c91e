import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { expectNamedGraphic } from '../../../test/story-kit-parts';
import { Spinner } from './spinner';

const meta = preview.meta({
  title: 'Primitives/Spinner',
  component: Spinner,
  args: { size: 16 },
});

export const Decorative = meta.story({
  render: (args) => (
    <p style={{ display: 'flex', alignItems: 'center', gap: 8 }} aria-busy="true">
      <Spinner {...args} />
      Saving…
    </p>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    const ring = canvasElement.querySelector<SVGElement>('[data-spinner]');
    await step('the ring is drawn at the requested size', async () => {
      await expect(ring).not.toBeNull();
      await expect(ring?.getBoundingClientRect().width).toBe(16);
      await expect(ring?.getBoundingClientRect().height).toBe(16);
    });
    await step(
      'without a label it is hidden from assistive technology: the text next to it says what happens',
      async () => {
        await expect(ring).toHaveAttribute('aria-hidden', 'true');
        await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
        await expect(canvas.getByText('Saving…')).toBeVisible();
      },
    );
  },
});

export const Labelled = meta.story({
  args: { size: 24, label: 'Loading results' },
  play: async ({ canvas, step }) => {
    await step('with a label it is a status announced by that label', async () => {
      await expectNamedGraphic(canvas.getByRole('status', { name: 'Loading results' }), 24);
    });
  },
});

export const FollowsTheTextColour = meta.story({
  render: (args) => (
    <span style={{ color: 'rgb(185, 28, 28)' }}>
      <Spinner {...args} label="Deleting" />
    </span>
  ),
  play: async ({ canvas, step }) => {
    await step('the ring is stroked in the current text colour', async () => {
      const arc = canvas.getByRole('status', { name: 'Deleting' }).querySelector('path');
      await expect(arc).not.toBeNull();
      await expect(getComputedStyle(arc as SVGPathElement).stroke).toBe('rgb(185, 28, 28)');
    });
  },
});
