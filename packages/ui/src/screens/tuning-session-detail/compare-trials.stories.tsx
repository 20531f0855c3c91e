import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import {
  RUNNING_BEST,
  RUNNING_NOW,
  RUNNING_RESULTS,
  RUNNING_SESSION,
} from '../tuning-sessions/tuning-sessions.fixtures';
import { TuningSessionDetailScreen } from './tuning-session-detail';
import { NO_BENCHMARK_TO_COMPARE } from './trial-compare';

/** Ticking trials for Compare: only trials that stored a benchmark can be ticked. */
const meta = {
  title: 'Screens/Tuning sessions/TuningSessionDetail/Compare',
  component: TuningSessionDetailScreen,
  parameters: { padded: true },
  args: {
    status: 'success',
    session: RUNNING_SESSION,
    best: RUNNING_BEST,
    results: { data: RUNNING_RESULTS, count: RUNNING_RESULTS.length },
    trials: RUNNING_RESULTS,
    now: RUNNING_NOW,
    onCompare: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
} satisfies Meta<typeof TuningSessionDetailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const benchmarked = RUNNING_RESULTS.filter((result) => result.benchmark_id);
const unbenchmarked = RUNNING_RESULTS.filter((result) => !result.benchmark_id);

export const TickTrialsToCompare: Story = {
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Trial results' });
    const box = (trial: number) => within(table).getByRole('checkbox', { name: `Compare trial #${trial}` });
    const compare = canvas.getByRole('button', { name: 'Compare' });
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
    await step('two ticked: Compare opens their benchmarks, in the order they were ticked', async () => {
      await expect(canvas.getByText('Tick 2–4 trials to compare them side by side.')).toBeVisible();
      await expect(compare).toBeDisabled();
      await userEvent.click(box(benchmarked[1]!.trial_number));
      await userEvent.click(box(benchmarked[0]!.trial_number));
      await userEvent.click(compare);
      await expect(args.onCompare).toHaveBeenCalledWith([benchmarked[1]!.benchmark_id, benchmarked[0]!.benchmark_id]);
    });
    await step('four is the most: a fifth trial cannot be ticked', async () => {
      await userEvent.click(box(benchmarked[2]!.trial_number));
      await userEvent.click(box(benchmarked[3]!.trial_number));
      await expect(canvas.getByText('4 of 4 selected for comparison')).toBeVisible();
      await expect(box(benchmarked[4]!.trial_number)).toBeDisabled();
      await userEvent.click(box(benchmarked[3]!.trial_number));
      await expect(box(benchmarked[4]!.trial_number)).toBeEnabled();
    });
  },
};

export const ReadOnlyWithoutCompare: Story = {
  args: { onCompare: undefined, readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Compare' })).toBeNull();
  },
};
