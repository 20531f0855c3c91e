import preview from '../../../../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import { stubClipboard } from '../../../test/story-kit';
import {
  darkChartScreenStory,
  expectCopyConfirmed,
  phoneChartStory,
  SCREEN_CHART_TIMEOUT,
} from '../../../test/story-kit-screens';
import { waitForChartPlot } from '../../../test/story-kit-parts';
import { COPIED_FEEDBACK_MS } from '../../primitives/copy-field';
import { ParetoFront } from './pareto-front';
import { THREE, TWO, makeFront, PER_GPU, PER_USER } from './pareto-front.fixtures';

const meta = preview.meta({
  title: 'Screens/Tuning sessions/ParetoFront',
  component: ParetoFront,
  beforeEach: stubClipboard,
  args: {
    objectives: TWO.objectives,
    front: TWO.front,
    trials: TWO.trials,
    runtime: 'vllm' as const,
    modelName: 'meta-llama/Llama-3.1-8B-Instruct',
    onCopy: fn(),
  },
});

const measured = TWO.trials.filter((t) => t.objective_values).length;
/** The point best per GPU: chosen at first, as it is the session's best. */
const bestPerGpu = [...TWO.front].sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0))[0]!;
const mostPerUser = [...TWO.front].sort((a, b) => (b.values[1] ?? 0) - (a.values[1] ?? 0))[0]!;

export const TwoObjectives = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, args, step }) => {
    await step('the front is drawn over every measured trial; failed trials are left out', async () => {
      await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
      expect(TWO.front.length).toBeGreaterThan(2);
      expect(measured).toBeLessThan(TWO.trials.length);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBe(measured);
      await expect(
        canvas.getByText(`${measured} trials plotted, ${TWO.front.length} on the Pareto front.`),
      ).toBeInTheDocument();
      const legend = canvas.getByRole('list', { name: 'Legend' });
      await expect(legend).toHaveTextContent('Pareto front');
      await expect(legend).toHaveTextContent('Dominated or broke a constraint');
    });
    await step('the dominated trials are faint', async () => {
      const dimmed = canvasElement.querySelectorAll(
        '.recharts-scatter-symbol [fill-opacity="0.3"], .recharts-scatter-symbol[fill-opacity="0.3"]',
      );
      await expect(dimmed.length).toBe(measured - TWO.front.length);
    });
    await step('the session best (best per GPU) is chosen first, with its launch command', async () => {
      const points = within(canvas.getByRole('list', { name: 'Pareto front points' })).getAllByRole('button');
      await expect(points).toHaveLength(TWO.front.length);
      await expect(
        canvas.getByRole('button', { name: new RegExp(`^Trial ${bestPerGpu.trial_number}\\b`) }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(canvas.getByRole('heading', { name: `Trial ${bestPerGpu.trial_number}` })).toBeVisible();
    });
    await step('choosing another point with the keyboard shows its configuration and command', async () => {
      const target = canvas.getByRole('button', { name: new RegExp(`^Trial ${mostPerUser.trial_number}\\b`) });
      target.focus();
      await userEvent.keyboard('{Enter}');
      await expect(target).toHaveAttribute('aria-pressed', 'true');
      await expect(canvas.getByRole('heading', { name: `Trial ${mostPerUser.trial_number}` })).toBeVisible();
      const options = canvas.getByRole('list', { name: `Runtime options of trial ${mostPerUser.trial_number}` });
      await expect(options).toHaveTextContent(`max_num_seqs=${String(mostPerUser.config.max_num_seqs)}`);
      const command = canvas.getByLabelText('Launch command');
      await expect(command).toHaveTextContent(
        new RegExp(
          `^vllm serve meta-llama/Llama-3\\.1-8B-Instruct .*--max-num-seqs ${String(mostPerUser.config.max_num_seqs)}`,
        ),
      );
      await expectCopyConfirmed(canvas, userEvent, {
        button: 'Copy command',
        copied: args.onCopy,
        value: expect.stringMatching(/^vllm serve /),
      });
      // The confirmation is brief; the baseline shows the button offering to copy again.
      await canvas.findByRole('button', { name: 'Copy command' }, { timeout: COPIED_FEEDBACK_MS + 3000 });
    });
    await step('clicking a front point in the chart chooses it too', async () => {
      const symbols = [...canvasElement.querySelectorAll('.recharts-scatter')][0]!.querySelectorAll(
        '.recharts-scatter-symbol',
      );
      const first = [...TWO.front].sort((a, b) => a.trial_number - b.trial_number)[0]!;
      await userEvent.click(symbols[0] as Element);
      // The clicked plot keeps the focus ring; the baseline shows the page at rest.
      (document.activeElement as HTMLElement | null)?.blur();
      await expect(canvas.getByRole('button', { name: new RegExp(`^Trial ${first.trial_number}\\b`) })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });
  },
});

export const ThreeObjectives = meta.story({
  tags: ['visual'],
  args: { objectives: THREE.objectives, front: THREE.front, trials: THREE.trials },
  play: async ({ canvas, canvasElement, step }) => {
    await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
    await step('two axes at a time, the viewer picks which; every point lists all three values', async () => {
      const axes = canvas.getByLabelText('Axes');
      await expect(within(axes).getAllByRole('option')).toHaveLength(3);
      await userEvent.selectOptions(axes, '1');
      await expect(
        canvas.getByText(/^Output tok\/s per GPU \(higher is better\) against .*\(lower is better\)\.$/),
      ).toBeVisible();
      const first = within(canvas.getByRole('list', { name: 'Pareto front points' })).getAllByRole('button')[0]!;
      await expect(first.textContent?.split('·')).toHaveLength(3);
    });
    await step('a 3-objective front keeps points a 2-objective one would drop', async () => {
      expect(THREE.front.length).toBeGreaterThan(TWO.front.length);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBe(
        THREE.trials.filter((t) => t.objective_values).length,
      );
    });
  },
});

const ONE = makeFront([PER_GPU, PER_USER], 2);

export const OnePointFront = meta.story({
  args: { front: ONE.front.slice(0, 1), trials: ONE.trials },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^1 configuration that no other trial beats on every objective/)).toBeVisible();
    const point = within(canvas.getByRole('list', { name: 'Pareto front points' })).getByRole('button');
    await expect(point).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByLabelText('Launch command')).toHaveTextContent(/^vllm serve /);
  },
});

export const NoFeasibleTrial = meta.story({
  args: { front: [], trials: TWO.trials.map((t) => ({ ...t, feasible: false })) },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('No trial has met the constraints yet: the front starts with the first feasible trial.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Pareto front points' })).toBeNull();
    await expect(canvas.queryByLabelText('Launch command')).toBeNull();
  },
});

export const Dark = meta.story({ tags: ['visual'], ...darkChartScreenStory() });

export const Phone = meta.story({
  tags: ['visual'],
  ...phoneChartStory((canvas) => canvas.getByLabelText('Launch command')),
});
