import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import {
  RUNNING_BEST,
  RUNNING_NOW,
  RUNNING_RESULTS,
  RUNNING_SESSION,
} from '../tuning-sessions/tuning-sessions.fixtures';
import { TuningSessionDetailScreen } from './tuning-session-detail';
import { NO_BENCHMARK_TO_COMPARE } from './trial-compare';
import { expectTicksToCompare } from '../../../test/story-kit-screens';

/** Ticking trials for Compare: only trials that stored a benchmark can be ticked. */
const meta = preview.meta({
  title: 'Screens/Tuning sessions/TuningSessionDetail/Compare',
  component: TuningSessionDetailScreen,
  args: {
    status: 'success' as const,
    session: RUNNING_SESSION,
    best: RUNNING_BEST,
    results: { data: RUNNING_RESULTS, count: RUNNING_RESULTS.length },
    trials: RUNNING_RESULTS,
    now: RUNNING_NOW,
    onCompare: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

const benchmarked = RUNNING_RESULTS.filter((result) => result.benchmark_id);
const unbenchmarked = RUNNING_RESULTS.filter((result) => !result.benchmark_id);

export const TickTrialsToCompare = meta.story({
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Trial results' });
    const box = (trial: number) => within(table).getByRole('checkbox', { name: `Compare trial #${trial}` });
    await step('the fixture has what this story needs', async () => {
      await expect(benchmarked.length).toBeGreaterThanOrEqual(5);
      await expect(unbenchmarked.length).toBeGreaterThanOrEqual(1);
    });
    await step('a trial without a stored benchmark cannot be ticked, and says why', async () => {
      const failed = box(unbenchmarked[0]!.trial_number);
      await expect(failed).toBeDisabled();
      await expect(failed).toHaveAccessibleDescription(NO_BENCHMARK_TO_COMPARE);
      await expect(box(benchmarked[0]!.trial_number)).not.toHaveAccessibleDescription(NO_BENCHMARK_TO_COMPARE);
    });
    await expectTicksToCompare(
      { canvas, step, user: userEvent, onCompare: args.onCompare },
      {
        noun: 'trials',
        box: (index: number) => box(benchmarked[index]!.trial_number),
        idOf: (index: number) => benchmarked[index]!.benchmark_id,
        order: [1, 0, 2, 3, 4],
      },
    );
  },
});

export const ReadOnlyWithoutCompare = meta.story({
  args: { onCompare: undefined, readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Compare' })).toBeNull();
  },
});
