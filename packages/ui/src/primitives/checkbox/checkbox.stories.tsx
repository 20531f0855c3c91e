import preview from '../../../../../.storybook/preview';
import { DARK_THEME } from '../../../test/story-kit';
import { expect, fn } from 'storybook/test';
import { withErrorStory } from '../../../test/story-kit-parts';
import { galleryColumn, galleryStory } from '../../../test/story-kit-gallery';
import { Checkbox } from './checkbox';
import type { CheckboxProps } from './checkbox';

const meta = preview.meta({
  title: 'Primitives/Checkbox',
  component: Checkbox,
  args: { label: 'Verified results only', onCheckedChange: fn() },
});

export const Default = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: 'Verified results only' });
    await step('clicking the label toggles and reports the new state', async () => {
      await userEvent.click(canvas.getByText('Verified results only'));
      await expect(box).toBeChecked();
      await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    });
    await step('Space toggles it back', async () => {
      await userEvent.keyboard(' ');
      await expect(box).not.toBeChecked();
      await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
    });
  },
});

export const WithDescription = meta.story({
  args: { description: 'Results re-run by MakoOptimize on the same hardware.', defaultChecked: true },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox');
    await expect(box).toBeChecked();
    await expect(box).toHaveAccessibleDescription('Results re-run by MakoOptimize on the same hardware.');
  },
});

export const WithError = meta.story(
  withErrorStory({ label: 'I accept the terms', error: 'Accept the terms to continue' }, (canvas) =>
    canvas.getByRole('checkbox'),
  ),
);

export const Disabled = meta.story({
  args: { disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByText('Verified results only'));
    await expect(canvas.getByRole('checkbox')).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
});

const STATES: CheckboxProps[] = [
  { label: 'Unchecked' },
  { label: 'Checked', defaultChecked: true, description: 'With a description under it.' },
  { label: 'Invalid', error: 'Required' },
  { label: 'Disabled', disabled: true },
];

export const AllStates = meta.story({
  tags: ['visual'],
  ...galleryStory(Checkbox, STATES, { style: galleryColumn(16), role: 'checkbox' }),
});

export const AllStatesDark = AllStates.extend({ globals: DARK_THEME });
