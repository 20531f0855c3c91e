import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import {
  COMPLETE_BEST,
  COMPLETE_RESULTS,
  COMPLETE_SESSION,
  FAILED_SESSION,
  PENDING_SESSION,
  RUNNING_BEST,
  RUNNING_PENDING,
  RUNNING_RESULTS,
  RUNNING_SESSION,
  RUNNING_NOW,
} from '../tuning-sessions/tuning-sessions.fixtures';
import { tuningSessionTitle } from '../tuning-common/tuning-format';
import { SignedInShell, stubClipboard } from '../../../test/story-kit';
import {
  darkChartScreenStory,
  expectCopyConfirmed,
  expectPageTitle,
  expectTexts,
  failedStatusStory,
  loadingStory,
  phoneChartStory,
  SCREEN_CHART_TIMEOUT,
} from '../../../test/story-kit-screens';
import { expectExportsEachFormat, waitForChartPlot } from '../../../test/story-kit-parts';
import type { PagingQuery, TuningResult } from '@mako/contract';
import { TuningSessionDetailScreen } from './tuning-session-detail';
import type { TuningSessionDetailProps } from './tuning-session-detail';
import {
  ENGINE_DIFFERS_RESULTS,
  FAILED_NOW,
  FAILED_RESULTS,
  LONG_RUN,
  LONG_RUN_NOW,
  NARROW_BEST,
  NARROW_INSIGHTS,
  NARROW_NOT_STARTED,
  NARROW_NOW,
  NARROW_RESULTS,
  NARROW_SESSION,
  ONE_TRIAL_BEST,
  ONE_TRIAL_RESULTS,
  ONE_TRIAL_SESSION,
} from './tuning-session-detail.fixtures';
import { TWO as TWO_OBJECTIVES } from '../pareto-front/pareto-front.fixtures';

const PAGE = { limit: 10, offset: 0 };
const firstPage = { data: LONG_RUN.results.slice(0, 10), count: LONG_RUN.results.length };

