import preview from '../../../../../.storybook/preview';
import { expect, fn, spyOn, waitFor } from 'storybook/test';
import { darkThemeStory, stubClipboard, withMaxWidth } from '../../../test/story-kit';
import { expectCopies } from '../../../test/story-kit-parts';
import { CopyField } from './copy-field';

const SECRET = 'mako_pat_9f3c2a71d0b84e5fa6c1e2d3b4a59687';

const meta = preview.meta({
  title: 'Primitives/CopyField',
  component: CopyField,
  args: { label: 'API token', value: SECRET, secret: true, note: 'You will not see it again', onCopy: fn() },
  decorators: [withMaxWidth(520)],
  beforeEach: stubClipboard,
});

export const SecretShownOnce = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'API token' });
    await step('the secret is shown in full, read-only, in monospace, with the warning', async () => {
      await expect(field).toHaveValue(SECRET);
      await expect(field).toHaveAttribute('readonly');
      await expect(getComputedStyle(field).fontFamily).toMatch(/JetBrains Mono/);
      await expect(field).toHaveAccessibleDescription('You will not see it again');
    });
    await step('Copy puts it on the clipboard and says Copied', async () => {
      await expectCopies(canvas, userEvent, SECRET, args.onCopy);
    });
  },
});

export const FeedbackResets = meta.story({
  play: async ({ canvas, step, userEvent }) => {
    await step('after a moment the button offers to copy again', async () => {
      await expectCopies(canvas, userEvent, SECRET);
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible(), { timeout: 3000 });
    });
  },
});

export const ClipboardBlocked = meta.story({
  beforeEach: () => {
    const writeText = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    const execCommand = spyOn(document, 'execCommand').mockReturnValue(false);
    return () => {
      writeText.mockRestore();
      execCommand.mockRestore();
    };
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Select the value and copy it by hand');
    await expect(args.onCopy).not.toHaveBeenCalled();
  },
});

export const Command = meta.story({
  tags: ['visual'],
  args: {
    label: 'Launch command',
    secret: false,
    note: 'Runs the best configuration found by this session.',
    multiline: true,
    value:
      'vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8 --max-num-seqs 969 --max-num-batched-tokens 16384 --gpu-memory-utilization 0.92 --enable-chunked-prefill',
  },
  play: async ({ canvas }) => {
    const block = canvas.getByRole('textbox', { name: 'Launch command' });
    await expect(block).toHaveTextContent('--max-num-seqs 969');
    await expect(block).toHaveAttribute('aria-readonly', 'true');
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByText('You will not see it again')),
});
