import preview from '../../../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { darkChartScreenStory, expectTexts, phoneChartStory } from '../../../test/story-kit-screens';
import { waitForChartPlot } from '../../../test/story-kit-parts';
import { formatTokensPerSecond } from '../../foundations/format';
import { TuningInsights } from './tuning-insights';
import {
  INSIGHTS,
  INSIGHT_CHOICES,
  INSIGHT_FLAGS,
  INSIGHT_TRIALS,
  makeInsightTrials,
} from './tuning-insights.fixtures';

const meta = preview.meta({
  title: 'Screens/Tuning sessions/TuningInsights',
  component: TuningInsights,
  args: {
    insights: INSIGHTS,
    trials: INSIGHT_TRIALS,
    flags: INSIGHT_FLAGS,
    choices: INSIGHT_CHOICES,
    metricLabel: 'output tok/s',
    formatValue: (value: number) => formatTokensPerSecond(value, { unit: false }),
  },
});

const FEW = makeInsightTrials(5);
const failedCount = INSIGHT_TRIALS.filter((trial) => trial.outcome === 'failed').length;

export const Explained = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('the flags are ranked by their share of the objective, most important first', async () => {
      const rows = within(canvas.getByRole('list', { name: 'Flag importance' })).getAllByRole('listitem');
      await expectTexts(rows, [
        'max_num_seqs46 %',
        'gpu_memory_utilization27 %',
        'enable_chunked_prefill14 %',
        'kv_cache_dtype9 %',
        'block_size4 %',
      ]);
      expect(canvas.getByText(`From the tuner's models, fitted on ${INSIGHT_TRIALS.length} trials.`)).toBeVisible();
    });
    await step('the failure regions read as sentences, with how many trials there failed', async () => {
      const regions = within(canvas.getByRole('list', { name: 'Failure regions' })).getAllByRole('listitem');
      expect(regions).toHaveLength(2);
      expect(regions[0]).toHaveTextContent('OOM when gpu_memory_utilization > 0.95 and max_num_seqs > 512');
      expect(regions[0]).toHaveTextContent('4 of 4 trials there failed');
      expect(regions[1]).toHaveTextContent('Crash when kv_cache_dtype = fp8 and block_size = 8');
      expect(regions[1]).toHaveTextContent('3 of 3 trials there failed');
    });
    await step('the slice view starts on the most important flag', async () => {
      expect(canvas.getByLabelText('Flag')).toHaveValue('max_num_seqs');
      await waitForChartPlot(canvasElement);
      expect(canvas.getByText(/feasible trials against max_num_seqs: the highest output tok\/s/)).toBeVisible();
      expect(canvas.getByText(new RegExp(`; ${failedCount} failed\\.$`))).toBeVisible();
    });
    await step('choosing another flag slices the same trials along it', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Flag'), 'enable_chunked_prefill');
      expect(
        canvas.getByText(
          /feasible trials against enable_chunked_prefill: the highest .* at enable_chunked_prefill = (on|off)/,
        ),
      ).toBeVisible();
      expect(canvas.getByRole('figure', { name: 'Objective against enable_chunked_prefill' })).toBeVisible();
    });
  },
});

export const TooFewTrials = meta.story({
  args: { insights: null, trials: FEW },
  play: async ({ canvas, step }) => {
    await step('no model is shown before it has something to say', async () => {
      const succeeded = FEW.filter((trial) => trial.outcome !== 'failed').length;
      expect(
        canvas.getByText(`The tuner explains its choices once 6 trials have succeeded (${succeeded} so far).`),
      ).toBeVisible();
      expect(canvas.queryByRole('list', { name: 'Flag importance' })).toBeNull();
      expect(canvas.queryByRole('heading', { name: 'Where it fails' })).toBeNull();
    });
    await step('the slices already show the trials there are', async () => {
      expect(canvas.getByRole('heading', { name: 'Slices' })).toBeVisible();
      expect(canvas.getByLabelText('Flag')).toHaveValue('max_num_seqs');
    });
  },
});

export const NoFailureYet = meta.story({
  args: {
    insights: { ...INSIGHTS, failure_regions: [] },
    trials: INSIGHT_TRIALS.filter((trial) => trial.outcome !== 'failed'),
  },
  play: async ({ canvas }) => {
    expect(canvas.getByText('None learned: no trial has failed.')).toBeVisible();
    expect(canvas.queryByRole('list', { name: 'Failure regions' })).toBeNull();
  },
});

export const FailuresWithoutPattern = meta.story({
  args: { insights: { ...INSIGHTS, failure_regions: [] } },
  play: async ({ canvas }) => {
    expect(
      canvas.getByText(`None learned: the ${failedCount} failures so far follow no pattern of flags.`),
    ).toBeVisible();
  },
});

/** The server answers before the model is fitted: an empty importance, and the regions it has. */
export const NotFittedYet = meta.story({
  args: { insights: { importance: [], failure_regions: [], trials_fitted: 3 }, trials: FEW },
  play: async ({ canvas }) => {
    expect(canvas.getByText('The tuner explains its choices once 6 trials have succeeded (3 so far).')).toBeVisible();
    expect(canvas.queryByRole('heading', { name: 'What matters' })).toBeNull();
  },
});

/** The session is over short of six successful trials: no explanation will come, and it says why. */
export const EndedTooFew = meta.story({
  args: { insights: { importance: [], failure_regions: [], trials_fitted: 4 }, trials: FEW, complete: true },
  play: async ({ canvas }) => {
    expect(
      canvas.getByText(
        'No explanation: the session ended with only 4 successful trials, fewer than the 6 the tuner needs to explain its choices.',
      ),
    ).toBeVisible();
    expect(canvas.queryByText(/explains its choices once/)).toBeNull();
  },
});

export const EndedWithOneSuccess = meta.story({
  args: { insights: null, trials: FEW.filter((trial) => trial.outcome !== 'failed').slice(0, 1), complete: true },
  play: async ({ canvas }) => {
    expect(
      canvas.getByText(
        'No explanation: the session ended with only 1 successful trial, fewer than the 6 the tuner needs to explain its choices.',
      ),
    ).toBeVisible();
  },
});

export const EndedWithoutSuccess = meta.story({
  args: {
    insights: null,
    trials: FEW.slice(0, 2).map((trial) => ({ ...trial, value: null, outcome: 'failed' as const })),
    complete: true,
  },
  play: async ({ canvas }) => {
    expect(
      canvas.getByText(
        'No explanation: the session ended without a successful trial, and the tuner needs 6 to explain its choices.',
      ),
    ).toBeVisible();
  },
});

/** Enough trials succeeded, the models are not in yet (the request is under way). */
export const Fitting = meta.story({
  args: { insights: null },
  play: async ({ canvas }) => {
    expect(canvas.getByText("The tuner's models are being fitted to explain its choices.")).toBeVisible();
    expect(canvas.queryByText(/explains its choices once/)).toBeNull();
  },
});

export const NoTrials = meta.story({
  args: { insights: null, trials: [] },
  play: async ({ canvas }) => {
    expect(canvas.getByText('The slices start with the first reported trial.')).toBeVisible();
    expect(canvas.queryByLabelText('Flag')).toBeNull();
  },
});

export const Dark = meta.story({ tags: ['visual'], ...darkChartScreenStory() });

/** Nothing overflows sideways: the pair of cards stacks and long flag names wrap. */
export const Phone = meta.story({
  tags: ['visual'],
  ...phoneChartStory((canvas) => canvas.getByRole('heading', { name: 'What matters' })),
});
