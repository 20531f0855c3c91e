import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { fullProvenance, mismatchedProvenance, withProvenance } from '@mako/fixtures';
import { llamaH100Manual, llamaH100Trials } from '../benchmark-common/benchmark-common.fixtures';
import { BenchmarkCompare } from './benchmark-compare';

const [, trial2] = llamaH100Trials as [Benchmark, Benchmark];

/** The same engine on another host: a newer driver, a larger KV-cache share, and a flag not taken. */
const otherHost = withProvenance(trial2, {
  ...mismatchedProvenance,
  flags: { ...mismatchedProvenance.flags, gpu_memory_utilization: 0.95, num_gpu_blocks: 30112 },
  gpu: { name: 'NVIDIA H100 80GB HBM3', driver: '580.65.06', memory_mib: 81559, count: 1 },
});

const meta = preview.meta({
  title: 'Screens/Compare benchmarks/Provenance',
  component: BenchmarkCompare,
  args: {
    status: 'success' as const,
    benchmarks: [withProvenance(llamaH100Manual, fullProvenance), otherHost],
    onRemove: fn(),
    onOpenSetting: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

const provenanceTable = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Provenance' });
const cells = (canvasElement: HTMLElement, label: string) =>
  [
    ...(within(provenanceTable(canvasElement)).getByRole('rowheader', { name: label }).closest('tr')?.cells ?? []),
  ].slice(1);

export const Differences = meta.story({
  play: async ({ canvas, canvasElement, step }) => {
    await step('the status line counts the provenance fields that differ', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent(
        '2 benchmarks; 5 settings differ (highlighted); what the engines ran with differs in 4 fields',
      );
    });
    await step('a differing driver is highlighted, and says so to a screen reader', async () => {
      const [base, other] = cells(canvasElement, 'GPU driver');
      await expect(base).toHaveTextContent(/^570\.124\.06$/);
      await expect(other).toHaveTextContent('580.65.06 (differs from #1)');
    });
    await step('the same engine and GPU are not highlighted', async () => {
      for (const label of ['Engine', 'GPU', 'GPU memory', 'Dataset'])
        await expect(cells(canvasElement, label)[1]).not.toHaveTextContent('differs');
    });
    await step('reported flags get a row only where they differ', async () => {
      const [base, other] = cells(canvasElement, 'reported gpu_memory_utilization');
      await expect(base).toHaveTextContent(/^0\.9$/);
      await expect(other).toHaveTextContent('0.95 (differs from #1)');
      await expect(cells(canvasElement, 'reported num_gpu_blocks')[1]).toHaveTextContent('30112 (differs from #1)');
      await expect(
        within(provenanceTable(canvasElement)).queryByRole('rowheader', { name: 'reported block_size' }),
      ).toBeNull();
    });
    await step('flags an engine did not take are listed, asked → reported', async () => {
      const [base, other] = cells(canvasElement, 'Flags not taken');
      await expect(base).toHaveTextContent(/^none$/);
      await expect(other).toHaveTextContent(
        'gpu_memory_utilization 0.95 → 0.9, max_model_len 16384 → 8192 (differs from #1)',
      );
    });
  },
});

export const NoDifferences = meta.story({
  args: {
    benchmarks: [withProvenance(llamaH100Manual, fullProvenance), withProvenance(trial2, fullProvenance)],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).not.toHaveTextContent('what the engines ran with');
    const table = provenanceTable(canvasElement);
    await expect(within(table).queryByText(/differs from #1/)).toBeNull();
    await expect(cells(canvasElement, 'Engine')).toHaveLength(2);
    await expect(cells(canvasElement, 'Engine')[1]).toHaveTextContent(/^vllm 0\.11\.0$/);
  },
});

export const OneFromAnOlderRunner = meta.story({
  args: { benchmarks: [withProvenance(llamaH100Manual, fullProvenance), trial2] },
  play: async ({ canvasElement }) => {
    const [base, other] = cells(canvasElement, 'Engine');
    await expect(base).toHaveTextContent(/^vllm 0\.11\.0$/);
    await expect(other).toHaveTextContent('not recorded (differs from #1)');
  },
});

export const NoneRecorded = meta.story({
  args: { benchmarks: [llamaH100Manual, trial2] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('table', { name: 'Provenance' })).toBeNull();
  },
});
