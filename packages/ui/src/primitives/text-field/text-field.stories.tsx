import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { DARK_THEME, withMaxWidth } from '../../../test/story-kit';
import { withErrorStory } from '../../../test/story-kit-parts';
import { galleryColumn, galleryStory } from '../../../test/story-kit-gallery';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

const meta = preview.meta({
  title: 'Primitives/TextField',
  component: TextField,
  args: { label: 'Session name', onChange: fn(), onBlur: fn() },
  decorators: [withMaxWidth(360)],
});

export const Default = meta.story({
  args: { placeholder: 'llama-70b-h100-sweep' },
  play: async ({ canvas, args, step, userEvent }) => {
    const input = canvas.getByLabelText('Session name');
    await step('typing reports every change', async () => {
      await userEvent.type(input, 'sweep-1');
      await expect(input).toHaveValue('sweep-1');
      await expect(args.onChange).toHaveBeenCalledTimes('sweep-1'.length);
    });
    await step('leaving the field reports the blur', async () => {
      await userEvent.tab();
      await expect(args.onBlur).toHaveBeenCalledTimes(1);
    });
  },
});

export const WithHint = meta.story({
  args: { hint: 'Shown in the sessions list. Letters, digits and dashes.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Session name')).toHaveAccessibleDescription(
      'Shown in the sessions list. Letters, digits and dashes.',
    );
  },
});

export const WithError = meta.story(
  withErrorStory(
    { defaultValue: 'my session!', error: 'Use letters, digits and dashes only', hint: 'Shown in the sessions list.' },
    (canvas) => canvas.getByLabelText('Session name'),
  ),
);

export const Mono = meta.story({
  args: { label: 'Max model length', mono: true, defaultValue: '32768', inputMode: 'numeric' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Max model length');
    await expect(getComputedStyle(input).fontFamily).toMatch(/JetBrains Mono/);
    await expect(getComputedStyle(input).fontVariantNumeric).toBe('tabular-nums');
  },
});

export const Disabled = meta.story({
  args: { disabled: true, defaultValue: 'read only for now' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Session name')).toBeDisabled();
  },
});

const STATES: TextFieldProps[] = [
  { label: 'Empty', placeholder: '{email}' },
  { label: 'Filled', defaultValue: 'ada@example.com', hint: 'We send the link here.' },
  { label: 'Invalid', defaultValue: 'ada@', error: 'Invalid email address' },
  { label: 'Numbers', mono: true, defaultValue: '14930.4' },
  { label: 'Disabled', disabled: true, defaultValue: '8x H100' },
];

export const AllStates = meta.story({
  tags: ['visual'],
  ...galleryStory(TextField, STATES, { style: galleryColumn(20), role: 'textbox' }, async ({ canvas }) => {
    await expect(canvas.getByLabelText('Invalid')).toBeInvalid();
  }),
});

export const AllStatesDark = AllStates.extend({ globals: DARK_THEME });
