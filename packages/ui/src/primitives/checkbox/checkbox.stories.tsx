import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { inDarkTheme, withErrorStory } from '../../../test/story-kit-parts';
import { galleryColumn, galleryStory } from '../../../test/story-kit-gallery';
import { Checkbox } from './checkbox';
import type { CheckboxProps } from './checkbox';

const meta = {
  title: 'Primitives/Checkbox',
  component: Checkbox,
  args: { label: 'Verified results only', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
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
};

export const WithDescription: Story = {
  args: { description: 'Results re-run by MakoOptimize on the same hardware.', defaultChecked: true },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox');
    await expect(box).toBeChecked();
    await expect(box).toHaveAccessibleDescription('Results re-run by MakoOptimize on the same hardware.');
  },
};

export const WithError: Story = withErrorStory(
  { label: 'I accept the terms', error: 'Accept the terms to continue' },
  (canvas) => canvas.getByRole('checkbox'),
);

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByText('Verified results only'));
    await expect(canvas.getByRole('checkbox')).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

const STATES: CheckboxProps[] = [
  { label: 'Unchecked' },
  { label: 'Checked', defaultChecked: true, description: 'With a description under it.' },
  { label: 'Invalid', error: 'Required' },
  { label: 'Disabled', disabled: true },
];

export const AllStates: Story = {
  tags: ['visual'],
  ...galleryStory(Checkbox, STATES, { style: galleryColumn(16), role: 'checkbox' }),
};

export const AllStatesDark: Story = inDarkTheme(AllStates);
