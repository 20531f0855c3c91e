import { DATASET_KINDS } from '@mako/contract/vocabulary';
import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { allBenchmarks, llama70bSetting, makeSearchResults } from '../benchmark-common/benchmark-common.fixtures';
import { formatTokensPerSecond } from '../../foundations/format';
import { expectFitsPhone, stubClipboard } from '../../../test/story-kit';
import { textsOf, waitForChartPlot } from '../../../test/story-kit-parts';
import { retryAndCopyArgs } from '../../../test/story-kit-benchmarks';
import { expectOffers } from '../../../test/story-kit-screens';
import { BenchmarkSearch } from './benchmark-search';
import type { BenchmarkSearchProps } from './benchmark-search';

const MANY = makeSearchResults(2000);
/** The fixture benchmarks, with the L40S run marked as seeded from the performance model. */
const RESULTS = allBenchmarks.map((benchmark) =>
  benchmark.setting.hardware_config.name === 'L40S' ? { ...benchmark, demo: true } : benchmark,
);
const FIRST_PAGE_OF_MANY = MANY.slice(0, 1000);

const meta = preview.meta({
  title: 'Screens/Search benchmarks',
  component: BenchmarkSearch,
  args: {
    filters: {},
    status: 'success' as const,
    results: RESULTS,
    count: RESULTS.length,
    onSearch: fn(),
    onPageChange: fn(),
    onViewChange: fn(),
    onOpenSetting: fn(),
    suggestions: {
      model_name: ['meta-llama/Llama-3.1-8B-Instruct', 'Qwen/Qwen3-32B'],
      hardware_name: ['H100', 'A100-80GB', 'L40S', 'MI300X'],
    },
    ...retryAndCopyArgs(),
  },
  beforeEach: stubClipboard,
});

const resultsTable = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Matching benchmarks' });
const bodyRows = (canvasElement: HTMLElement) => [
  ...resultsTable(canvasElement).querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]'),
];
const column = (canvasElement: HTMLElement, index: number) =>
  bodyRows(canvasElement).map((row) => row.cells[index]?.textContent ?? '');
const ms = (text: string) => Number(text.replace(/[, ms]/g, ''));
const form = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('form', { name: 'Benchmark filters' }));
export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step("the title is 'Search benchmarks' and the results say how many and in what order", async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Search benchmarks' })).toBeVisible();
      await expect(canvas.getByText('14 benchmarks, newest first')).toBeVisible();
      await expect(bodyRows(canvasElement)).toHaveLength(14);
    });
    await step(
      'a result row: hardware as {count}x {name}, throughputs with separators, latencies to 3 significant figures',
      async () => {
        const row = bodyRows(canvasElement).find(
          (candidate) => candidate.cells[0]?.textContent === llama70bSetting.ml_model_name,
        );
        const cells = textsOf([...(row?.cells ?? [])]);
        await expect(cells).toEqual([
          'meta-llama/Llama-3.3-70B-Instruct',
          '8x H100',
          '6,413',
          '802',
          '26.4',
          '2,600 ms',
          '37.9 ms',
          '$0.86',
          'TensorRT-LLM 1.0.0',
          'VerifiedPublished',
        ]);
      },
    );
    await step('verified, published and demo results say so in words', async () => {
      const l40s = bodyRows(canvasElement).find((candidate) => candidate.cells[1]?.textContent === '1x L40S');
      await expect(l40s?.cells[9]).toHaveTextContent('Demo');
      await expect(l40s?.cells[9]).not.toHaveTextContent('Verified');
    });
    await step('numbers align right in monospace', async () => {
      const cell = bodyRows(canvasElement)[0]?.cells[2] as HTMLElement;
      await expect(getComputedStyle(cell).textAlign).toBe('right');
      await expect(getComputedStyle(cell).fontFamily).toMatch(/JetBrains Mono/);
    });
    await step('every filter of GET /benchmarks/all is in the form', async () => {
      const fields = form(canvasElement);
      for (const label of [
        'Model',
        'Hardware',
        'Runtime version',
        'Objective',
        'Constraints',
        'Dataset',
        'Request rate',
        'Requests',
        'Output length',
        'Max sequence length',
        'Min prompt',
        'Max prompt',
        'Min output',
        'Max output',
        'Min max-seq-length',
        'Max max-seq-length',
        'Verified',
        'Published',
        'Results per page',
        'Skip first',
      ]) {
        await expect(fields.getByLabelText(label)).toBeVisible();
      }
    });
  },
});

