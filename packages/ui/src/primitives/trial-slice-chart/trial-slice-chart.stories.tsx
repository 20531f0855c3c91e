import preview from '../../../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { formatTokensPerSecond } from '../../foundations/format';
import { waitForChartPlot } from '../../../test/story-kit-parts';
import { TrialSliceChart } from './trial-slice-chart';
import type { SlicePoint } from './slice-points';

/** max_num_seqs doubling from 64 to 1024: throughput grows, the two largest batches run out of memory once each. */
const BATCHES: SlicePoint[] = [64, 128, 256, 512, 1024].flatMap((x, i) => [
  { trial: i * 2 + 1, x, value: 6000 + i * 2400, outcome: 'ok' as const },
  {
    trial: i * 2 + 2,
    x,
    value: i >= 3 ? null : 6400 + i * 2300,
    outcome: i >= 3 ? ('failed' as const) : i === 2 ? ('infeasible' as const) : ('ok' as const),
  },
]);

const KV_CACHE: SlicePoint[] = [
  { trial: 1, x: 'fp8', value: 9100, outcome: 'ok' },
  { trial: 2, x: 'auto', value: 8200, outcome: 'ok' },
  { trial: 3, x: 'fp8', value: null, outcome: 'failed' },
  { trial: 4, x: 'auto', value: 8700, outcome: 'ok' },
];

const meta = preview.meta({
  title: 'Charts/TrialSliceChart',
  component: TrialSliceChart,
  args: {
    points: BATCHES,
    flag: 'max_num_seqs',
    metricLabel: 'output tok/s',
    formatValue: (value: number) => formatTokensPerSecond(value, { unit: false }),
    showTitle: true,
  },
});

/** The flag values labelled on the plot, in drawing order, once recharts has measured its container. */
const xTicks = async (canvasElement: HTMLElement, expected: string[]) => {
  await waitFor(
    () =>
      expect(
        [...canvasElement.querySelectorAll('[data-chart-plot] svg text')]
          .map((label) => label.textContent ?? '')
          .filter((label) => expected.includes(label)),
      ).toEqual(expected),
    { timeout: 5000 },
  );
};

/** A numeric flag that doubles: a log axis with a tick at each value tried. */
export const NumericFlag = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement }) => {
    expect(canvas.getByRole('figure', { name: 'Objective against max_num_seqs' })).toBeVisible();
    expect(
      canvas.getByText(
        '7 feasible trials against max_num_seqs: the highest output tok/s, 15,600, at max_num_seqs = 1024; the lowest, 6,000, at 64; 2 failed.',
      ),
    ).toBeVisible();
    await waitForChartPlot(canvasElement);
    await xTicks(canvasElement, ['64', '128', '256', '512', '1024']);
  },
});

/** A categorical flag: one column per value, in the space's order. */
export const CategoricalFlag = meta.story({
  tags: ['visual'],
  args: { points: KV_CACHE, flag: 'kv_cache_dtype', categories: ['auto', 'fp8'] },
  play: async ({ canvas, canvasElement }) => {
    expect(
      canvas.getByText(
        '3 feasible trials against kv_cache_dtype: the highest output tok/s, 9,100, at kv_cache_dtype = fp8; the lowest, 8,200, at auto; 1 failed.',
      ),
    ).toBeVisible();
    await waitForChartPlot(canvasElement);
    await xTicks(canvasElement, ['auto', 'fp8']);
  },
});

export const NothingFeasibleYet = meta.story({
  args: { points: [{ trial: 1, x: 512, value: null, outcome: 'failed' }] },
  play: async ({ canvas }) => {
    expect(canvas.getByText('No feasible trial to plot against max_num_seqs yet; 1 failed.')).toBeVisible();
  },
});
