import preview from '../../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { withPrediction, withoutPrediction } from '@mako/fixtures';
import { expectFitsPhone } from '../../../test/story-kit';
import { llamaH100DetailArgs, llamaH100Fastest } from '../../../test/story-kit-benchmarks';
import { SingleBenchmarkDetail } from './single-benchmark-detail';

/*
 * "Predicted vs measured" on the shown benchmark (its own answer, GET /benchmarks/by-id, carries the
 * prediction). In these stories the model reads throughput 25 % high and latencies 25 % low.
 */
const shown = llamaH100Fastest;
const BIAS = 1.25;

const meta = preview.meta({
  title: 'Screens/Single benchmarks/Detail/Prediction',
  component: SingleBenchmarkDetail,
  args: {
    ...llamaH100DetailArgs(),
    selectedDetail: withPrediction(shown, BIAS),
  },
});

const section = (canvasElement: HTMLElement) => {
  const card = within(canvasElement).getByRole('region', { name: /Benchmark #\d/ });
  return within(card);
};
/** The cells of a metric's row in the prediction table, by column header. */
function rowOf(canvasElement: HTMLElement, label: string): Record<string, string> {
  const table = section(canvasElement).getByRole('table', { name: 'Measured and predicted figures of this benchmark' });
  const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  const row = [...table.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td')?.textContent === label);
  if (!row) throw new Error(`no row ${label}`);
  const cells = [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
  return Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']));
}

export const Predicted = meta.story({
  play: async ({ canvasElement, step }) => {
    const card = section(canvasElement);
    await expect(card.getByRole('heading', { name: 'Predicted vs measured' })).toBeVisible();
    await step('each metric: measured, predicted and the error of the prediction', async () => {
      const throughput = rowOf(canvasElement, 'Output tok/s');
      await expect(throughput).toMatchObject({
        Measured: `${Math.round(shown.metrics.output_throughput).toLocaleString('en-US')} tok/s`,
        Predicted: `${Math.round(shown.metrics.output_throughput * BIAS).toLocaleString('en-US')} tok/s`,
        Error: '−20 %',
        'Running error on this setting': 'No other benchmarks yet',
      });
      await expect(rowOf(canvasElement, 'p99 TTFT')).toMatchObject({ Error: '+25 %' });
      await expect(rowOf(canvasElement, 'p50 TPOT')).toMatchObject({ Error: '+25 %' });
    });
    await step('nothing corrects it yet, and the page says so', async () => {
      await expect(card.queryByRole('columnheader', { name: 'Corrected prediction' })).toBeNull();
      await expect(
        card.getByText(/No other measured benchmark of meta-llama\/Llama-3.1-8B-Instruct on H100 with vllm corrects/),
      ).toBeVisible();
    });
  },
});

export const Corrected = meta.story({
  tags: ['visual'],
  // One benchmark listed, so that the screenshot reaches down to the section.
  args: { benchmarks: [shown], selectedDetail: withPrediction(shown, BIAS, 4) },
  play: async ({ canvasElement }) => {
    const card = section(canvasElement);
    // Four other benchmarks measured the same error: the correction takes 4/7 of it.
    await expect(rowOf(canvasElement, 'Output tok/s')).toMatchObject({
      Error: '−20 %',
      'Error after correction': '−9.1 %',
      'Running error on this setting': '−20 % over 4 benchmarks',
    });
    await expect(rowOf(canvasElement, 'p50 TTFT')).toMatchObject({
      Error: '+25 %',
      'Error after correction': '+10 %',
      'Running error on this setting': '+25 % over 4 benchmarks',
    });
    await expect(card.getByText(/from 4 other measured benchmarks you can see/)).toBeVisible();
  },
});

export const UnknownGpu = meta.story({
  args: {
    selectedDetail: withoutPrediction(shown, 'The performance model does not know the GPU Imaginary GPU.'),
  },
  play: async ({ canvasElement }) => {
    const card = section(canvasElement);
    await expect(card.getByRole('heading', { name: 'Predicted vs measured' })).toBeVisible();
    await expect(
      card.getByText('No prediction for this benchmark. The performance model does not know the GPU Imaginary GPU.'),
    ).toBeVisible();
    await expect(card.queryByRole('table', { name: /predicted figures/ })).toBeNull();
  },
});

export const Demo = meta.story({
  args: { selectedDetail: { ...shown, demo: true } },
  play: async ({ canvasElement }) => {
    const card = section(canvasElement);
    await expect(card.getByText(/This is demo data: the performance model produced these figures/)).toBeVisible();
    await expect(card.queryByRole('table', { name: /predicted figures/ })).toBeNull();
  },
});

export const Phone = meta.story({
  args: { selectedDetail: withPrediction(shown, BIAS, 4) },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement).getByRole('heading', { name: 'Predicted vs measured' })).toBeVisible();
    await expectFitsPhone(canvasElement);
  },
});
