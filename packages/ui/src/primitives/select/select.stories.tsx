import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { DARK_THEME, withMaxWidth } from '../../../test/story-kit';
import { withErrorStory } from '../../../test/story-kit-parts';
import { Select } from './select';

const runtimes = [
  { value: 'vllm', label: 'vLLM' },
  { value: 'sglang', label: 'SGLang' },
  { value: 'tensorrt-llm', label: 'TensorRT-LLM' },
];

const meta = preview.meta({
  title: 'Primitives/Select',
  component: Select,
  args: { label: 'Runtime', options: runtimes, placeholder: 'Choose a runtime…', onValueChange: fn() },
  decorators: [withMaxWidth(320)],
});

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    const select = canvas.getByLabelText('Runtime');
    await step('starts on the placeholder', async () => {
      await expect(select).toHaveValue('');
      await expect(canvas.getAllByRole('option')).toHaveLength(4);
    });
    await step('choosing reports the value, not the label', async () => {
      await userEvent.selectOptions(select, 'SGLang');
      await expect(args.onValueChange).toHaveBeenCalledWith('sglang');
      await expect(select).toHaveValue('sglang');
    });
  },
});

export const WithError = meta.story(
  withErrorStory({ error: 'Choose a runtime', hint: 'The engine the runner will start.' }, (canvas) =>
    canvas.getByLabelText('Runtime'),
  ),
);

export const DisabledOption = meta.story({
  args: {
    placeholder: undefined,
    options: [
      ...runtimes.slice(0, 2),
      { value: 'tensorrt-llm', label: 'TensorRT-LLM (not on this plan)', disabled: true },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('option', { name: /TensorRT-LLM/ })).toBeDisabled();
    await expect(canvas.getByLabelText('Runtime')).toHaveValue('vllm');
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: DARK_THEME,
  args: { defaultValue: 'vllm', hint: 'The engine the runner will start.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Runtime')).toHaveValue('vllm');
  },
});
