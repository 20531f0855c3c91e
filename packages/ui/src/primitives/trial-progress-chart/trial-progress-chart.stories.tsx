import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { bestSoFar } from '../chart/chart-math';
import { formatMs, formatTokensPerSecond } from '../../foundations/format';
import { expectFitsPhone, PHONE } from '../../../test/story-kit';
import { darkChartStory, waitForChartPlot } from '../../../test/story-kit-parts';
import { TrialProgressChart } from './trial-progress-chart';
import { makeTrials } from './trial-progress-chart.fixtures';

const TRIALS = makeTrials(50);
const formatThroughput = (value: number) => formatTokensPerSecond(value, { unit: false });

const meta = preview.meta({
  title: 'Charts/TrialProgressChart',
  component: TrialProgressChart,
  args: {
    trials: TRIALS,
    direction: 'maximize' as const,
    metricLabel: 'output tok/s',
    formatValue: formatThroughput,
    baseline: 10820,
    title: 'Progress',
    showTitle: true,
  },
});

export const BestSoFar = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    const best = bestSoFar(TRIALS, 'maximize').at(-1)?.best ?? 0;
    const failed = TRIALS.filter((trial) => trial.outcome === 'failed').length;
    const infeasible = TRIALS.filter((trial) => trial.outcome === 'infeasible').length;
    await step('the summary states the best value and the failures in words', async () => {
      await expect(canvas.getByRole('figure', { name: /Progress/ })).toBeVisible();
      await expect(
        canvas.getByText(
          `Best output tok/s: ${formatThroughput(best)} after 50 trials; ${infeasible} infeasible, ${failed} failed.`,
        ),
      ).toBeVisible();
    });
    await step('recharts loads lazily and draws the line and markers', async () => {
      await waitForChartPlot(canvasElement);
      await expect(canvasElement.querySelector('.recharts-line-curve')).not.toBeNull();
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBe(50);
    });
    await step('the legend names every marker', async () => {
      const legend = canvas.getByRole('list', { name: 'Legend' });
      await expect(legend).toHaveTextContent('Infeasible (broke a constraint)');
      await expect(legend).toHaveTextContent('Failed (OOM, crash, timeout)');
      await expect(legend).toHaveTextContent('Engine defaults');
    });
  },
});

export const Dark = meta.story({ tags: ['visual'], ...darkChartStory() });

export const MinimisingLatency = meta.story({
  args: {
    direction: 'minimize',
    metricLabel: 'p99 TTFT',
    formatValue: formatMs,
    baseline: undefined,
    trials: [
      { trial: 1, value: 420, outcome: 'ok' },
      { trial: 2, value: 310, outcome: 'ok' },
      { trial: 3, value: null, outcome: 'failed', reason: 'timeout' },
      { trial: 4, value: 120, outcome: 'infeasible' },
      { trial: 5, value: 290, outcome: 'ok' },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Best p99 TTFT: 290 ms after 5 trials; 1 infeasible, 1 failed.')).toBeVisible();
    await waitForChartPlot(canvasElement);
  },
});

export const NoFeasibleTrialYet = meta.story({
  args: { trials: [{ trial: 1, value: null, outcome: 'failed', reason: 'oom' }], baseline: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No feasible trial yet after 1 trial; 0 infeasible, 1 failed.')).toBeVisible();
  },
});

export const Mobile = meta.story({
  globals: PHONE,
  play: async ({ canvasElement }) => {
    await waitForChartPlot(canvasElement);
    await expectFitsPhone(canvasElement);
  },
});
