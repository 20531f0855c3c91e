import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { DARK_THEME, withMaxWidth } from '../../../test/story-kit';
import { withErrorStory } from '../../../test/story-kit-parts';
import { TextArea } from './text-area';

const HINT = 'A sentence or two is plenty.';

const meta = preview.meta({
  title: 'Primitives/TextArea',
  component: TextArea,
  args: { label: 'Biggest pain', hint: HINT, onChange: fn() },
  decorators: [withMaxWidth(480)],
});

export const Default = meta.story({
  play: async ({ canvas, args, userEvent }) => {
    const area = canvas.getByRole('textbox', { name: 'Biggest pain' });
    await expect(area).toHaveAccessibleDescription(HINT);
    await userEvent.type(area, 'p99 TTFT{Enter}spikes');
    await expect(area).toHaveValue('p99 TTFT\nspikes');
    await expect(args.onChange).toHaveBeenCalled();
  },
});

export const WithError = meta.story({
  tags: ['visual'],
  ...withErrorStory({ error: 'Please tell us your biggest pain', hint: HINT }, (canvas) =>
    canvas.getByRole('textbox', { name: 'Biggest pain' }),
  ),
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: DARK_THEME,
  args: { defaultValue: 'Tuning max_num_seqs by hand for every model.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Biggest pain' })).toHaveValue(
      'Tuning max_num_seqs by hand for every model.',
    );
  },
});
