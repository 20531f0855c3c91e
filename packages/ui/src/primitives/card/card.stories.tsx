import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { Button } from '../button';
import { Stat } from '../stat';
import { darkThemeStory, withMaxWidth } from '../../../test/story-kit';
import { BEST_THROUGHPUT_STAT } from '../../../test/story-kit-parts';
import { Card } from './card';

const onCopy = fn();

const meta = preview.meta({
  title: 'Primitives/Card',
  component: Card,
  args: {
    title: 'Best so far',
    description: 'Trial 27 of 50',
    actions: (
      <Button size="sm" variant="secondary" onClick={onCopy}>
        Copy config
      </Button>
    ),
    children: <Stat {...BEST_THROUGHPUT_STAT} />,
  },
  decorators: [withMaxWidth(480)],
});

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step, userEvent }) => {
    await step('the title names the section', async () => {
      await expect(canvas.getByRole('region', { name: 'Best so far' })).toBeVisible();
      await expect(canvas.getByRole('heading', { level: 2, name: 'Best so far' })).toBeVisible();
    });
    await step('header actions work', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy config' }));
      await expect(onCopy).toHaveBeenCalledTimes(1);
    });
  },
});

export const WithFooter = meta.story({
  args: {
    headingLevel: 3,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Save</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Best so far');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeVisible();
  },
});

export const Untitled = meta.story({
  args: {
    title: undefined,
    description: undefined,
    actions: undefined,
    tone: 'sunken',
    children: 'A plain surface without a header.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading')).not.toBeInTheDocument();
    await expect(canvas.getByText('A plain surface without a header.')).toBeVisible();
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: 'Best so far' })),
});
