import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { formatNumber } from '../../foundations/format';
import { darkChartStory, waitForChartPlot } from '../../../test/story-kit-parts';
import { SweepCurveChart } from './sweep-curve-chart';
import type { SweepCurvePoint } from './sweep-curve-chart-props';

/** A concurrency sweep: throughput rises with latency until the SLO is missed, then the engine saturates. */
const POINTS: SweepCurvePoint[] = [
  { load: 1, loadLabel: 'concurrency 1', x: 1300, y: 0.8, status: 'passed' },
  { load: 4, loadLabel: 'concurrency 4', x: 1500, y: 2.7, status: 'passed' },
  { load: 16, loadLabel: 'concurrency 16', x: 2400, y: 6.6, status: 'passed' },
  { load: 64, loadLabel: 'concurrency 64', x: 9100, y: 7.1, status: 'failed' },
  { load: 256, loadLabel: 'concurrency 256', x: 31000, y: 5.2, status: 'saturated' },
];

const meta = preview.meta({
  title: 'Charts/SweepCurveChart',
  component: SweepCurveChart,
  args: {
    points: POINTS,
    xLabel: 'p99 E2E latency',
    yLabel: 'Requests/s',
    formatY: (value: number) => formatNumber(value, 1),
    summary: 'Met the SLO up to concurrency 16 (6.6 req/s); concurrency 64 missed it and 256 saturated.',
  },
});

export const LevelByLevel = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('the summary is there to read instead of the picture', async () => {
      await expect(canvas.getByText(/Met the SLO up to concurrency 16/)).toBeVisible();
    });
    await step('the legend names each outcome', async () => {
      const legend = canvas.getByRole('list', { name: 'Legend' });
      await expect(legend.querySelectorAll('li')).toHaveLength(3);
      await expect(legend).toHaveTextContent('Met the SLO');
      await expect(legend).toHaveTextContent('Missed the SLO');
      await expect(legend).toHaveTextContent('Saturated (stopped early)');
    });
    await step('every level is a point; the saturated one stays off the line', async () => {
      await waitForChartPlot(canvasElement);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBe(5);
      const line = canvasElement.querySelector('.recharts-line-curve');
      await expect(line).not.toBeNull();
      // Four levels on the curve: a polyline of four points has three segments after its move.
      await expect((line?.getAttribute('d') ?? '').match(/L/g)).toHaveLength(3);
    });
  },
});

export const Dark = meta.story({ tags: ['visual'], ...darkChartStory() });
