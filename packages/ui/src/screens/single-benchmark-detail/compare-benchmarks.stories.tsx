import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { llamaH100Benchmarks, llamaH100Setting } from '../benchmark-common/benchmark-common.fixtures';
import { SingleBenchmarkDetail } from './single-benchmark-detail';
import { expectTicksToCompare } from '../../../test/story-kit-screens';

/** Ticking a setting's benchmarks for Compare: the same control, limit and words as search. */
const meta = preview.meta({
  title: 'Screens/Single benchmarks/Detail/Compare',
  component: SingleBenchmarkDetail,
  args: {
    status: 'success' as const,
    setting: llamaH100Setting,
    benchmarks: llamaH100Benchmarks,
    onCompare: fn(),
    onPublishChange: fn(),
    onDelete: fn(),
  },
});

/** The benchmarks' ids by their number in the list (#1 is the oldest). */
const byNumber = [...llamaH100Benchmarks].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((b) => b.id);

export const TickToCompare = meta.story({
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Benchmarks of this setting' });
    const box = (number: number) => within(table).getByRole('checkbox', { name: `Compare benchmark #${number}` });
    await expectTicksToCompare(
      { canvas, step, user: userEvent, onCompare: args.onCompare },
      { noun: 'benchmarks', box, idOf: (number: number) => byNumber[number - 1], order: [3, 1, 2, 4, 5] },
    );
    await step('ticking does not change the benchmark shown below', async () => {
      await expect(canvas.getByRole('radio', { name: 'Show benchmark #4' })).toBeChecked();
    });
    await step('Clear selection un-ticks everything', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
      await expect(
        within(table)
          .getAllByRole('checkbox')
          .some((input) => (input as HTMLInputElement).checked),
      ).toBe(false);
      await expect(canvas.getByRole('button', { name: 'Compare' })).toBeDisabled();
    });
  },
});

export const WithoutCompare = meta.story({
  args: { onCompare: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Compare' })).toBeNull();
  },
});
