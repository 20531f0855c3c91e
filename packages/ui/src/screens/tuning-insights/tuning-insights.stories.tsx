import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatTokensPerSecond } from '../../foundations/format';
import { TuningInsights } from './tuning-insights';
import {
  INSIGHTS,
  INSIGHT_CHOICES,
  INSIGHT_FLAGS,
  INSIGHT_TRIALS,
  makeInsightTrials,
} from './tuning-insights.fixtures';

const meta = {
  title: 'Screens/Tuning sessions/TuningInsights',
  component: TuningInsights,
  parameters: { padded: true },
  args: {
    insights: INSIGHTS,
    trials: INSIGHT_TRIALS,
    flags: INSIGHT_FLAGS,
    choices: INSIGHT_CHOICES,
    metricLabel: 'output tok/s',
    formatValue: (value: number) => formatTokensPerSecond(value, { unit: false }),
  },
} satisfies Meta<typeof TuningInsights>;

export default meta;
type Story = StoryObj<typeof meta>;

const failedCount = INSIGHT_TRIALS.filter((trial) => trial.outcome === 'failed').length;

/** The plot arrives with the lazily loaded recharts chunk. */
const waitForPlot = async (canvasElement: HTMLElement) => {
  await waitFor(() => expect(canvasElement.querySelector('[data-chart-plot] svg.recharts-surface')).not.toBeNull(), {
    timeout: 5000,
  });
};

export const Explained: Story = {
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('the flags are ranked by their share of the objective, most important first', async () => {
      const rows = within(canvas.getByRole('list', { name: 'Flag importance' })).getAllByRole('listitem');
      expect(rows.map((row) => row.textContent)).toEqual([
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
      await waitForPlot(canvasElement);
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
};

export const TooFewTrials: Story = {
  args: { insights: null, trials: makeInsightTrials(5) },
  play: async ({ canvas, step }) => {
    await step('no model is shown before it has something to say', async () => {
      expect(canvas.getByText('The tuner explains its choices once 8 trials have finished (5 so far).')).toBeVisible();
      expect(canvas.queryByRole('list', { name: 'Flag importance' })).toBeNull();
      expect(canvas.queryByRole('heading', { name: 'Where it fails' })).toBeNull();
    });
    await step('the slices already show the trials there are', async () => {
      expect(canvas.getByRole('heading', { name: 'Slices' })).toBeVisible();
      expect(canvas.getByLabelText('Flag')).toHaveValue('max_num_seqs');
    });
  },
};

export const NoFailureYet: Story = {
  args: {
    insights: { ...INSIGHTS, failure_regions: [] },
    trials: INSIGHT_TRIALS.filter((trial) => trial.outcome !== 'failed'),
  },
  play: async ({ canvas }) => {
    expect(canvas.getByText('None learned: no trial has failed.')).toBeVisible();
    expect(canvas.queryByRole('list', { name: 'Failure regions' })).toBeNull();
  },
};

export const FailuresWithoutPattern: Story = {
  args: { insights: { ...INSIGHTS, failure_regions: [] } },
  play: async ({ canvas }) => {
    expect(
      canvas.getByText(`None learned: the ${failedCount} failures so far follow no pattern of flags.`),
    ).toBeVisible();
  },
};

export const NoTrials: Story = {
  args: { insights: null, trials: [] },
  play: async ({ canvas }) => {
    expect(canvas.getByText('The slices start with the first reported trial.')).toBeVisible();
    expect(canvas.queryByLabelText('Flag')).toBeNull();
  },
};

export const Dark: Story = {
  tags: ['visual'],
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => waitForPlot(canvasElement),
};

export const Phone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await waitForPlot(canvasElement);
    // Nothing overflows sideways: the pair of cards stacks and long flag names wrap.
    expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
    expect(canvas.getByRole('heading', { name: 'What matters' })).toBeVisible();
  },
};
