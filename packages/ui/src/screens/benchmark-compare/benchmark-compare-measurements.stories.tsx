import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { llamaH100Manual, llamaH100Trials } from '../benchmark-common/benchmark-common.fixtures';
import { BenchmarkCompare } from './benchmark-compare';

/* Reasoning, prefix cache and energy rows: one benchmark measured them, the other's runner did not. */
const [, trial2] = llamaH100Trials as [Benchmark, Benchmark];
const measuredTrial: Benchmark = {
  ...trial2,
  cost_per_million_tokens: 0.5,
  metrics: {
    ...trial2.metrics,
    ttfot_ms: { mean: 1900, p50: 1840, p90: 2600, p95: 3000, p99: 3680 },
    prefix_cache_hit_rate: 0.75,
    energy: { joules_per_output_token: 0.412, joules_per_request: 84.3, source: 'nvidia-smi' },
  },
};

const meta = preview.meta({
  title: 'Screens/Compare benchmarks/Reasoning, cache and energy',
  component: BenchmarkCompare,
  args: {
    status: 'success' as const,
    benchmarks: [llamaH100Manual, measuredTrial],
    onRemove: fn(),
    onOpenSetting: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

const metricRow = (canvasElement: HTMLElement, label: string) =>
  within(within(canvasElement).getByRole('table', { name: 'Metrics' }))
    .getByRole('rowheader', { name: label })
    .closest('tr') as HTMLTableRowElement;

export const OneMeasured = meta.story({
  play: async ({ canvasElement }) => {
    const cells = (label: string) => [...metricRow(canvasElement, label).cells].slice(1);
    const [baseTtfot, trialTtfot] = cells('p99 TTFOT');
    await expect(baseTtfot).toHaveTextContent('Not measured');
    await expect(trialTtfot).toHaveTextContent('3,680');
    const [baseHit, trialHit] = cells('Prefix-cache hit rate');
    await expect(baseHit).toHaveTextContent('Not measured');
    await expect(trialHit).toHaveTextContent('75 %');
    await expect(cells('Energy per output token')[1]).toHaveTextContent('0.412 J');
    await expect(cells('Energy per request')[1]).toHaveTextContent('84.3 J');
    await expect(cells('Energy per request')[0]).toHaveTextContent('Not measured');
    // The split of a priced run: its two prices, "not measured" where the run had no price.
    await expect(cells('Cost per 1M output tokens')[1]).toHaveTextContent(/\$\d+\.\d\d/);
    await expect(cells('Cost per 1M input tokens')[1]).toHaveTextContent(/\$\d+\.\d\d/);
  },
});

export const NoneMeasured = meta.story({
  args: { benchmarks: [llamaH100Manual, trial2] },
  play: async ({ canvasElement }) => {
    const metrics = within(within(canvasElement).getByRole('table', { name: 'Metrics' }));
    await expect(metrics.getByRole('rowheader', { name: 'Output tok/s' })).toBeVisible();
    await expect(metrics.queryByRole('rowheader', { name: 'p99 TTFOT' })).toBeNull();
    await expect(metrics.queryByRole('rowheader', { name: 'Energy per output token' })).toBeNull();
  },
});