const meta = preview.meta({
  title: 'Screens/Tuning sessions/TuningSessionDetail',
  component: TuningSessionDetailScreen,
  args: {
    status: 'success' as const,
    session: LONG_RUN.session,
    best: LONG_RUN.best,
    results: firstPage,
    resultsPage: PAGE,
    trials: LONG_RUN.results,
    pending: LONG_RUN.pending,
    now: LONG_RUN_NOW,
    onResultsPageChange: fn(),
    onCopy: fn(),
    onExport: fn(),
    onRetry: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  beforeEach: stubClipboard,
});

const TITLE = 'meta-llama/Llama-3.1-8B-Instruct tuning session on 1x H100';

/** The page's header: its one h1 reads `title`, and the line under it every one of `parts` (status, objective, constraints, counts). */
async function expectHeaderReads(canvas: ReturnType<typeof within>, title: string, parts: string[]) {
  await expectPageTitle(canvas, title);
  return expectReadsAll(canvas.getByRole('list', { name: 'Session summary' }), parts);
}

/** The note (a status) that says where the search stands, found by its title, reads every one of `parts`. */
const expectSearchNote = (canvas: ReturnType<typeof within>, title: string, parts: string[]) =>
  expectReadsAll(canvas.getByText(title).closest('[role="status"]') as HTMLElement, parts);

async function expectReadsAll(element: HTMLElement, parts: string[]) {
  for (const part of parts) await expect(element).toHaveTextContent(part);
  return element;
}

const bodyRows = (table: HTMLElement) => [...table.querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]')];

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('the progress chart draws a marker per trial', async () => {
      await expect(canvas.getByRole('figure', { name: /Progress of max output tok\/s/ })).toBeVisible();
      await expect(
        canvas.getByText(/Best output tok\/s: 5,603 after 34 trials; 14 infeasible, 4 failed\./),
      ).toBeInTheDocument();
      await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
      await expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBe(34);
    });
    await step('the title is the spec string; under it status, objective, constraints and counts', async () => {
      await expectHeaderReads(canvas, TITLE, [
        'Running',
        'objective: max output tok/s',
        'constraints: p99 TTFT ≤ 500 ms, p99 TPOT ≤ 30.0 ms',
        '34/50 trials',
        '2 pending',
        '4 failed',
      ]);
    });
    await step('every parallel slot is leased, so the 409 situation is explained', async () => {
      await expectSearchNote(canvas, 'Need to wait for pending evaluations', [
        'Need to wait for pending evaluations',
        'All 2 configurations this session may evaluate at once are out with runners (2 pending)',
      ]);
    });
    const bestCard = canvas.getByRole('region', { name: 'Best so far' });
    await step('the best configuration: value, gain over the defaults, options and what changed', async () => {
      await expect(bestCard).toHaveTextContent('5,603 tok/s');
      await expect(bestCard).toHaveTextContent('27 % higher than the defaults');
      await expect(bestCard).toHaveTextContent('Trial 34 of 34');
      const chips = within(bestCard).getByRole('list', { name: 'Runtime options of the best configuration' });
      await expect(within(chips).getByText('max_num_batched_tokens=24576')).toBeVisible();
      await expect(bestCard).toHaveTextContent(
        'Changed from the engine defaults: max_num_batched_tokens, gpu_memory_utilization, enable_chunked_prefill, kv_cache_dtype.',
      );
    });
    const results = canvas.getByRole('table', { name: 'Trial results' });
    await step('results: diff against the defaults, metrics, status and time', async () => {
      const rows = bodyRows(results);
      await expect(rows).toHaveLength(10);
      await expect(rows[0]).toHaveTextContent('Engine defaults');
      await expect(rows[0]).toHaveTextContent('4,413');
      await expect(rows[0]).toHaveTextContent('Feasible');
      await expect(rows[3]).toHaveTextContent('Out of memory');
      await expect(rows[3]).toHaveTextContent('CUDA out of memory');
      await expect(rows[4]).toHaveTextContent('Infeasible');
      await expect(rows[0]).toHaveTextContent('8 h ago');
      await expect(canvas.getByText('1–10 of 34')).toBeVisible();
    });
    await step('pending configurations: who leased them and when the lease runs out', async () => {
      const pending = canvas.getByRole('table', { name: 'Pending configurations' });
      const rows = bodyRows(pending);
      await expect(rows).toHaveLength(2);
      await expect(rows[0]).toHaveTextContent('runner-h100-a');
      await expect(rows[0]).toHaveTextContent('44 min ago');
      await expect(rows[0]).toHaveTextContent('in 16 min');
      await expect(rows[1]).toHaveTextContent('runner-h100-b');
    });
  },
});

/** The interactions of the full page; kept out of the screenshot so 'Copied' and focus never land in a baseline. */
export const CopyAndPage = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const bestCard = canvas.getByRole('region', { name: 'Best so far' });
    await step('Copy options hands over key=value pairs', async () => {
      const options =
        'max_num_seqs=256 max_num_batched_tokens=24576 gpu_memory_utilization=0.93 enable_chunked_prefill=false kv_cache_dtype=fp8';
      await expectCopyConfirmed(within(bestCard), userEvent, {
        button: 'Copy options',
        copied: navigator.clipboard.writeText,
        value: options,
      });
      await expect(args.onCopy).toHaveBeenCalledWith(options, 'options');
    });
    await step('the launch command is copied as it is shown', async () => {
      const command = within(bestCard).getByRole('textbox', { name: 'Launch command' });
      await expect(command).toHaveTextContent(LONG_RUN.best.launch_command);
      await userEvent.click(within(bestCard).getByRole('button', { name: 'Copy command' }));
      await expect(args.onCopy).toHaveBeenCalledWith(LONG_RUN.best.launch_command, 'launch-command');
    });
    await step('Next page asks the app for the next limit/offset', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(args.onResultsPageChange).toHaveBeenCalledWith({ limit: 10, offset: 10 });
    });
  },
});

function PagedDetail(props: TuningSessionDetailProps) {
  const [page, setPage] = useState<PagingQuery>(PAGE);
  return (
    <TuningSessionDetailScreen
      {...props}
      resultsPage={page}
      results={{ data: LONG_RUN.results.slice(page.offset, page.offset + page.limit), count: LONG_RUN.results.length }}
      onResultsPageChange={(next) => {
        props.onResultsPageChange?.(next);
        setPage(next);
      }}
    />
  );
}

