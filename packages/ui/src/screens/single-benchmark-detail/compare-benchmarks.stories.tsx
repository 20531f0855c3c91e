import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { llamaH100Benchmarks, llamaH100Setting } from '../benchmark-common/benchmark-common.fixtures';
import { SingleBenchmarkDetail } from './single-benchmark-detail';

/** Ticking a setting's benchmarks for Compare: the same control, limit and words as search. */
const meta = {
  title: 'Screens/Single benchmarks/Detail/Compare',
  component: SingleBenchmarkDetail,
  args: {
    status: 'success',
    setting: llamaH100Setting,
    benchmarks: llamaH100Benchmarks,
    onCompare: fn(),
    onPublishChange: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof SingleBenchmarkDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The benchmarks' ids by their number in the list (#1 is the oldest). */
const byNumber = [...llamaH100Benchmarks].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((b) => b.id);

export const TickToCompare: Story = {
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Benchmarks of this setting' });
    const box = (number: number) => within(table).getByRole('checkbox', { name: `Compare benchmark #${number}` });
    const compare = canvas.getByRole('button', { name: 'Compare' });
    await step('nothing ticked: Compare waits for two', async () => {
      await expect(canvas.getByText('Tick 2–4 benchmarks to compare them side by side.')).toBeVisible();
      await expect(compare).toBeDisabled();
    });
    await step('two ticked: Compare opens them, in the order they were ticked', async () => {
      await userEvent.click(box(3));
      await userEvent.click(box(1));
      await expect(canvas.getByText('2 of 4 selected for comparison')).toBeVisible();
      await userEvent.click(compare);
      await expect(args.onCompare).toHaveBeenCalledWith([byNumber[2], byNumber[0]]);
    });
    await step('ticking does not change the benchmark shown below', async () => {
      await expect(canvas.getByRole('radio', { name: 'Show benchmark #4' })).toBeChecked();
    });
    await step('four is the most: a fifth cannot be ticked until one is un-ticked', async () => {
      await userEvent.click(box(2));
      await userEvent.click(box(4));
      await expect(box(5)).toBeDisabled();
      await userEvent.click(box(2));
      await expect(box(5)).toBeEnabled();
    });
    await step('Clear selection un-ticks everything', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
      await expect(
        within(table)
          .getAllByRole('checkbox')
          .some((input) => (input as HTMLInputElement).checked),
      ).toBe(false);
      await expect(compare).toBeDisabled();
    });
  },
};

export const WithoutCompare: Story = {
  args: { onCompare: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Compare' })).toBeNull();
  },
};