export const SortResults = meta.story({
  play: async ({ canvasElement, step, userEvent }) => {
    const table = resultsTable(canvasElement);
    await step('p99 TTFT sorts fastest first', async () => {
      await userEvent.click(within(table).getByRole('button', { name: /p99 TTFT/ }));
      const values = column(canvasElement, 5).map(ms);
      await expect(values).toEqual([...values].sort((a, b) => a - b));
    });
    await step('tok/s/GPU sorts highest first', async () => {
      await userEvent.click(within(table).getByRole('button', { name: /tok\/s\/GPU/ }));
      await expect(within(table).getByRole('columnheader', { name: /tok\/s\/GPU/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      const values = column(canvasElement, 3).map((text) => Number(text.replace(/,/g, '')));
      await expect(values).toEqual([...values].sort((a, b) => b - a));
    });
    await step('cost sorts cheapest first', async () => {
      await userEvent.click(within(table).getByRole('button', { name: /Cost\/1M tok/ }));
      const values = column(canvasElement, 7).map((text) => Number(text.replace('$', '')));
      await expect(values).toEqual([...values].sort((a, b) => a - b));
    });
  },
});

export const OpenASetting = meta.story({
  args: { settingHref: (id: string) => `/single-benchmarks/${id}` },
  play: async ({ canvasElement, args, userEvent }) => {
    const row = bodyRows(canvasElement).find(
      (candidate) => candidate.cells[0]?.textContent === llama70bSetting.ml_model_name,
    ) as HTMLElement;
    const link = within(row).getByRole('link', { name: llama70bSetting.ml_model_name });
    await expect(link).toHaveAttribute('href', `/single-benchmarks/${llama70bSetting.id}`);
    await userEvent.click(link);
    await expect(args.onOpenSetting).toHaveBeenCalledWith(llama70bSetting.id);
  },
});

export const FilterAndSearch = meta.story({
  play: async ({ canvasElement, args, step, userEvent }) => {
    const fields = form(canvasElement);
    await step('typing filters and pressing Search sends them, typed for the API', async () => {
      await userEvent.type(fields.getByLabelText('Model'), 'meta-llama/Llama-3.1-8B-Instruct');
      await userEvent.type(fields.getByLabelText('Hardware'), 'H100');
      await userEvent.selectOptions(fields.getByLabelText('Objective'), 'output_throughput_per_gpu');
      await userEvent.type(fields.getByLabelText('Constraints'), 'ttft_ms.p99 <= 500, tpot_ms.p99<=30');
      await userEvent.type(fields.getByLabelText('Request rate'), 'inf');
      await userEvent.selectOptions(fields.getByLabelText('Verified'), 'true');
      await userEvent.click(fields.getByRole('button', { name: 'Search' }));
      await expect(args.onSearch).toHaveBeenCalledTimes(1);
      await expect(args.onSearch).toHaveBeenCalledWith({
        model_name: 'meta-llama/Llama-3.1-8B-Instruct',
        hardware_name: 'H100',
        objective: 'output_throughput_per_gpu',
        constraints: 'ttft_ms.p99<=500,tpot_ms.p99<=30',
        request_rate: 'inf',
        verified: true,
      });
    });
    await step('the objective list names each metric with its better direction', async () => {
      const objective = fields.getByLabelText('Objective');
      await expectOffers(objective, [
        'p99 TTFT (lowest first)',
        'Output tok/s per user (highest first)',
        'p99 TTFOT (lowest first)',
        'Prefix-cache hit rate (highest first)',
        'Energy per output token (lowest first)',
        'Cost per 1M input tokens (lowest first)',
      ]);
      // Every metric key, and "none".
      await expect(within(objective).getAllByRole('option')).toHaveLength(39);
    });
  },
});

export const EveryParameter = meta.story({
  play: async ({ canvasElement, args, userEvent }) => {
    const fields = form(canvasElement);
    const typed: Array<[string, string]> = [
      ['Model', 'Qwen/Qwen3-32B'],
      ['Hardware', 'H100'],
      ['Runtime version', '0.5.3'],
      ['Constraints', 'e2el_ms.p95<8000'],
      ['Dataset', 'sharegpt'],
      ['Request rate', '8'],
      ['Requests', '2000'],
      ['Output length', '512'],
      ['Max sequence length', '4096'],
      ['Min prompt', '4'],
      ['Max prompt', '1024'],
      ['Min output', '4'],
      ['Max output', '512'],
      ['Min max-seq-length', '2048'],
      ['Max max-seq-length', '8192'],
      ['Results per page', '50'],
      ['Skip first', '150'],
    ];
    for (const [label, value] of typed) await userEvent.type(fields.getByLabelText(label), value);
    await userEvent.selectOptions(fields.getByLabelText('Objective'), 'tpot_ms.p90');
    await userEvent.selectOptions(fields.getByLabelText('Verified'), 'false');
    await userEvent.selectOptions(fields.getByLabelText('Published'), 'true');
    await userEvent.click(fields.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith({
      model_name: 'Qwen/Qwen3-32B',
      hardware_name: 'H100',
      software_version: '0.5.3',
      objective: 'tpot_ms.p90',
      constraints: 'e2el_ms.p95<8000',
      dataset: 'sharegpt',
      request_rate: 8,
      num_requests: 2000,
      output_len: 512,
      max_seq_length: 4096,
      min_prompt: 4,
      max_prompt: 1024,
      min_output: 4,
      max_output: 512,
      min_seq: 2048,
      max_seq: 8192,
      verified: false,
      published: true,
      limit: 50,
      offset: 150,
    });
  },
});

export const Validation = meta.story({
  tags: ['visual'],
  play: async ({ canvasElement, args, step, userEvent }) => {
    const fields = form(canvasElement);
    await step('a count must be a whole number, checked when leaving the field', async () => {
      await userEvent.type(fields.getByLabelText('Requests'), '-5');
      await userEvent.tab();
      await expect(fields.getByLabelText('Requests')).toHaveAccessibleDescription('Enter a whole number, 0 or more');
    });
    await step('a request rate is above 0 or inf', async () => {
      await userEvent.type(fields.getByLabelText('Request rate'), 'fast');
      await userEvent.tab();
      await expect(fields.getByText('Enter a rate above 0 req/s, or inf')).toBeVisible();
    });
    await step('constraints must be metric op value with a known metric', async () => {
      const constraints = fields.getByLabelText('Constraints');
      await userEvent.type(constraints, 'ttft_ms.p99=200');
      await userEvent.tab();
      await expect(fields.getByText("Invalid constraint 'ttft_ms.p99=200': expected metric<=value")).toBeVisible();
      await userEvent.clear(constraints);
      await userEvent.type(constraints, 'ttft_ms.p99<=200, latency<50');
      await expect(fields.getByText("Unknown metric 'latency' in constraint 'latency<50'")).toBeVisible();
    });
    await step('a minimum above its maximum is caught', async () => {
      await userEvent.type(fields.getByLabelText('Min prompt'), '2048');
      await userEvent.type(fields.getByLabelText('Max prompt'), '1024');
      await userEvent.tab();
      await userEvent.click(fields.getByLabelText('Min prompt'));
      await userEvent.tab();
      await expect(fields.getByText('Min prompt must not exceed max prompt')).toBeVisible();
    });
    await step('Search sends nothing while a field is wrong and focuses the first one', async () => {
      await userEvent.click(fields.getByRole('button', { name: 'Search' }));
      await expect(args.onSearch).not.toHaveBeenCalled();
      await expect(fields.getByLabelText('Constraints')).toHaveFocus();
    });
    await step('a fixed field loses its message while typing', async () => {
      const requests = fields.getByLabelText('Requests');
      await userEvent.clear(requests);
      await userEvent.type(requests, '500');
      await expect(requests).not.toHaveAttribute('aria-invalid');
      await expect(fields.queryByText('Enter a whole number, 0 or more')).not.toBeInTheDocument();
    });
  },
});

export const ResetFilters = meta.story({
  args: { filters: { model_name: 'Qwen/Qwen3-32B', verified: true, objective: 'ttft_ms.p99', limit: 50 } },
  play: async ({ canvasElement, args, step, userEvent }) => {
    const fields = form(canvasElement);
    await step('the form starts from the search on screen', async () => {
      await expect(fields.getByLabelText('Model')).toHaveValue('Qwen/Qwen3-32B');
      await expect(fields.getByLabelText('Verified')).toHaveValue('true');
      await expect(fields.getByLabelText('Objective')).toHaveValue('ttft_ms.p99');
      await expect(fields.getByLabelText('Results per page')).toHaveValue('50');
    });
    await step('Reset clears every field and searches without filters', async () => {
      await userEvent.click(fields.getByRole('button', { name: 'Reset' }));
      await expect(args.onSearch).toHaveBeenCalledWith({});
      await expect(fields.getByLabelText('Model')).toHaveValue('');
      await expect(fields.getByLabelText('Verified')).toHaveValue('');
      await expect(fields.getByLabelText('Results per page')).toHaveValue('');
    });
  },
});

export const NewFiltersStartAtTheFirstPage = meta.story({
  args: { filters: { hardware_name: 'H100', limit: 100, offset: 200 }, count: 500 },
  play: async ({ canvasElement, args, step, userEvent }) => {
    const fields = form(canvasElement);
    await step('changing a filter drops the offset of the page on screen', async () => {
      await userEvent.type(fields.getByLabelText('Model'), 'Qwen/Qwen3-32B');
      await userEvent.click(fields.getByRole('button', { name: 'Search' }));
      await expect(args.onSearch).toHaveBeenLastCalledWith({
        model_name: 'Qwen/Qwen3-32B',
        hardware_name: 'H100',
        limit: 100,
      });
    });
    await step('an offset the user typed is kept', async () => {
      const skip = fields.getByLabelText('Skip first');
      await userEvent.clear(skip);
      await userEvent.type(skip, '300');
      await userEvent.click(fields.getByRole('button', { name: 'Search' }));
      await expect(args.onSearch).toHaveBeenLastCalledWith({
        model_name: 'Qwen/Qwen3-32B',
        hardware_name: 'H100',
        limit: 100,
        offset: 300,
      });
    });
  },
});

/** The app's part: the address bar holds the filters, and paging changes it. */
function PagingApp(props: BenchmarkSearchProps) {
  const [filters, setFilters] = useState(props.filters);
  const offset = filters.offset ?? 0;
  const limit = filters.limit ?? 100;
  return (
    <BenchmarkSearch
      {...props}
      filters={filters}
      results={MANY.slice(offset, offset + limit)}
      count={MANY.length}
      onPageChange={(page) => {
        props.onPageChange(page);
        setFilters((current) => ({ ...current, ...page }));
      }}
    />
  );
}

export const Paging = meta.story({
  args: { filters: { limit: 100 } },
  render: (args) => <PagingApp {...args} />,
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const fields = form(canvasElement);
    await step('the first page of 2,000 results', async () => {
      await expect(canvas.getByText('1–100 of 2,000')).toBeVisible();
      await expect(canvas.getByText('Page 1 of 20')).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    });
    await step('an unsent edit in the form survives paging', async () => {
      await userEvent.type(fields.getByLabelText('Model'), 'Qwen');
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(args.onPageChange).toHaveBeenCalledWith({ limit: 100, offset: 100 });
      await expect(canvas.getByText('101–200 of 2,000')).toBeVisible();
      await expect(fields.getByLabelText('Model')).toHaveValue('Qwen');
      await expect(fields.getByLabelText('Skip first')).toHaveValue('100');
    });
    await step('Previous goes back', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
      await expect(args.onPageChange).toHaveBeenLastCalledWith({ limit: 100, offset: 0 });
      await expect(canvas.getByText('1–100 of 2,000')).toBeVisible();
    });
  },
});

export const ThousandsOfResults = meta.story({
  args: { filters: { limit: 1000 }, results: FIRST_PAGE_OF_MANY, count: MANY.length },
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    const table = resultsTable(canvasElement);
    await step(
      'a page of 1,000 out of 2,000: every row is in the table, only the visible ones in the DOM',
      async () => {
        await expect(canvas.getByText('1–1,000 of 2,000')).toBeVisible();
        await expect(table).toHaveAttribute('aria-rowcount', '1001');
        // The virtualiser loads on demand; its spacer row stands for the rows below the scroll area.
        await waitFor(() => expect(table.querySelector('tbody tr[aria-hidden="true"]')).not.toBeNull());
        await expect(bodyRows(canvasElement).length).toBeLessThan(60);
        await expect(canvas.getByText(/Sorting a column reorders this page/)).toBeVisible();
      },
    );
    await step('scrolling reaches the last row', async () => {
      const scroller = canvas.getByRole('region', { name: 'Matching benchmarks' });
      scroller.scrollTop = scroller.scrollHeight;
      await waitFor(() => expect(table.querySelector('tbody tr[aria-rowindex="1001"]')).not.toBeNull());
      await expect(bodyRows(canvasElement).length).toBeLessThan(60);
    });
    await step('sorting covers all 1,000 rows of the page', async () => {
      await userEvent.click(within(table).getByRole('button', { name: /tok\/s\/user/ }));
      const scroller = canvas.getByRole('region', { name: 'Matching benchmarks' });
      scroller.scrollTop = 0;
      await waitFor(() => expect(table.querySelector('tbody tr[aria-rowindex="2"]')).not.toBeNull());
      const best = Math.max(...FIRST_PAGE_OF_MANY.map((benchmark) => benchmark.output_throughput_per_user ?? 0));
      const first = table.querySelector<HTMLTableRowElement>('tbody tr[aria-rowindex="2"]');
      await expect(first?.cells[4]).toHaveTextContent(formatTokensPerSecond(best, { unit: false }));
    });
  },
});

export const ParetoView = meta.story({
  tags: ['visual'],
  args: {
    filters: { model_name: 'meta-llama/Llama-3.1-8B-Instruct' },
    results: MANY.filter((b) => b.setting.ml_model_name.includes('3.1-8B')).slice(0, 120),
    count: 120,
  },
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('the toggle shows the Pareto chart of tokens/s per GPU against tokens/s per user', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Pareto chart' }));
      await expect(args.onViewChange).toHaveBeenCalledWith('pareto');
      await expect(canvas.queryByRole('table', { name: 'Matching benchmarks' })).not.toBeInTheDocument();
      // The Pareto view loads when its tab is first shown.
      await expect(
        await canvas.findByText(/^120 results on 5 hardware configurations; \d+ on the Pareto frontier\.$/),
      ).toBeVisible();
    });
    await step('one colour per hardware, and the frontier', async () => {
      const legend = canvas.getByRole('list', { name: 'Legend' });
      for (const hardware of ['8x H100', '8x H200', '8x MI300X', '4x A100-80GB', '2x L40S', 'Pareto frontier']) {
        await expect(legend).toHaveTextContent(hardware);
      }
      await waitForChartPlot(canvasElement, 15_000);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol')).toHaveLength(120);
      await expect(canvasElement.querySelector('.recharts-line-curve')).not.toBeNull();
    });
    await step('and back to the table', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Table' }));
      await expect(args.onViewChange).toHaveBeenLastCalledWith('table');
      await expect(resultsTable(canvasElement)).toBeVisible();
      await userEvent.click(canvas.getByRole('tab', { name: 'Pareto chart' }));
      await waitForChartPlot(canvasElement, 15_000);
    });
  },
});