export const Pagination = meta.story({
  render: (args) => <PagedDetail {...args} />,
  play: async ({ canvas, args, step, userEvent }) => {
    const table = canvas.getByRole('table', { name: 'Trial results' });
    await step('the last page holds trials 31 to 34', async () => {
      for (const _ of [1, 2, 3]) await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(args.onResultsPageChange).toHaveBeenLastCalledWith({ limit: 10, offset: 30 });
      await expect(canvas.getByText('31–34 of 34')).toBeVisible();
      await expectTexts(
        bodyRows(table).map((row) => row.cells[0] as HTMLElement),
        ['31', '32', '33', '34'],
      );
      await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    });
    await step('the best trial is marked in its row', async () => {
      const best = bodyRows(table)[3];
      await expect(best).toHaveTextContent('Best');
    });
    await step('results columns do not pretend to sort across pages', async () => {
      await expect(within(table).queryAllByRole('button', { name: /tok\/s|TTFT|#/ })).toHaveLength(0);
    });
  },
});

/**
 * Another session than the long run, all its `results` on one page of 20, the chart drawn from them;
 * no pending configurations unless `rest` gives them.
 */
const otherSessionArgs = ({
  results,
  ...rest
}: Required<Pick<TuningSessionDetailProps, 'session' | 'best' | 'now'>> &
  Pick<TuningSessionDetailProps, 'pending' | 'searchState' | 'insights'> & {
    results: readonly TuningResult[];
  }) =>
  ({
    results: { data: results, count: results.length },
    resultsPage: { limit: 20, offset: 0 },
    trials: undefined,
    pending: [],
    ...rest,
  }) satisfies Partial<TuningSessionDetailProps>;

export const Complete = meta.story({
  tags: ['visual'],
  args: otherSessionArgs({
    session: COMPLETE_SESSION,
    best: COMPLETE_BEST,
    results: COMPLETE_RESULTS,
    now: new Date('2025-11-05T09:00:00Z'),
  }),
  play: async ({ canvas, step }) => {
    await step('the title and a latency objective', async () => {
      await expectHeaderReads(canvas, 'Qwen/Qwen3-32B tuning session on 2x H100', [
        'Complete',
        'objective: min p90 TPOT',
        'constraint: p99 TTFT ≤ 1,000 ms',
        '4/4 trials',
      ]);
    });
    await step('the 410 situation: the search is over and the best configuration is final', async () => {
      await expectSearchNote(canvas, 'Tuning search is complete', [
        '4 of 4 trials were evaluated',
        'the best configuration below is final',
      ]);
      await expect(canvas.getByRole('region', { name: 'Best configuration' })).toHaveTextContent('24.6 ms');
    });
    await step('lower is better: the gain over the defaults reads as a latency cut', async () => {
      const best = canvas.getByRole('region', { name: 'Best configuration' });
      await expect(best).toHaveTextContent(
        `${Math.round(COMPLETE_BEST.improvement_pct ?? 0)} % lower than the defaults`,
      );
      await expect(best).not.toHaveTextContent('higher than the defaults');
    });
    await step('the objective gets its own column; a timeout is shown in words', async () => {
      const table = canvas.getByRole('table', { name: 'Trial results' });
      await expect(within(table).getByRole('columnheader', { name: 'p90 TPOT' })).toBeVisible();
      await expect(bodyRows(table)[2]).toHaveTextContent('Timed out');
    });
    await step("changes are counted from SGLang's own defaults (tp_size 1), which trial 1 measured", async () => {
      const rows = bodyRows(canvas.getByRole('table', { name: 'Trial results' }));
      await expect(rows[0]).toHaveTextContent('Engine defaults');
      await expect(rows[1]).toHaveTextContent('tp_size=2');
      await expect(rows[1]).toHaveTextContent('chunked_prefill_size=4096');
      await expect(canvas.queryByText(/^First trial:/)).not.toBeInTheDocument();
    });
    await step('no runner is needed any more', async () => {
      await expect(canvas.getByText('None: the search is complete.')).toBeVisible();
      await expect(canvas.queryByRole('textbox', { name: 'Add a runner' })).not.toBeInTheDocument();
    });
  },
});

export const Failed = meta.story({
  tags: ['visual'],
  args: otherSessionArgs({
    session: FAILED_SESSION,
    best: null,
    results: FAILED_RESULTS,
    now: FAILED_NOW,
  }),
  play: async ({ canvas, canvasElement, step }) => {
    await step('the status says Failed in words, with an icon, in the danger tone', async () => {
      const summary = await expectHeaderReads(canvas, 'Qwen/Qwen3-32B tuning session on 1x MI300X', [
        '2/8 trials',
        '2 failed',
      ]);
      const status = within(summary).getByText('Failed');
      await expect(status).toBeVisible();
      await expect(status).toHaveAttribute('data-tone', 'danger');
      await expect(status.querySelector('svg')).not.toBeNull();
    });
    await step('a note says the search stopped with nothing to recommend, and why', async () => {
      const note = await expectSearchNote(canvas, 'Tuning search failed', [
        'No trial produced a measurement, so the search stopped with no configuration to recommend',
        '(2 trials failed; the reasons are in the results below).',
      ]);
      await expect(note).toHaveAttribute('data-tone', 'danger');
      await expect(canvas.queryByText('Tuning search is complete')).not.toBeInTheDocument();
    });
    await step('there is no best configuration and no launch command', async () => {
      const best = canvas.getByRole('region', { name: 'Best configuration' });
      await expect(best).toHaveTextContent('No configuration met the objective and constraints.');
      await expect(canvas.queryByRole('textbox', { name: 'Launch command' })).not.toBeInTheDocument();
    });
    await step('each trial says in words how it failed, with the engine message', async () => {
      const rows = bodyRows(canvas.getByRole('table', { name: 'Trial results' }));
      await expect(rows).toHaveLength(2);
      for (const row of rows) await expect(row).toHaveTextContent('Out of memory');
      await expect(rows[0]).toHaveTextContent('Engine defaults');
      await expect(rows[0]).toHaveTextContent('No available memory for the cache blocks');
      await expect(rows[1]).toHaveTextContent('max_num_seqs=1024');
      await expect(rows[1]).toHaveTextContent('HIP out of memory');
      await expect(
        canvas.getByText(/No feasible trial yet after 2 trials; 0 infeasible, 2 failed\./),
      ).toBeInTheDocument();
    });
    await step('no runner is offered for a search that has stopped', async () => {
      await expect(canvas.getByText('None: the search has stopped.')).toBeVisible();
      await expect(canvas.queryByRole('textbox', { name: 'Add a runner' })).not.toBeInTheDocument();
    });
    await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
  },
});

export const Running = meta.story({
  args: otherSessionArgs({
    session: RUNNING_SESSION,
    best: RUNNING_BEST,
    results: RUNNING_RESULTS,
    pending: RUNNING_PENDING,
    searchState: 'running',
    now: RUNNING_NOW,
  }),
  play: async ({ canvas, args, step, userEvent }) => {
    await step('while runners can still lease, there is no 409 or 410 note', async () => {
      await expect(canvas.queryByText('Need to wait for pending evaluations')).not.toBeInTheDocument();
      await expect(canvas.queryByText('Tuning search is complete')).not.toBeInTheDocument();
    });
    await step("trial 1 measured vLLM's defaults: it reads Engine defaults and nothing explains it away", async () => {
      const rows = bodyRows(canvas.getByRole('table', { name: 'Trial results' }));
      await expect(rows[0]).toHaveTextContent('Engine defaults');
      await expect(rows[1]).toHaveTextContent('max_num_seqs=512');
      await expect(rows[1]).not.toHaveTextContent('enable_chunked_prefill');
      await expect(canvas.queryByText(/^First trial:/)).not.toBeInTheDocument();
    });
    await step('a second runner can join with the command shown', async () => {
      const command = `MAKO_TOKEN=mako_… mako-runner tune --session ${RUNNING_SESSION.id}`;
      await expect(canvas.getByRole('textbox', { name: 'Add a runner' })).toHaveTextContent(command);
      await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
      await expect(args.onCopy).toHaveBeenCalledWith(command, 'runner-command');
    });
  },
});

/** Issue 24: a trial whose engine reported a flag otherwise than the session asked says so, in words. */
export const EngineDiffers = meta.story({
  tags: ['visual'],
  args: otherSessionArgs({
    session: RUNNING_SESSION,
    best: RUNNING_BEST,
    results: ENGINE_DIFFERS_RESULTS,
    pending: RUNNING_PENDING,
    searchState: 'running',
    now: RUNNING_NOW,
  }),
  play: async ({ canvas, step }) => {
    const rows = bodyRows(canvas.getByRole('table', { name: 'Trial results' }));
    const flagsOf = (row: HTMLElement | undefined) =>
      within(row as HTMLElement).getByRole('list', { name: 'Flags the engine reports otherwise' });
    await step('trial 3 names the one flag its engine did not take', async () => {
      await expect(within(rows[2] as HTMLElement).getByText('Engine differs')).toBeVisible();
      await expect(flagsOf(rows[2])).toHaveTextContent('kv_cache_dtype: asked fp8, engine reports auto');
    });
    await step('trial 6 names three of its four and counts the rest', async () => {
      const flags = within(flagsOf(rows[5])).getAllByRole('listitem');
      await expect(flags.map((f) => f.textContent)).toEqual([
        'max_num_seqs: asked 320, engine reports 256',
        'max_num_batched_tokens: asked 12288, engine reports 8192',
        'gpu_memory_utilization: asked 0.93, engine reports 0.9',
        "and 1 more on the trial's benchmark",
      ]);
    });
    await step('trials whose engine took every flag say nothing', async () => {
      await expect(canvas.getAllByText('Engine differs')).toHaveLength(2);
      await expect(rows[0]).not.toHaveTextContent('Engine differs');
    });
  },
});

const EMPTY_ARGS = otherSessionArgs({
  session: PENDING_SESSION,
  best: null,
  results: [],
  now: new Date('2025-11-05T12:00:00Z'),
});

export const Empty = meta.story({
  tags: ['visual'],
  args: EMPTY_ARGS,
  play: async ({ canvas, step }) => {
    await step('nothing measured yet, said in words, with the defaults this search cannot try', async () => {
      await expectPageTitle(canvas, 'meta-llama/Llama-3.3-70B-Instruct tuning session on 8x H100');
      await expect(canvas.getByRole('region', { name: 'Best so far' })).toHaveTextContent(
        'Nothing has been measured yet. The first trial runs the engine defaults, except where the search range ' +
          'leaves one out: tp_size (default 1 is not among 4, 8), max_batch_size (default 2,048 is outside 64–1,024). ' +
          'Those flags start at the closest value the search allows.',
      );
      await expect(canvas.getByText('The chart starts with the first reported trial.')).toBeVisible();
    });
    await step('the empty results say how to start, with the runner command for this session', async () => {
      await expect(canvas.getByRole('heading', { name: 'No results yet' })).toBeVisible();
      await expect(canvas.getByRole('textbox', { name: 'Start a runner' })).toHaveTextContent(
        `MAKO_TOKEN=mako_… mako-runner tune --session ${PENDING_SESSION.id}`,
      );
    });
  },
});

/**
 * The search range leaves out a default (max_num_seqs 1–32, vLLM's default is 256): trial 1 is
 * not labelled Engine defaults, the page says what it measured and why, and, the session over with
 * four successful trials, why the tuner gives no explanation.
 */
export const DefaultsOutsideRange = meta.story({
  tags: ['visual'],
  args: otherSessionArgs({
    session: NARROW_SESSION,
    best: NARROW_BEST,
    results: NARROW_RESULTS,
    insights: NARROW_INSIGHTS,
    now: NARROW_NOW,
  }),
  play: async ({ canvas, canvasElement, step }) => {
    await step('a note says what trial 1 measured instead of the defaults, and why', async () => {
      const note = canvas.getByText('First trial: the defaults moved into the search range').parentElement;
      await expect(note).toHaveTextContent(
        "The search range leaves out vLLM's default here, so trial 1 measured the closest value the search allows: " +
          'max_num_seqs 32 (default 256 is outside 1–32).',
      );
      await expect(note).toHaveTextContent("No trial measured vLLM's defaults, so no gain over them is shown.");
    });
    await step("trial 1's row shows what differs from vLLM's real defaults, not 'Engine defaults'", async () => {
      const rows = bodyRows(canvas.getByRole('table', { name: 'Trial results' }));
      await expect(rows[0]).toHaveTextContent('max_num_seqs=32');
      await expect(rows[0]).not.toHaveTextContent('Engine defaults');
      await expect(rows[0]).not.toHaveTextContent('gpu_memory_utilization');
      await expect(rows[1]).toHaveTextContent('max_num_seqs=8');
      await expect(rows[1]).toHaveTextContent('kv_cache_dtype=fp8');
    });
    await step('the best makes no claim against defaults that were never measured', async () => {
      const best = canvas.getByRole('region', { name: 'Best configuration' });
      await expect(best).toHaveTextContent('1,106 tok/s');
      await expect(best).not.toHaveTextContent('than the defaults');
      await expect(best).toHaveTextContent(
        'Changed from the engine defaults: max_num_seqs, gpu_memory_utilization, kv_cache_dtype.',
      );
      await expect(
        canvas.getByText(/Best output tok\/s: 1,106 after 5 trials; 3 infeasible, 1 failed\./),
      ).toBeInTheDocument();
    });
    await step('the session is over with four successful trials: it says why there is no explanation', async () => {
      await expect(
        canvas.getByText(
          'No explanation: the session ended with only 4 successful trials, fewer than the 6 the tuner needs to explain its choices.',
        ),
      ).toBeVisible();
      await expect(canvas.queryByText(/explains its choices once/)).not.toBeInTheDocument();
    });
    await step('one feasible trial is one, not "1 feasible trials"', async () => {
      await expect(canvas.getByText(/^1 feasible trial against max_num_seqs:/)).toBeInTheDocument();
    });
    await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
  },
});

export const DefaultsOutsideRangeNotStarted = meta.story({
  args: otherSessionArgs({ session: NARROW_NOT_STARTED, best: null, results: [], now: NARROW_NOW }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Best so far' })).toHaveTextContent(
      'Nothing has been measured yet. The first trial runs the engine defaults, except where the search range ' +
        'leaves one out: max_num_seqs (default 256 is outside 1–32). That flag starts at the closest value the search allows.',
    );
    await expect(canvas.queryByText(/^First trial:/)).not.toBeInTheDocument();
  },
});

/** While trial 1 is out with a runner, its row and the note already say what it measures. */
export const DefaultsOutsideRangeLeased = meta.story({
  args: otherSessionArgs({
    session: { ...NARROW_NOT_STARTED, status: 'running', counts: { evaluated: 0, pending: 1, failed: 0 } },
    best: null,
    results: [],
    pending: [
      {
        id: 'narrow-pending-1',
        session_id: NARROW_SESSION.id,
        trial_number: 1,
        config: (NARROW_RESULTS[0] as TuningResult).config,
        status: 'leased',
        leased_by: 'runner-l40s',
        created_at: '2025-11-05T19:40:00Z',
        expires_at: '2025-11-05T20:40:00Z',
      },
    ],
    now: NARROW_NOW,
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('First trial: the defaults moved into the search range')).toBeVisible();
    const rows = bodyRows(canvas.getByRole('table', { name: 'Pending configurations' }));
    await expect(rows[0]).toHaveTextContent('max_num_seqs=32');
    await expect(rows[0]).not.toHaveTextContent('Engine defaults');
  },
});

/** Every count on the page is one: each noun agrees with it. */
export const OneTrial = meta.story({
  args: otherSessionArgs({
    session: ONE_TRIAL_SESSION,
    best: ONE_TRIAL_BEST,
    results: ONE_TRIAL_RESULTS,
    insights: { importance: [], failure_regions: [], trials_fitted: 1 },
    now: RUNNING_NOW,
  }),
  play: async ({ canvas }) => {
    await expectHeaderReads(canvas, TITLE, ['1/1 trial', '0 pending']);
    await expectSearchNote(canvas, 'Tuning search is complete', ['1 of 1 trial was evaluated']);
    await expect(canvas.getByText('1 trial reported · compared with the engine defaults')).toBeVisible();
    await expect(canvas.getByText(/after 1 trial;/)).toBeInTheDocument();
    await expect(canvas.getByText(/^1 feasible trial against/)).toBeInTheDocument();
    await expect(
      canvas.getByText(
        'No explanation: the session ended with only 1 successful trial, fewer than the 6 the tuner needs to explain its choices.',
      ),
    ).toBeVisible();
  },
});

/** Kept out of the screenshot: the button says 'Copied' for two seconds. */
export const EmptyCopyRunner = meta.story({
  args: EMPTY_ARGS,
  play: async ({ canvas, args, userEvent }) => {
    const command = `MAKO_TOKEN=mako_… mako-runner tune --session ${PENDING_SESSION.id}`;
    const field = canvas.getByRole('textbox', { name: 'Start a runner' });
    await userEvent.click(within(field.parentElement as HTMLElement).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(command);
    await expect(args.onCopy).toHaveBeenCalledWith(command, 'runner-command');
  },
});

/** How apps/web places it: the AppShell's top bar carries the title, the screen leaves its own out. */
export const InAppShell = meta.story({
  parameters: { padded: false },
  render: (args) => (
    <SignedInShell
      title={tuningSessionTitle(LONG_RUN.session.setting)}
      currentPath={`/tuning-sessions/${LONG_RUN.session.id}`}
    >
      <TuningSessionDetailScreen {...args} showTitle={false} />
    </SignedInShell>
  ),
  play: async ({ canvas, step }) => {
    const headings = canvas.getAllByRole('heading', { level: 1 });
    await expect(headings).toHaveLength(1);
    await expect(headings[0]).toHaveTextContent(TITLE);
    await expect(canvas.getByRole('link', { name: 'Tuning sessions' })).toHaveAttribute('aria-current', 'page');
    await step('at a laptop width the results table shows every column, the last one (When) included', async () => {
      const table = canvas.getByRole('table', { name: 'Trial results' });
      const scroller = table.parentElement as HTMLElement;
      await expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(scroller.clientWidth);
      const when = within(table).getByRole('columnheader', { name: 'When' });
      await expect(when.getBoundingClientRect().right).toBeLessThanOrEqual(scroller.getBoundingClientRect().right);
    });
  },
});

export const ExportTrials = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('every trial of the session exports as CSV or JSON from the results heading', async () => {
      await expectExportsEachFormat(canvas, userEvent, args.onExport);
    });
  },
});

