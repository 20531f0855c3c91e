import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { benchmarks, measured } from '@mako/fixtures';
import { expectFitsPhone } from '../../../test/story-kit';
import { llamaH100DetailArgs, llamaH100Fastest } from '../../../test/story-kit-benchmarks';
import { SingleBenchmarkDetail } from './single-benchmark-detail';

/*
 * The shown benchmark's own answer (GET /benchmarks/by-id) carries what lists leave out: repeated
 * runs with their intervals, the client's report, engine telemetry. The fastest benchmark is shown.
 */
const detail = (options: Parameters<typeof measured>[1]): Benchmark =>
  measured(
    benchmarks.find((b) => b.id === llamaH100Fastest.id)!,
    options,
  );

const meta = preview.meta({
  title: 'Screens/Single benchmarks/Detail/Measurements',
  component: SingleBenchmarkDetail,
  args: {
    ...llamaH100DetailArgs(),
    selectedDetail: detail({}),
  },
});

const shownCard = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: /Benchmark #\d/ });
const waitForTelemetry = async (canvasElement: HTMLElement) => {
  await waitFor(
    () => expect(canvasElement.querySelectorAll('[data-telemetry-panel] svg.recharts-surface')).toHaveLength(2),
    { timeout: 15_000 },
  );
};

export const WithRuns = meta.story({
  args: { selectedDetail: detail({ telemetry: false }) },
  play: async ({ canvasElement, step }) => {
    const card = shownCard(canvasElement);
    const interval = detail({}).intervals?.output_throughput;
    await step('each headline figure is the runs’ mean ± its 95 % interval, and says how many runs', async () => {
      const half = Math.round(
        Math.max((interval?.high ?? 0) - (interval?.mean ?? 0), (interval?.mean ?? 0) - (interval?.low ?? 0)),
      );
      // One GPU: the per-GPU figure and its interval equal the whole output's.
      await expect(within(card).getAllByText(new RegExp(`^[\\d,]+ ± ${half.toLocaleString('en-US')}$`))).toHaveLength(
        2,
      );
      await expect(within(card).getAllByText('Mean of 3 runs ± 95 % interval').length).toBeGreaterThanOrEqual(4);
    });
    await step('the latency percentiles carry their intervals too', async () => {
      const table = within(card).getByRole('table', { name: /the mean of 3 runs ± its 95 % interval/ });
      const ttft = [...table.querySelectorAll('tbody tr')].find(
        (row) => row.querySelector('td')?.textContent === 'TTFT',
      );
      await expect(ttft?.querySelectorAll('td')[5]).toHaveTextContent(/^[\d,.]+ ms ± [\d,.]+ ms$/);
    });
    await step('a client that kept up raises nothing, and no telemetry means no chart', async () => {
      await expect(within(card).queryByText('The client could not keep up')).toBeNull();
      await expect(within(card).queryByRole('figure', { name: 'Engine telemetry' })).toBeNull();
    });
  },
});

export const ClientLimited = meta.story({
  args: { selectedDetail: detail({ limited: true, runs: false, telemetry: false }) },
  play: async ({ canvasElement }) => {
    const card = shownCard(canvasElement);
    await expect(within(card).getByText('The client could not keep up')).toBeVisible();
    await expect(card).toHaveTextContent(
      'achieved 17.40 req/s, 13.0 % short of the target 20.00 req/s; send lag p99 48.5 ms > 10 ms. It sent 17.4 of the 20 requests/s asked for, with a send-lag p99 of 48.5 ms at 99 % of a CPU core.',
    );
    await expect(within(card).getByText('Client-limited')).toBeVisible();
  },
});

export const WithTelemetry = meta.story({
  args: { selectedDetail: detail({ runs: false }) },
  play: async ({ canvasElement }) => {
    const card = shownCard(canvasElement);
    await expect(within(card).getByRole('heading', { name: 'Engine telemetry' })).toBeVisible();
    await expect(within(card).getByRole('figure', { name: 'Engine telemetry' })).toHaveAccessibleDescription(
      /KV cache peaked at 99 % at 61 s; up to 180 requests waiting; 15 preemptions/,
    );
    await waitForTelemetry(canvasElement);
  },
});

/** An older runner's benchmark, or the list's row before the benchmark's own answer arrives. */
export const NoneOfThem = meta.story({
  args: { selectedDetail: null },
  play: async ({ canvasElement }) => {
    const card = shownCard(canvasElement);
    await expect(within(card).getByRole('table', { name: 'Latency percentiles in ms' })).toBeVisible();
    await expect(within(card).queryByText(/±/)).toBeNull();
    await expect(within(card).queryByText('The client could not keep up')).toBeNull();
    await expect(within(card).queryByRole('figure', { name: 'Engine telemetry' })).toBeNull();
  },
});

export const Dark = meta.story({
  args: { selectedDetail: detail({ limited: true }) },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The client could not keep up')).toBeVisible();
    await waitForTelemetry(canvasElement);
  },
});

export const Phone = meta.story({
  args: { selectedDetail: detail({ limited: true }) },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    await waitForTelemetry(canvasElement);
    await expectFitsPhone(canvasElement);
  },
});
