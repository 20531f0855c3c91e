import preview from '../../../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { telemetrySamples } from '@mako/fixtures';
import { formatTokensPerSecond } from '../../foundations/format';
import { DARK_THEME, expectFitsPhone, PHONE } from '../../../test/story-kit';
import { TelemetryChart } from './telemetry-chart';

const SAMPLES = telemetrySamples();
const tokens = (value: number) => formatTokensPerSecond(value);

const meta = preview.meta({
  title: 'Charts/TelemetryChart',
  component: TelemetryChart,
  args: { samples: SAMPLES, formatThroughput: tokens, title: 'Engine telemetry', showTitle: true },
});

/** Both panels arrive with the lazily loaded recharts chunk. */
const waitForPanels = async (canvasElement: HTMLElement) => {
  await waitFor(
    () => expect(canvasElement.querySelectorAll('[data-telemetry-panel] svg.recharts-surface')).toHaveLength(2),
    { timeout: 15_000 },
  );
};

export const KvCacheSaturates = meta.story({
  play: async ({ canvas, canvasElement, step }) => {
    await step('the summary says when the cache filled and what it cost, in words', async () => {
      await expect(canvas.getByRole('figure', { name: 'Engine telemetry' })).toBeVisible();
      await expect(
        canvas.getByText(
          '121 samples over 120 s; output peaked at 9,600 tok/s at 60 s; KV cache peaked at 99 % at 61 s; up to 180 requests waiting; 15 preemptions; GPU utilisation 91 % on average.',
        ),
      ).toBeVisible();
    });
    await step('throughput and requests above, the engine’s shares below, on one time axis', async () => {
      await waitForPanels(canvasElement);
      const throughput = canvasElement.querySelector('[data-telemetry-panel="throughput"]') as HTMLElement;
      const engine = canvasElement.querySelector('[data-telemetry-panel="engine"]') as HTMLElement;
      await expect(throughput.querySelectorAll('.recharts-line-curve')).toHaveLength(3);
      await expect(engine.querySelectorAll('.recharts-line-curve')).toHaveLength(3);
      await expect(engine).toHaveTextContent('100 %');
    });
    await step('the legend names every series drawn', async () => {
      const legend = within(canvasElement).getByRole('list', { name: 'Legend' });
      for (const name of ['Output tok/s', 'Running requests', 'Waiting requests', 'KV cache used', 'GPU utilisation'])
        await expect(legend).toHaveTextContent(name);
    });
  },
});

/** A server with /metrics but no nvidia-smi on the runner's machine: no GPU line, none named. */
export const EngineOnly = meta.story({
  args: {
    samples: SAMPLES.map(({ gpu_utilization_pct: _u, gpu_memory_used_mib: _m, gpu_power_w: _p, ...rest }) => rest),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByText(/KV cache peaked at 99 % at 61 s; up to 180 requests waiting; 15 preemptions\.$/),
    ).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Legend' })).not.toHaveTextContent('GPU utilisation');
    await waitForPanels(canvasElement);
  },
});

export const NoSamples = meta.story({
  args: { samples: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No telemetry was recorded for this run.')).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Legend' })).toBeEmptyDOMElement();
  },
});

export const Dark = meta.story({
  globals: DARK_THEME,
  play: async ({ canvasElement }) => {
    await waitForPanels(canvasElement);
  },
});

export const Mobile = meta.story({
  globals: PHONE,
  play: async ({ canvasElement }) => {
    await waitForPanels(canvasElement);
    await expectFitsPhone(canvasElement);
  },
});