function Selectable(props: BenchmarkSearchProps) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <BenchmarkSearch
      {...props}
      selectedIds={selected}
      onSelectionChange={(ids) => {
        props.onSelectionChange?.(ids);
        setSelected(ids);
      }}
    />
  );
}

export const CompareSelection = meta.story({
  args: { onSelectionChange: fn(), onCompare: fn(), onExport: fn() },
  render: (args) => <Selectable {...args} />,
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const boxes = () => within(resultsTable(canvasElement)).getAllByRole('checkbox');
    const compare = canvas.getByRole('button', { name: 'Compare' });
    await step('nothing ticked: Compare waits for two', async () => {
      await expect(canvas.getByText('Tick 2–4 results to compare them side by side.')).toBeVisible();
      await expect(compare).toBeDisabled();
      await expect(boxes()[0]).toHaveAccessibleName(/^Compare .+ on \d+x .+ \(.+\)$/);
    });
    await step('two ticked: Compare opens them, in the order they were ticked', async () => {
      await userEvent.click(boxes()[2]!);
      await userEvent.click(boxes()[0]!);
      await expect(canvas.getByText('2 of 4 selected for comparison')).toBeVisible();
      await userEvent.click(compare);
      await expect(args.onCompare).toHaveBeenCalledWith([RESULTS[2]!.id, RESULTS[0]!.id]);
    });
    await step('four is the most: the other boxes are disabled until one is un-ticked', async () => {
      await userEvent.click(boxes()[1]!);
      await userEvent.click(boxes()[3]!);
      await expect(boxes()[4]).toBeDisabled();
      await userEvent.click(boxes()[1]!);
      await expect(boxes()[4]).toBeEnabled();
    });
    await step('Clear selection un-ticks everything; export hands over the format', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
      await expect(boxes().some((box) => (box as HTMLInputElement).checked)).toBe(false);
      await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
      await expect(args.onExport).toHaveBeenCalledWith('csv');
    });
  },
});

