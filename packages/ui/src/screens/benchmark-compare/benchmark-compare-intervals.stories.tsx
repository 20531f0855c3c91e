import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { benchmarks, withRuns } from '@mako/fixtures';
import { llamaH100Manual, llamaH100Trials } from '../benchmark-common/benchmark-common.fixtures';
import { BenchmarkCompare } from './benchmark-compare';

/** A repeated benchmark beside a single run: only the repeated one carries intervals. */
const repeated = withRuns(benchmarks.find((b) => b.id === llamaH100Trials[1]?.id)!);

const meta = {
  title: 'Screens/Compare benchmarks/Intervals',
  component: BenchmarkCompare,
  args: {
    status: 'success',
    benchmarks: [llamaH100Manual, repeated],
    onRemove: fn(),
    onOpenSetting: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
} satisfies Meta<typeof BenchmarkCompare>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RepeatedBesideSingle: Story = {
  play: async ({ canvasElement }) => {
    const metrics = within(canvasElement).getByRole('table', { name: 'Metrics' });
    const output = within(metrics).getByRole('rowheader', { name: 'Output tok/s' }).closest('tr') as HTMLElement;
    const [single, withInterval] = [...output.querySelectorAll('td')];
    await expect(single).not.toHaveTextContent('±');
    await expect(withInterval).toHaveTextContent(/^[\d,]+ tok\/s ± [\d,.]+ tok\/s \(3 runs\)/);
    const ttft = within(metrics).getByRole('rowheader', { name: 'p99 TTFT' }).closest('tr') as HTMLElement;
    await expect(ttft.querySelectorAll('td')[1]).toHaveTextContent(/ms ± [\d,.]+ ms \(3 runs\)/);
  },
};
