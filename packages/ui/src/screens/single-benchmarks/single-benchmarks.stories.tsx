import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { benchmarkSettings, llamaH100Setting, qwenH100Setting } from '../benchmark-common/benchmark-common.fixtures';
import { darkThemeStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import {
  expectAppHandledLink,
  expectClickReportsOnce,
  expectCopyConfirmed,
  expectEmptyWithCommand,
  expectPageTitle,
  expectTexts,
  failedStatusStory,
} from '../../../test/story-kit-screens';
import { FIXTURE_CLOCK, retryAndCopyArgs } from '../../../test/story-kit-benchmarks';
import { SingleBenchmarks } from './single-benchmarks';

const meta = preview.meta({
  title: 'Screens/Single benchmarks/List',
  component: SingleBenchmarks,
  args: {
    status: 'success' as const,
    settings: benchmarkSettings,
    count: benchmarkSettings.length,
    onOpenSetting: fn(),
    onPageChange: fn(),
    ...retryAndCopyArgs(),
    ...FIXTURE_CLOCK,
  },
  beforeEach: stubClipboard,
});

const bodyRows = (canvasElement: HTMLElement) => [
  ...canvasElement.querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]'),
];
const rowOf = (canvasElement: HTMLElement, model: string, hardware: string) =>
  bodyRows(canvasElement).find((row) => row.cells[0]?.textContent === model && row.cells[1]?.textContent === hardware);

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('the title and one row per setting', async () => {
      await expectPageTitle(canvas, 'Single benchmarks');
      await expect(bodyRows(canvasElement)).toHaveLength(6);
    });
    await step('a row reads as the setting: hardware as {count}x {name}, engine and version, workload', async () => {
      const row = rowOf(canvasElement, 'Qwen/Qwen3-32B', '2x H100');
      await expect(row).toBeDefined();
      await expectTexts(
        [...(row?.cells ?? [])],
        ['Qwen/Qwen3-32B', '2x H100', 'SGLang 0.5.3', 'sharegpt', '8 req/s', '4–1,024 → 4–512', '3', '1 d ago'],
      );
      const llama = rowOf(canvasElement, 'meta-llama/Llama-3.1-8B-Instruct', '1x H100');
      await expect(llama?.cells[4]).toHaveTextContent('All at once');
      await expect(llama?.cells[5]).toHaveTextContent('1,024 → 256');
    });
    await step('the exact creation time is on hover', async () => {
      const time = within(rowOf(canvasElement, 'Qwen/Qwen3-32B', '2x H100') as HTMLElement).getByText('1 d ago');
      await expect(time).toHaveAttribute('title', 'Nov 3, 2025, 11:00:00 UTC');
    });
    await step('every column fits a desktop page without scrolling sideways', async () => {
      const scroller = canvas.getByRole('table').parentElement as HTMLElement;
      await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    });
  },
});

export const SortAndOpen = meta.story({
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('choosing a model opens that setting', async () => {
      const row = rowOf(canvasElement, 'Qwen/Qwen3-32B', '2x H100') as HTMLElement;
      await expectClickReportsOnce(
        within(row).getByRole('button', { name: 'Qwen/Qwen3-32B' }),
        userEvent,
        args.onOpenSetting,
        qwenH100Setting.id,
      );
    });
    await step('sorting by number of benchmarks puts the busiest setting first', async () => {
      await userEvent.click(canvas.getByRole('button', { name: /Benchmarks/ }));
      await expect(canvas.getByRole('columnheader', { name: /Benchmarks/ })).toHaveAttribute('aria-sort', 'descending');
      const counts = bodyRows(canvasElement).map((row) => Number(row.cells[6]?.textContent));
      await expect(counts).toEqual([7, 3, 1, 1, 1, 1]);
      await expect(bodyRows(canvasElement)[0]?.cells[1]).toHaveTextContent('1x H100');
    });
    await step('sorting by request rate: the lowest rate first on the second click, all-at-once last', async () => {
      const sort = canvas.getByRole('button', { name: /Request rate/ });
      await userEvent.click(sort);
      await userEvent.click(sort);
      await expect(canvas.getByRole('columnheader', { name: /Request rate/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      const rates = bodyRows(canvasElement).map((row) => row.cells[4]?.textContent);
      await expect(rates.slice(0, 2)).toEqual(['4 req/s', '8 req/s']);
      await expect(rates.at(-1)).toBe('All at once');
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('table', { name: 'Benchmark settings' })),
});

export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneStory((canvas) => canvas.getByRole('heading', { level: 1 })),
});

export const AsLinks = meta.story({
  args: { settingHref: (id: string) => `/single-benchmarks/${id}` },
  play: async ({ canvas, args, step, userEvent }) => {
    const link = canvas.getAllByRole('link', { name: 'meta-llama/Llama-3.1-8B-Instruct' }).at(-1) as HTMLElement;
    await step('with an href each model is a link to its detail page; a plain click is handed to the app', () =>
      expectAppHandledLink(link, userEvent, {
        href: `/single-benchmarks/${llamaH100Setting.id}`,
        onOpen: args.onOpenSetting,
        id: llamaH100Setting.id,
      }),
    );
    await step('a modified click is left to the browser (new tab)', async () => {
      const prevented: boolean[] = [];
      const record = (event: MouseEvent) => {
        prevented.push(event.defaultPrevented);
        // Keep the test page where it is; the check is what our handler did before this.
        event.preventDefault();
      };
      window.addEventListener('click', record);
      await userEvent.keyboard('{Control>}');
      await userEvent.click(link);
      await userEvent.keyboard('{/Control}');
      window.removeEventListener('click', record);
      await expect(prevented).toEqual([false]);
      await expect(args.onOpenSetting).toHaveBeenCalledTimes(1);
    });
  },
});

export const ServerPages = meta.story({
  args: { count: 250, limit: 100, offset: 100 },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the range is the page the app asked for', async () => {
      await expect(canvas.getByText('101–106 of 250')).toBeVisible();
      await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    });
    await step('Next asks for the following offset', async () => {
      await expectClickReportsOnce(canvas.getByRole('button', { name: 'Next page' }), userEvent, args.onPageChange, {
        limit: 100,
        offset: 200,
      });
    });
    await step('Previous asks for the first page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
      await expect(args.onPageChange).toHaveBeenLastCalledWith({ limit: 100, offset: 0 });
    });
  },
});

export const Loading = meta.story({
  args: { status: 'loading', settings: undefined, count: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Benchmark settings' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('Qwen/Qwen3-32B')).not.toBeInTheDocument();
  },
});

export const Empty = meta.story({
  tags: ['visual'],
  args: { settings: [], count: 0 },
  play: async ({ canvas, step }) => {
    await step('it says what to do next, with the runner command that uploads a result', async () => {
      await expectEmptyWithCommand(canvas, {
        heading: 'No benchmarks yet',
        command: /^MAKO_TOKEN=mako_… mako-runner bench --base-url http:\/\/127\.0\.0\.1:8000 .*--post$/,
      });
      await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    });
  },
});

export const EmptyCopyCommand = meta.story({
  args: { settings: [], count: 0 },
  play: async ({ canvas, args, userEvent }) => {
    await expectCopyConfirmed(canvas, userEvent, {
      copied: args.onCopyCommand,
      value: expect.stringContaining('mako-runner bench'),
    });
    await expect(args.onCopyCommand).toHaveBeenCalledTimes(1);
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedStatusStory('settings', { statusText: 'Service Unavailable', detail: 'The database is not answering' }),
});

export const ErrorWithoutDetail = meta.story(
  failedStatusStory('settings', { statusText: 'Bad Gateway', detail: null }),
);
