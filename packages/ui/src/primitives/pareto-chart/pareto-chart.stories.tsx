import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { paretoFrontier } from '../chart/chart-math';
import { formatNumber } from '../../foundations/format';
import { darkChartStory, waitForChartPlot } from '../../../test/story-kit-parts';
import { ParetoChart } from './pareto-chart';
import type { ParetoPoint } from './pareto-chart-props';

function makePoints(): ParetoPoint[] {
  const hardware = [
    { group: '8x H100', scale: 1 },
    { group: '8x H200', scale: 1.25 },
    { group: '8x MI300X', scale: 1.1 },
  ];
  const points: ParetoPoint[] = [];
  for (const { group, scale } of hardware) {
    for (const concurrency of [1, 4, 16, 32, 64, 128, 256]) {
      // Higher concurrency: more tokens/s per GPU, fewer per user.
      const perUser = (180 / Math.sqrt(concurrency)) * scale;
      const perGpu = Math.min(3200 * scale, 40 * concurrency * scale ** 2);
      points.push({
        id: `${group}-${concurrency}`,
        group,
        x: Math.round(perUser * 10) / 10,
        y: Math.round(perGpu),
        label: `${group} · concurrency ${concurrency}`,
      });
    }
  }
  return points;
}

const POINTS = makePoints();
const formatPerUser = (value: number) => formatNumber(value, 1);
const formatPerGpu = (value: number) => formatNumber(value);

const meta = preview.meta({
  title: 'Charts/ParetoChart',
  component: ParetoChart,
  args: { points: POINTS, formatX: formatPerUser, formatY: formatPerGpu, showTitle: true },
});

export const ThroughputVsInteractivity = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('the summary counts results, hardware and frontier points', async () => {
      const frontier = paretoFrontier(POINTS).length;
      await expect(
        canvas.getByText(`21 results on 3 hardware configurations; ${frontier} on the Pareto frontier.`),
      ).toBeVisible();
    });
    await step('one legend entry per hardware, plus the frontier', async () => {
      const legend = canvas.getByRole('list', { name: 'Legend' });
      await expect(legend.querySelectorAll('li')).toHaveLength(4);
      await expect(legend).toHaveTextContent('8x MI300X');
    });
    await step('every point is drawn once recharts has loaded', async () => {
      await waitForChartPlot(canvasElement);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBe(21);
      await expect(canvasElement.querySelector('.recharts-line-curve')).not.toBeNull();
    });
  },
});

export const Dark = meta.story({ tags: ['visual'], ...darkChartStory() });

export const WithoutFrontier = meta.story({
  args: { showFrontier: false },
  play: async ({ canvas, canvasElement }) => {
    await waitForChartPlot(canvasElement);
    await expect(canvasElement.querySelector('.recharts-line-curve')).toBeNull();
    await expect(canvas.getByRole('list', { name: 'Legend' })).not.toHaveTextContent('Pareto frontier');
  },
});

export const Empty = meta.story({
  args: { points: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No results to plot.')).toBeVisible();
  },
});
