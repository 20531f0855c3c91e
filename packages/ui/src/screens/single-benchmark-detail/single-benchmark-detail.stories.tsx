import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  OTHER_USER_ID,
  llamaH100Manual,
  llamaH100Trials,
  qwenH100Benchmarks,
  qwenH100Setting,
} from '../benchmark-common/benchmark-common.fixtures';
import { failedLoadStory, stubClipboard } from '../../../test/story-kit';
import {
  darkChartScreenStory,
  expectCancelKeepsIt,
  expectClickReportsOnce,
  expectEmptyWithCommand,
  expectPageTitle,
  expectTexts,
  loadingStory,
  phoneChartStory,
} from '../../../test/story-kit-screens';
import { expectBusy, waitForChartPlot } from '../../../test/story-kit-parts';
import { llamaH100DetailArgs, retryAndCopyArgs } from '../../../test/story-kit-benchmarks';
import { SingleBenchmarkDetail } from './single-benchmark-detail';
import type { SingleBenchmarkDetailProps } from './single-benchmark-detail';

const TITLE = 'meta-llama/Llama-3.1-8B-Instruct benchmarks on 1x H100';
/** Numbered by age: #1 is the hand-run defaults benchmark, #4 the fastest trial (trial 5 of the session). */
const [, trial3, trial5, trial6] = llamaH100Trials as [Benchmark, Benchmark, Benchmark, Benchmark];

const meta = preview.meta({
  title: 'Screens/Single benchmarks/Detail',
  component: SingleBenchmarkDetail,
  args: {
    ...llamaH100DetailArgs(),
    ...retryAndCopyArgs(),
  },
  beforeEach: stubClipboard,
});

const benchmarksTable = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Benchmarks of this setting' });
const latencyRow = (canvasElement: HTMLElement, name: string) =>
  [
    ...within(canvasElement).getByRole('table', { name: 'Latency percentiles in ms' }).querySelectorAll('tbody tr'),
  ].find((row) => row.querySelector('td')?.textContent === name);
const cellsOf = (row: Element | undefined) => [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step("the title is '{model name} benchmarks on {count}x {hardware name}'", () =>
      expectPageTitle(canvas, TITLE),
    );
    await step('the workload of the setting is summarised', async () => {
      const workload = canvas.getByRole('region', { name: 'Workload' });
      await expect(within(workload).getByText('Request rate').nextElementSibling).toHaveTextContent('All at once');
      await expect(within(workload).getByText('Max concurrency').nextElementSibling).toHaveTextContent('64');
      await expect(within(workload).getByText('Prompt → output tokens').nextElementSibling).toHaveTextContent(
        '1,024 → 256',
      );
      await expect(within(workload).getByText('Runtime').nextElementSibling).toHaveTextContent('vLLM 0.11.0');
    });
    await step('the fastest benchmark is shown first, with its percentiles to three significant figures', async () => {
      await expect(canvas.getByRole('heading', { name: 'Benchmark #4' })).toBeVisible();
      await expect(canvas.getByRole('radio', { name: 'Show benchmark #4' })).toBeChecked();
      await expect(cellsOf(latencyRow(canvasElement, 'TTFT'))).toEqual([
        'TTFT',
        '318 ms',
        '263 ms',
        '571 ms',
        '665 ms',
        '813 ms',
      ]);
      await expect(cellsOf(latencyRow(canvasElement, 'TPOT'))).toEqual([
        'TPOT',
        '11.6 ms',
        '11.2 ms',
        '13.5 ms',
        '14.6 ms',
        '18.1 ms',
      ]);
      await expect(latencyRow(canvasElement, 'ITL')).toBeDefined();
      await expect(latencyRow(canvasElement, 'E2E latency')).toBeDefined();
    });
    await step(
      'throughputs and cost: tok/s with separators, cost per million tokens in dollars and cents',
      async () => {
        await expect(canvas.getByText('Output tok/s per GPU').nextElementSibling).toHaveTextContent('5,241');
        await expect(canvas.getByText('Cost per 1M tokens').nextElementSibling).toHaveTextContent('$0.13');
        await expect(canvas.getByText(/No SLO was set for this run/)).toBeVisible();
      },
    );
    await step('the list shows what each benchmark changed from the engine defaults, with its badges', async () => {
      const table = benchmarksTable(canvasElement);
      const fastest = within(table).getByRole('radio', { name: 'Show benchmark #4' }).closest('tr') as HTMLElement;
      await expectTexts(within(fastest).getAllByRole('listitem'), [
        'max_num_seqs=512',
        'max_num_batched_tokens=32768',
        'gpu_memory_utilization=0.92',
        'kv_cache_dtype=fp8',
      ]);
      await expect(within(fastest).getByText('Tuning trial')).toBeVisible();
      const manual = within(table).getByRole('radio', { name: 'Show benchmark #1' }).closest('tr') as HTMLElement;
      await expect(within(manual).getByText('Engine defaults')).toBeVisible();
      await expect(within(manual).getByText('Verified')).toBeVisible();
      await expect(within(manual).getByText('Published')).toBeVisible();
    });
    await step('the owner can publish or delete', async () => {
      await expect(canvas.getByRole('button', { name: 'Publish' })).toBeEnabled();
      await expect(canvas.getByRole('button', { name: 'Delete' })).toBeEnabled();
    });
    await step('every benchmark is a point on the chart, the selected one marked', async () => {
      await expect(
        canvas.getByText(
          '7 benchmarks: output 4,105 tok/s to 5,241 tok/s at p99 TTFT from 352 ms to 813 ms. Selected #4: 5,241 tok/s at 813 ms.',
        ),
      ).toBeVisible();
      await waitForChartPlot(canvasElement, 15_000);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol')).toHaveLength(7);
    });
  },
});

