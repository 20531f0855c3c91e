import preview from '../../../../../.storybook/preview';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { StatusBadge } from '../badge';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import { formatHardware, formatMs, formatNumber, formatTokensPerSecond } from '../../foundations/format';
import { DARK_THEME, expectFitsPhone, PHONE } from '../../../test/story-kit';
import { DataTable } from './data-table';
import { makeBenchmarkRows } from './data-table.fixtures';
import type { BenchmarkRow } from './data-table.fixtures';

const column = createColumnHelper<BenchmarkRow>();

const columns = [
  column.accessor('trial', { header: '#', meta: { numeric: true, width: '72px' } }),
  column.accessor('model', { header: 'Model' }),
  column.accessor((row) => formatHardware(row.hardware), { id: 'hardware', header: 'Hardware' }),
  column.accessor('runtime', { header: 'Runtime', enableSorting: false }),
  column.accessor('outputTokensPerSecond', {
    header: 'Output tok/s',
    cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
    meta: { numeric: true },
  }),
  // Lower latency is better, so the first click should show the fastest.
  column.accessor('p99TtftMs', {
    header: 'p99 TTFT',
    cell: (info) => formatMs(info.getValue()),
    sortDescFirst: false,
    meta: { numeric: true },
  }),
  column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

const FIVE_THOUSAND = makeBenchmarkRows(5000);
const FEW = makeBenchmarkRows(12);

const meta = preview.meta({
  title: 'Primitives/DataTable',
  component: DataTable<BenchmarkRow>,
  args: {
    data: FEW,
    columns,
    caption: 'Benchmark results',
    getRowId: (row: BenchmarkRow) => row.id,
    onSortingChange: fn(),
  },
});

const bodyRows = (canvasElement: HTMLElement) => [
  ...canvasElement.querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]'),
];
const cellText = (row: HTMLTableRowElement | undefined, index: number) => row?.cells[index]?.textContent ?? '';
const throughput = (row: HTMLTableRowElement | undefined) => Number(cellText(row, 4).replace(/,/g, ''));

export const Sortable = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const table = canvas.getByRole('table', { name: 'Benchmark results' });
    await step('numbers are right-aligned in monospace', async () => {
      const cell = bodyRows(canvasElement)[0]?.cells[4];
      await expect(cell).toBeDefined();
      await expect(getComputedStyle(cell as HTMLElement).textAlign).toBe('right');
      await expect(getComputedStyle(cell as HTMLElement).fontFamily).toMatch(/JetBrains Mono/);
    });
    const header = within(table).getByRole('columnheader', { name: /Output tok\/s/ });
    await step('a numeric column sorts highest first on the first click', async () => {
      await userEvent.click(within(header).getByRole('button'));
      await expect(header).toHaveAttribute('aria-sort', 'descending');
      await expect(args.onSortingChange).toHaveBeenLastCalledWith([{ id: 'outputTokensPerSecond', desc: true }]);
      const values = bodyRows(canvasElement).map(throughput);
      await expect(values).toEqual([...values].sort((a, b) => b - a));
    });
    await step('the second click sorts lowest first', async () => {
      await userEvent.click(within(header).getByRole('button'));
      await expect(header).toHaveAttribute('aria-sort', 'ascending');
      const values = bodyRows(canvasElement).map(throughput);
      await expect(values).toEqual([...values].sort((a, b) => a - b));
    });
    await step('columns without sorting offer no button', async () => {
      const runtime = within(table).getByRole('columnheader', { name: 'Runtime' });
      await expect(within(runtime).queryByRole('button')).not.toBeInTheDocument();
      await expect(runtime).not.toHaveAttribute('aria-sort');
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: DARK_THEME,
  args: { initialSorting: [{ id: 'p99TtftMs', desc: false }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: /p99 TTFT/ })).toHaveAttribute('aria-sort', 'ascending');
  },
});