export const Loading = meta.story({
  args: { status: 'loading', results: undefined, count: undefined },
  play: async ({ canvasElement }) => {
    await expect(resultsTable(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(form(canvasElement).getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'true');
  },
});

export const Empty = meta.story({
  tags: ['visual'],
  args: {
    filters: { model_name: 'Qwen/Qwen3-32B', hardware_name: 'B200', constraints: 'ttft_ms.p99<=50' },
    results: [],
    count: 0,
  },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('it says nothing matched and what to try', async () => {
      await expect(canvas.getByRole('heading', { name: 'No benchmarks match these filters' })).toBeVisible();
      await expect(canvas.getByText(/Try fewer filters/)).toBeVisible();
      await expect(canvas.getByRole('textbox', { name: 'Run this command' })).toHaveTextContent(
        "mako-runner bench --base-url http://127.0.0.1:8000 --model Qwen/Qwen3-32B --request-rate 10 --num-requests 500 --prompt-len 1024 --output-len 256 --hardware '1x B200' --post",
      );
    });
    await step('Reset filters searches without them', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Reset filters' }));
      await expect(args.onSearch).toHaveBeenCalledWith({});
    });
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  args: {
    status: 'error',
    results: undefined,
    count: undefined,
    error: { statusText: 'Internal Server Error', detail: 'Internal search error' },
  },
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('what failed, with the detail; the filters stay usable', async () => {
      const alert = canvas.getByRole('alert');
      await expect(alert).toHaveTextContent('Something went wrong: Internal Server Error');
      await expect(alert).toHaveTextContent('Internal search error');
      await expect(form(canvasElement).getByRole('button', { name: 'Search' })).toBeEnabled();
    });
    await step('Retry asks again', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
      await expect(args.onRetry).toHaveBeenCalledTimes(1);
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  args: { filters: { objective: 'output_throughput_per_gpu', verified: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('14 benchmarks, ranked by Output tok/s per GPU, highest first')).toBeVisible();
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  args: { filters: { hardware_name: 'H100', verified: true } },
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Show filters (2 active)' });
    await step('on a phone the filters fold into a bar', async () => {
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(canvas.queryByRole('form', { name: 'Benchmark filters' })).not.toBeInTheDocument();
      await expectFitsPhone(canvasElement);
    });
    await step('the bar opens the form; a search folds it again', async () => {
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveAccessibleName('Hide filters (2 active)');
      await userEvent.click(form(canvasElement).getByRole('button', { name: 'Search' }));
      await expect(args.onSearch).toHaveBeenCalledWith({ hardware_name: 'H100', verified: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  },
});

const onFilterIntent = fn();

export const AsksForSuggestionsWhenFiltering = meta.story({
  args: { suggestions: undefined, onFilterIntent },
  beforeEach: () => void onFilterIntent.mockClear(),
  play: async ({ canvasElement, step, userEvent }) => {
    const fields = form(canvasElement);
    await step('reading the results asks for nothing', async () => {
      await expect(onFilterIntent).not.toHaveBeenCalled();
    });
    await step('pointing at the filters asks for the suggestions', async () => {
      await userEvent.hover(fields.getByLabelText('Hardware'));
      await expect(onFilterIntent).toHaveBeenCalled();
    });
    await step('so does reaching a filter from the keyboard', async () => {
      onFilterIntent.mockClear();
      fields.getByRole('button', { name: 'Search' }).focus();
      await expect(onFilterIntent).toHaveBeenCalled();
    });
    await step('until they come, the dataset field offers the kinds the runner generates', async () => {
      const dataset = fields.getByLabelText('Dataset') as HTMLInputElement;
      const offered = [...(dataset.list?.options ?? [])].map((option) => option.value);
      await expect(offered).toEqual([...DATASET_KINDS]);
    });
  },
});