export const ChooseABenchmark = meta.story({
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('choosing another benchmark in the list shows its metrics', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Show benchmark #5' }));
      await expect(args.onSelectBenchmark).toHaveBeenCalledWith(trial6.id);
      await expect(canvas.getByRole('heading', { name: 'Benchmark #5' })).toBeVisible();
      await expect(cellsOf(latencyRow(canvasElement, 'TTFT'))[5]).toBe('432 ms');
    });
    await step('its goodput and SLO are spelled out', async () => {
      await expect(
        canvas.getByText(/99\.4 % of completed requests met every SLO \(TTFT ≤ 500 ms, TPOT ≤ 30\.0 ms\)/),
      ).toBeVisible();
    });
    await step('the chart follows the selection', async () => {
      await expect(canvas.getByText(/Selected #5: 5,086 tok\/s at 432 ms\./)).toBeVisible();
    });
    await step('arrow keys move through the list like any radio group', async () => {
      await userEvent.keyboard('{ArrowDown}');
      await expect(canvas.getByRole('radio', { name: 'Show benchmark #4' })).toBeChecked();
      await expect(args.onSelectBenchmark).toHaveBeenLastCalledWith(trial5.id);
      await expect(canvas.getByRole('heading', { name: 'Benchmark #4' })).toBeVisible();
    });
  },
});

export const LatencyAxis = meta.story({
  play: async ({ canvas, step, userEvent }) => {
    await step('the x axis can show mean TPOT instead of p99 TTFT', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Latency axis'), 'tpot_ms.mean');
      await expect(
        canvas.getByText(/at Mean TPOT from 11\.6 ms to 14\.8 ms\. Selected #4: 5,241 tok\/s at 11\.6 ms\./),
      ).toBeVisible();
    });
  },
});

export const ChooseOnTheChart = meta.story({
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await waitForChartPlot(canvasElement, 15_000);
    await step('clicking a point selects that benchmark', async () => {
      const symbols = [...canvasElement.querySelectorAll<SVGElement>('.recharts-scatter .recharts-scatter-symbol')];
      await expect(symbols.length).toBe(7);
      // The first series holds the unselected benchmarks in age order: #1 is the defaults run.
      await userEvent.click(symbols[0] as SVGElement);
      await expect(args.onSelectBenchmark).toHaveBeenCalledWith(llamaH100Manual.id);
      await expect(canvas.getByRole('heading', { name: 'Benchmark #1' })).toBeVisible();
    });
  },
});

