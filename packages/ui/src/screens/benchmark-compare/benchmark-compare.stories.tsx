import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { benchmarks, clientLimitedBenchmark, withRuns } from '@mako/fixtures';
import { llamaH100Manual, llamaH100Trials, standaloneBenchmarks } from '../benchmark-common/benchmark-common.fixtures';
import { expectFitsPhone } from '../../../test/story-kit';
import { expectExportsEachFormat, waitForChartPlot } from '../../../test/story-kit-parts';
import { BenchmarkCompare } from './benchmark-compare';
import type { BenchmarkCompareProps } from './benchmark-compare';

const [trial1, trial2, trial3] = llamaH100Trials as [Benchmark, Benchmark, Benchmark];
const PAIR = [llamaH100Manual, trial2];
const FOUR = [llamaH100Manual, trial1, trial3, standaloneBenchmarks[0]!];

const meta = preview.meta({
  title: 'Screens/Compare benchmarks',
  component: BenchmarkCompare,
  args: {
    status: 'success' as const,
    benchmarks: PAIR,
    onRemove: fn(),
    onOpenSetting: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

const table = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('table', { name });
const row = (canvasElement: HTMLElement, tableName: string, label: string) =>
  within(table(canvasElement, tableName)).getByRole('rowheader', { name: label }).closest('tr') as HTMLTableRowElement;
export const Pair = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('the first benchmark is the baseline; both are named by model, hardware and engine', async () => {
      const setup = table(canvasElement, 'Setup and workload');
      await expect(within(setup).getByRole('columnheader', { name: /#1 baseline/ })).toBeVisible();
      await expect(within(setup).getAllByRole('button', { name: 'meta-llama/Llama-3.1-8B-Instruct' })).toHaveLength(2);
      const metrics = table(canvasElement, 'Metrics');
      await expect(within(metrics).getByRole('columnheader', { name: '#1 baseline · 1x H100' })).toBeVisible();
      await expect(within(metrics).getByRole('columnheader', { name: '#2 1x H100' })).toBeVisible();
    });
    await step('flags that differ are highlighted and say so to a screen reader', async () => {
      const flag = row(canvasElement, 'Engine flags', 'max_num_seqs');
      const [, base, other] = [...flag.cells];
      await expect(base).toHaveTextContent(String(llamaH100Manual.runtime_options.max_num_seqs ?? '—'));
      await expect(other).toHaveTextContent(String(trial2.runtime_options.max_num_seqs ?? '—'));
      await expect(other).toHaveTextContent('(differs from #1)');
      await expect(base).not.toHaveTextContent('differs');
      // Same model and hardware: not highlighted.
      await expect(row(canvasElement, 'Setup and workload', 'Model').cells[2]).not.toHaveTextContent('differs');
    });
    await step('every metric with its change against #1, judged by the way that metric wins', async () => {
      const throughput = row(canvasElement, 'Metrics', 'Output tok/s');
      const better = trial2.metrics.output_throughput > llamaH100Manual.metrics.output_throughput;
      await expect(throughput.cells[2]).toHaveTextContent(better ? /vs #1, better/ : /vs #1, worse/);
      const ttft = row(canvasElement, 'Metrics', 'p99 TTFT');
      const faster = trial2.metrics.ttft_ms.p99 < llamaH100Manual.metrics.ttft_ms.p99;
      await expect(ttft.cells[2]).toHaveTextContent(faster ? /^[^+]*−.*vs #1, better/ : /\+.*vs #1, worse/);
      await expect(throughput.cells[1]).not.toHaveTextContent('vs #1');
    });
    await step('both runs on one throughput–latency chart, with a choice of latency', async () => {
      await waitForChartPlot(canvasElement, 15_000);
      await expect(canvas.getByText(/#1 1x H100: .* at .* p99 TTFT; #2 1x H100/)).toBeInTheDocument();
      await userEvent.selectOptions(canvas.getByLabelText('Latency axis'), 'tpot_ms.mean');
      await expect(canvas.getByText(/#1 1x H100: .* Mean TPOT/)).toBeInTheDocument();
    });
    await step('exports hand the format to the app', async () => {
      await expectExportsEachFormat(canvas, userEvent, args.onExport);
    });
    await step('with two benchmarks there is nothing to remove', async () => {
      await expect(canvas.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    });
  },
});

function Removable(props: BenchmarkCompareProps) {
  const [benchmarks, setBenchmarks] = useState(props.benchmarks ?? []);
  return (
    <BenchmarkCompare
      {...props}
      benchmarks={benchmarks}
      onRemove={(id) => {
        props.onRemove?.(id);
        setBenchmarks((current) => current.filter((benchmark) => benchmark.id !== id));
      }}
    />
  );
}

export const FourWithDifferences = meta.story({
  args: { benchmarks: FOUR },
  render: (args) => <Removable {...args} />,
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('a different model and hardware are highlighted in the fourth column', async () => {
      const model = row(canvasElement, 'Setup and workload', 'Model');
      await expect(model.cells[4]).toHaveTextContent('(differs from #1)');
      await expect(row(canvasElement, 'Setup and workload', 'Hardware').cells[4]).toHaveTextContent('8x H100');
    });
    await step('"Only differences" hides the rows where all agree', async () => {
      const rowsBefore = within(table(canvasElement, 'Setup and workload')).getAllByRole('row').length;
      await userEvent.click(canvas.getByRole('checkbox', { name: 'Only differences' }));
      const rowsAfter = within(table(canvasElement, 'Setup and workload')).getAllByRole('rowheader');
      await expect(rowsAfter.length).toBeLessThan(rowsBefore - 1);
      for (const header of rowsAfter) {
        const cells = [...(header.closest('tr') as HTMLTableRowElement).cells].slice(1);
        await expect(cells.some((cell) => cell.textContent?.includes('differs from #1'))).toBe(true);
      }
    });
    await step('a column can be removed until two are left', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove #4 from the comparison' }));
      await expect(args.onRemove).toHaveBeenCalledWith(FOUR[3]!.id);
      await userEvent.click(canvas.getByRole('button', { name: 'Remove #3 from the comparison' }));
      await expect(canvas.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
      await expect(canvas.getByRole('status')).toHaveTextContent(/^2 benchmarks/);
    });
  },
});

export const TooFew = meta.story({
  args: { benchmarks: [llamaH100Manual] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Pick at least two benchmarks to compare' })).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
});

export const Loading = meta.story({
  args: { status: 'loading', benchmarks: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Compare benchmarks' })).toBeVisible();
  },
});

export const ErrorState = meta.story({
  args: { status: 'error', benchmarks: undefined, error: { statusText: 'Not Found', detail: 'Benchmark not found' } },
  play: async ({ canvas, args, userEvent }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Something went wrong: Not Found');
    await expect(alert).toHaveTextContent('Benchmark not found');
    await userEvent.click(canvas.getByRole('button', { name: /Retry|Try again/ }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark', viewport: { value: 'desktop1280', isRotated: false } },
  args: { benchmarks: FOUR.slice(0, 3) },
  play: async ({ canvasElement }) => {
    await waitForChartPlot(canvasElement, 15_000);
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement, step }) => {
    await step('the page fits 375 px; the tables scroll sideways inside their frames', async () => {
      await waitForChartPlot(canvasElement, 15_000);
      await expectFitsPhone(document.documentElement);
      const frame = table(canvasElement, 'Metrics').parentElement as HTMLElement;
      await expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth);
    });
  },
});

/** A repeated benchmark beside a single run: only the repeated one carries intervals. */
export const RepeatedBesideSingle = meta.story({
  args: { benchmarks: [llamaH100Manual, withRuns(benchmarks.find((b) => b.id === trial2.id)!)] },
  play: async ({ canvasElement }) => {
    const output = row(canvasElement, 'Metrics', 'Output tok/s');
    const [single, repeated] = [...output.querySelectorAll('td')];
    await expect(single).not.toHaveTextContent('±');
    await expect(repeated).toHaveTextContent(/^[\d,]+ tok\/s ± [\d,.]+ tok\/s \(3 runs\)/);
    await expect(row(canvasElement, 'Metrics', 'p99 TTFT').querySelectorAll('td')[1]).toHaveTextContent(
      /ms ± [\d,.]+ ms \(3 runs\)/,
    );
  },
});

/**
 * A client-limited run picked first (issue 24 saw one as "+1,947 % vs #1, better", in green): it is
 * moved off #1, and its figures are shown without a change or a verdict, with the reason in words.
 */
export const ClientLimitedNotCompared = meta.story({
  tags: ['visual'],
  args: { benchmarks: [clientLimitedBenchmark, llamaH100Manual, trial2] },
  play: async ({ canvas, canvasElement, step }) => {
    await step('a comparable run is #1, the client-limited one moves to the end', async () => {
      const metrics = table(canvasElement, 'Metrics');
      await expect(within(metrics).getByRole('columnheader', { name: '#1 baseline · 1x H100' })).toBeVisible();
      await expect(
        within(metrics).getByRole('columnheader', { name: '#3 1x A100-80GB · not comparable' }),
      ).toBeVisible();
      const setup = table(canvasElement, 'Setup and workload');
      await expect(within(setup).getByRole('columnheader', { name: /^#3/ })).toHaveTextContent('Client-limited');
    });
    await step('its column says why it is not compared', async () => {
      await expect(
        canvas.getByText(
          'Not comparable, client-limited: the client could not send the load on schedule, so its figures say nothing about the server.',
        ),
      ).toBeVisible();
    });
    await step('none of its metrics is called better or worse, each says it is not comparable', async () => {
      const rows = within(table(canvasElement, 'Metrics')).getAllByRole('rowheader');
      await expect(rows.length).toBeGreaterThan(10);
      for (const header of rows) {
        const limited = (header.closest('tr') as HTMLTableRowElement).cells[3]!;
        await expect(limited).not.toHaveTextContent(/vs #1|better|worse|same as/);
      }
      const throughput = row(canvasElement, 'Metrics', 'Output tok/s');
      await expect(throughput.cells[3]).toHaveTextContent('not comparable: client-limited');
      await expect(throughput.cells[2]).toHaveTextContent(/vs #1, (better|worse)|same as #1/);
    });
    await step('the chart names it too', async () => {
      await waitForChartPlot(canvasElement, 15_000);
      await expect(canvas.getByText(/#3 1x A100-80GB \(client-limited\): /)).toBeInTheDocument();
    });
  },
});

/** The same setting as trial 2 on a server that failed 66 of its 80 requests (over FAILED_SHARE_LIMIT). */
const serverFailed: Benchmark = {
  ...trial2,
  id: `${trial2.id}-server-failed`,
  metrics: { ...trial2.metrics, completed: 14, failed: 66 },
};

/**
 * A healthy run beside one where the server failed most requests, picked first: its few answers
 * came back fast, which would read as a win; it moves off #1 and is never called better or worse.
 */
export const ServerFailedNotCompared = meta.story({
  tags: ['visual'],
  args: { benchmarks: [serverFailed, llamaH100Manual] },
  play: async ({ canvas, canvasElement, step }) => {
    await step('the healthy run is #1, the failed-server one is #2 and marked not comparable', async () => {
      const metrics = table(canvasElement, 'Metrics');
      await expect(within(metrics).getByRole('columnheader', { name: '#1 baseline · 1x H100' })).toBeVisible();
      await expect(within(metrics).getByRole('columnheader', { name: '#2 1x H100 · not comparable' })).toBeVisible();
    });
    await step('its column says why: how many requests failed', async () => {
      const setup = table(canvasElement, 'Setup and workload');
      await expect(within(setup).getByRole('columnheader', { name: /^#2/ })).toHaveTextContent(
        'Not comparable, server failed: 66 of 80 requests failed, so its figures describe a failing server, not its speed under this load.',
      );
      await expect(within(setup).getByRole('columnheader', { name: /^#1/ })).not.toHaveTextContent('Not comparable');
    });
    await step('none of its metrics is called better or worse, each says it is not comparable', async () => {
      const rows = within(table(canvasElement, 'Metrics')).getAllByRole('rowheader');
      await expect(rows.length).toBeGreaterThan(10);
      for (const header of rows) {
        const failed = (header.closest('tr') as HTMLTableRowElement).cells[2]!;
        await expect(failed).not.toHaveTextContent(/vs #1|better|worse|same as/);
      }
      const throughput = row(canvasElement, 'Metrics', 'Output tok/s');
      await expect(throughput.cells[2]).toHaveTextContent('not comparable: server failed');
    });
    await step('the chart names it too', async () => {
      await waitForChartPlot(canvasElement, 15_000);
      await expect(canvas.getByText(/#2 1x H100 \(server failed\): /)).toBeInTheDocument();
    });
  },
});