export const Paginated5000 = meta.story({
  args: { data: FIVE_THOUSAND, pageSize: 50 },
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    await step('one page of 50 out of 5,000', async () => {
      await expect(bodyRows(canvasElement)).toHaveLength(50);
      await expect(canvas.getByText('1–50 of 5,000')).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    });
    await step('Next shows the second page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(canvas.getByText('51–100 of 5,000')).toBeVisible();
      await expect(cellText(bodyRows(canvasElement)[0], 0)).toBe('51');
      await expect(bodyRows(canvasElement)[0]).toHaveAttribute('aria-rowindex', '52');
    });
    await step('sorting goes back to page one, sorted over all 5,000 rows', async () => {
      await userEvent.click(canvas.getByRole('button', { name: /Output tok\/s/ }));
      await expect(canvas.getByText('1–50 of 5,000')).toBeVisible();
      const best = Math.max(...FIVE_THOUSAND.map((row) => row.outputTokensPerSecond));
      await expect(throughput(bodyRows(canvasElement)[0])).toBe(Math.round(best));
    });
  },
});

export const Virtualized5000 = meta.story({
  args: { data: FIVE_THOUSAND, maxHeight: 420 },
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    const table = canvas.getByRole('table', { name: 'Benchmark results' });
    await step('all 5,000 rows are in the table, but only the visible ones are in the DOM', async () => {
      await expect(table).toHaveAttribute('aria-rowcount', '5001');
      // The virtualiser loads on demand; its spacer row stands for the rows below the scroll area.
      await waitFor(() => expect(canvasElement.querySelector('tbody tr[aria-hidden="true"]')).not.toBeNull());
      const rendered = bodyRows(canvasElement).length;
      await expect(rendered).toBeGreaterThan(5);
      await expect(rendered).toBeLessThan(60);
    });
    await step('scrolling to the end renders the last rows', async () => {
      const scroller = canvas.getByRole('region', { name: 'Benchmark results' });
      scroller.scrollTop = scroller.scrollHeight;
      await waitFor(() => expect(canvasElement.querySelector('tbody tr[aria-rowindex="5001"]')).not.toBeNull());
      await expect(
        cellText(canvasElement.querySelector<HTMLTableRowElement>('tbody tr[aria-rowindex="5001"]') ?? undefined, 0),
      ).toBe('5000');
      await expect(bodyRows(canvasElement).length).toBeLessThan(60);
    });
    await step('sorting works over every row, not just the rendered ones (latency: fastest first)', async () => {
      const scroller = canvas.getByRole('region', { name: 'Benchmark results' });
      await userEvent.click(canvas.getByRole('button', { name: /p99 TTFT/ }));
      scroller.scrollTop = 0;
      await waitFor(() => expect(canvasElement.querySelector('tbody tr[aria-rowindex="2"]')).not.toBeNull());
      const fastest = Math.min(...FIVE_THOUSAND.map((row) => row.p99TtftMs));
      const first = canvasElement.querySelector<HTMLTableRowElement>('tbody tr[aria-rowindex="2"]') ?? undefined;
      await expect(cellText(first, 5)).toBe(formatMs(fastest));
    });
  },
});

function ServerPaged() {
  const [page, setPage] = useState({ pageIndex: 2, pageSize: 10 });
  const rows = FIVE_THOUSAND.slice(page.pageIndex * page.pageSize, (page.pageIndex + 1) * page.pageSize);
  return (
    <DataTable
      data={rows}
      columns={columns}
      caption="Tuning results"
      manualSorting
      pagination={{ ...page, rowCount: 137, onPaginationChange: setPage }}
    />
  );
}

export const ServerPagination = meta.story({
  render: () => <ServerPaged />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByText('21–30 of 137')).toBeVisible();
    await expect(canvas.getByText('Page 3 of 14')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('31–40 of 137')).toBeVisible();
    await expect(cellText(bodyRows(canvasElement)[0], 0)).toBe('31');
  },
});

export const Loading = meta.story({
  args: { loading: true },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('Llama-3.1-70B-Instruct')).not.toBeInTheDocument();
  },
});

const onNew = fn();

export const Empty = meta.story({
  tags: ['visual'],
  args: {
    data: [],
    empty: (
      <EmptyState
        title="No results yet"
        description="Results appear as runners report them."
        actions={<Button onClick={onNew}>New session</Button>}
        headingLevel={3}
      />
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'No results yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'New session' }));
    await expect(onNew).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
});

export const Mobile = meta.story({
  globals: PHONE,
  args: { data: FEW, pageSize: 5 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(`1–5 of ${formatNumber(FEW.length)}`)).toBeVisible();
    await expectFitsPhone(canvasElement);
  },
});