export const SortByLatency = meta.story({
  play: async ({ canvasElement, step, userEvent }) => {
    const table = benchmarksTable(canvasElement);
    await step('p99 TTFT sorts fastest first', async () => {
      await userEvent.click(within(table).getByRole('button', { name: /p99 TTFT/ }));
      const first = table.querySelector('tbody tr[aria-rowindex="2"]') as HTMLElement;
      await expect(within(first).getByRole('radio')).toHaveAccessibleName('Show benchmark #3');
      await expect(first).toHaveTextContent(/352 ms/);
    });
  },
});

export const PublishAndUnpublish = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('Publish makes the selected private benchmark public', async () => {
      await expectClickReportsOnce(
        canvas.getByRole('button', { name: 'Publish' }),
        userEvent,
        args.onPublishChange,
        trial5.id,
        true,
      );
    });
    await step('a published benchmark offers Unpublish', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Show benchmark #1' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Unpublish' }));
      await expect(args.onPublishChange).toHaveBeenLastCalledWith(llamaH100Manual.id, false);
    });
  },
});

export const Publishing = meta.story({
  args: { publishingId: trial5.id, publishError: 'Something went wrong: Service Unavailable' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the button spins and cannot be pressed twice', () =>
      expectBusy(canvas.getByRole('button', { name: 'Publish' }), userEvent, args.onPublishChange),
    );
    await step('a failed change is explained next to the actions', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong: Service Unavailable');
    });
  },
});

/** The server's answer to the pending delete, given by the play function when it has checked the busy state. */
const pendingDeletion = { answer: () => {} };

/** The app's part: the delete request is in flight until the server answers, then the benchmark is gone. */
function DeletingApp(props: SingleBenchmarkDetailProps) {
  const [benchmarks, setBenchmarks] = useState(props.benchmarks ?? []);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  return (
    <SingleBenchmarkDetail
      {...props}
      benchmarks={benchmarks}
      deletingId={deletingId}
      onDelete={(id) => {
        props.onDelete(id);
        setDeletingId(id);
        pendingDeletion.answer = () => {
          setBenchmarks((list) => list.filter((benchmark) => benchmark.id !== id));
          setDeletingId(null);
        };
      }}
    />
  );
}

export const DeleteWithConfirm = meta.story({
  render: (args) => <DeletingApp {...args} />,
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('Delete asks first, naming the benchmark; Cancel deletes nothing', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete benchmark #4?' });
      await expect(dialog).toHaveTextContent('This cannot be undone.');
      await expectCancelKeepsIt(userEvent, args.onDelete);
    });
    await step('confirming deletes that benchmark; the dialog waits, busy, for the answer', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Delete benchmark' }));
      await expect(args.onDelete).toHaveBeenCalledTimes(1);
      await expect(args.onDelete).toHaveBeenCalledWith(trial5.id);
      await expect(screen.getByRole('button', { name: 'Delete benchmark' })).toHaveAttribute('aria-busy', 'true');
    });
    await step('once the server has deleted it the dialog closes and the next fastest is shown', async () => {
      pendingDeletion.answer();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await expect(canvas.getByRole('heading', { name: 'Benchmarks (6)' })).toBeVisible();
      await expect(
        within(benchmarksTable(canvasElement)).queryByRole('radio', { name: 'Show benchmark #7' }),
      ).not.toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: 'Benchmark #4' })).toBeVisible();
      await expect(canvas.getByText('Output tok/s per GPU').nextElementSibling).toHaveTextContent('5,086');
    });
  },
});

export const DeleteFailed = meta.story({
  args: { deleteError: 'Something went wrong: Not Found' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the failure shows in the dialog, which stays open for a retry', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog');
      await expect(within(dialog).getByRole('alert')).toHaveTextContent('Something went wrong: Not Found');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete benchmark' }));
      await expect(args.onDelete).toHaveBeenCalledWith(trial5.id);
      await expect(screen.getByRole('alertdialog')).toBeVisible();
    });
  },
});