export const NothingToExport = meta.story({
  args: { trials: [], results: { data: [], count: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  },
});

export const Loading = meta.story(
  loadingStory({ status: 'loading', session: undefined }, 'Loading the tuning session', (canvas) =>
    expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument(),
  ),
);

export const ResultsLoading = meta.story({
  args: { resultsLoading: true, results: { data: [], count: 34 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Trial results' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(TITLE);
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedStatusStory('session', { statusText: 'Not Found', detail: 'Tuning session not found' }),
});

export const ErrorWithoutDetail = meta.story(failedStatusStory('session', { statusText: 'Bad Gateway', detail: null }));

export const Dark = meta.story({
  tags: ['visual'],
  ...darkChartScreenStory(undefined, { viewport: { value: 'desktop1280', isRotated: false } }),
});

/** The page fits 375 px; wide tables scroll inside their frame. */
export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneChartStory((canvas) => canvas.getByRole('heading', { level: 1 })),
});

/** A multi-objective session: its Pareto front sits below the best and the progress. */
export const MultiObjective = meta.story({
  args: {
    session: {
      ...LONG_RUN.session,
      objective: TWO_OBJECTIVES.objectives[0]!,
      objectives: TWO_OBJECTIVES.objectives,
      pareto_front: TWO_OBJECTIVES.front,
    },
    trials: TWO_OBJECTIVES.trials,
  },
  play: async ({ canvas }) => {
    const section = canvas.getByRole('heading', { name: 'Pareto front', level: 2 });
    await expect(section).toBeVisible();
    await expect(within(canvas.getByRole('list', { name: 'Pareto front points' })).getAllByRole('button')).toHaveLength(
      TWO_OBJECTIVES.front.length,
    );
  },
});

export const SingleObjectiveHasNoFront = meta.story({
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Pareto front' })).toBeNull();
  },
});
