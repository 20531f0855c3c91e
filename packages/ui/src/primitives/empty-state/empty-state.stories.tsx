import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { Button } from '../button';
import { darkThemeStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import { expectCopies } from '../../../test/story-kit-parts';
import { EmptyState } from './empty-state';

const COMMAND = 'mako-runner bench --endpoint http://localhost:8000/v1 --token $MAKO_TOKEN';
const onCreate = fn();

const meta = preview.meta({
  title: 'Primitives/EmptyState',
  component: EmptyState,
  args: {
    title: 'No benchmarks yet',
    description: 'Run the runner against your serving endpoint; results appear here as they arrive.',
    command: COMMAND,
    onCopyCommand: fn(),
  },
  beforeEach: stubClipboard,
});

export const WithCommand = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('it says what is missing and what to do', async () => {
      await expect(canvas.getByRole('heading', { name: 'No benchmarks yet' })).toBeVisible();
      await expect(canvas.getByRole('textbox', { name: 'Run this command' })).toHaveTextContent(COMMAND);
    });
    await step('the command copies with one click', async () => {
      await expectCopies(canvas, userEvent, COMMAND, args.onCopyCommand);
    });
  },
});

export const WithAction = meta.story({
  args: {
    title: 'No tuning sessions yet',
    description: 'A session searches runtime options for the best configuration on your hardware.',
    command: undefined,
    actions: <Button onClick={onCreate}>New session</Button>,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'New session' }));
    await expect(onCreate).toHaveBeenCalledTimes(1);
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: 'No benchmarks yet' })),
});

export const Mobile = meta.story({ ...phoneStory() });