export const ReadOnly = meta.story({
  tags: ['visual'],
  args: { viewerId: OTHER_USER_ID },
  play: async ({ canvas, canvasElement, args, step, userEvent }) => {
    await step('a benchmark of another user can be read but not changed', async () => {
      await expect(canvas.getByText('Read-only: only its owner can publish or delete this benchmark.')).toBeVisible();
      await expect(canvas.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
      await expect(canvas.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });
    await step('choosing another benchmark still works', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Show benchmark #3' }));
      await expect(args.onSelectBenchmark).toHaveBeenCalledWith(trial3.id);
      await userEvent.click(canvas.getByRole('radio', { name: 'Show benchmark #4' }));
    });
    await waitForChartPlot(canvasElement, 15_000);
  },
});

export const WithoutEngineDefaults = meta.story({
  args: { setting: qwenH100Setting, benchmarks: qwenH100Benchmarks, runtimeDefaults: undefined },
  play: async ({ canvas, canvasElement, step }) => {
    await step("the title follows the setting's model and hardware", () =>
      expectPageTitle(canvas, 'Qwen/Qwen3-32B benchmarks on 2x H100'),
    );
    await step('without the defaults, the list shows the options that differ between the benchmarks', async () => {
      const table = benchmarksTable(canvasElement);
      await expect(within(table).getByRole('columnheader', { name: 'Runtime options' })).toBeVisible();
      // Trial 1 of the session ran SGLang's defaults on one GPU; the later ones on two.
      await expect(within(table).getByText('tp_size=1')).toBeVisible();
      await expect(within(table).getAllByText('tp_size=2')).toHaveLength(2);
      await expect(within(table).getAllByText('schedule_policy=lpm')).toHaveLength(2);
      await expect(within(canvas.getByRole('list', { name: 'Runtime options' })).getByText('tp_size=2')).toBeVisible();
    });
    await step('a sharegpt workload shows its length ranges', async () => {
      await expect(canvas.getByText('Prompt → output tokens').nextElementSibling).toHaveTextContent('4–1,024 → 4–512');
      await expect(canvas.getByText('Request rate').nextElementSibling).toHaveTextContent('8 req/s');
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkChartScreenStory((canvas) => canvas.getByRole('heading', { level: 1, name: TITLE })),
});

/** The page fits 375 px: the long title wraps, wide tables scroll inside their frames. */
export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneChartStory(
    (canvas) => canvas.getByRole('heading', { level: 1 }),
    (canvas) => canvas.getByRole('button', { name: 'Delete' }),
  ),
});

export const Empty = meta.story({
  tags: ['visual'],
  args: { benchmarks: [] },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('it says what to do: repeat this workload with the runner and upload it', async () => {
      await expectEmptyWithCommand(canvas, {
        heading: 'No benchmarks under this setting',
        command:
          "MAKO_TOKEN=mako_… mako-runner bench --base-url http://127.0.0.1:8000 --model meta-llama/Llama-3.1-8B-Instruct --runtime vllm --runtime-version 0.11.0 --dataset random --num-requests 1000 --request-rate inf --max-concurrency 64 --prompt-len 1024 --output-len 256 --hardware '1x H100' --post",
      });
      await expect(canvas.queryByRole('table', { name: 'Benchmarks of this setting' })).not.toBeInTheDocument();
    });
    await step('the command copies', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
      await expect(args.onCopyCommand).toHaveBeenCalledWith(
        expect.stringContaining('--model meta-llama/Llama-3.1-8B-Instruct'),
      );
      // Back to the resting state before the screenshot.
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible(), { timeout: 4000 });
    });
  },
});

export const Loading = meta.story(
  loadingStory({ status: 'loading', setting: undefined, benchmarks: undefined }, 'Loading benchmarks', (canvas) =>
    expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument(),
  ),
);

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedLoadStory({
    status: 'error',
    setting: undefined,
    benchmarks: undefined,
    error: { statusText: 'Not Found', detail: 'Benchmark setting not found' },
  }),
});
