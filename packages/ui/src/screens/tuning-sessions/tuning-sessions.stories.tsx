import preview from '../../../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { phoneStory } from '../../../test/story-kit';
import {
  emptyWithCommandStory,
  expectAppHandledLink,
  expectPageTitle,
  failedStatusStory,
  loadingStory,
} from '../../../test/story-kit-screens';
import { expectBusy } from '../../../test/story-kit-parts';
import { TuningSessionsScreen } from './tuning-sessions';
import {
  COMPLETE_SESSION,
  FAILED_SESSION,
  LIST_NOW,
  PENDING_SESSION,
  RUNNING_SESSION,
  ENGINE_FLAG_LISTS,
  SESSIONS,
} from './tuning-sessions.fixtures';

const FORBIDDEN = 'User is not allowed to create new tuning session';

const meta = preview.meta({
  title: 'Screens/Tuning sessions/TuningSessions',
  component: TuningSessionsScreen,
  args: {
    status: 'success' as const,
    sessions: SESSIONS,
    now: LIST_NOW,
    runtimes: ENGINE_FLAG_LISTS,
    onOpenSession: fn(),
    onCreate: fn(),
    onRetry: fn(),
    onCopyCommand: fn(),
    onCreateDialogOpenChange: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

const table = () => screen.getByRole('table', { name: 'Tuning sessions' });
const bodyRows = () => [...table().querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]')];
const column = (index: number) => bodyRows().map((row) => row.cells[index]?.textContent ?? '');
const hardware = () => bodyRows().map((row) => row.cells[1]?.firstElementChild?.firstElementChild?.textContent ?? '');
const models = () => bodyRows().map((row) => row.querySelector('a, button')?.textContent ?? '');
const sortBy = (name: RegExp) => within(within(table()).getByRole('columnheader', { name })).getByRole('button');

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('the page title is the spec string', () => expectPageTitle(canvas, 'Tuning sessions'));
    await step('newest first, hardware as {count}x {name}, runtime with version', async () => {
      await expect(within(table()).getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await expect(models()).toEqual([
        'Qwen/Qwen3-32B',
        'meta-llama/Llama-3.3-70B-Instruct',
        'Qwen/Qwen3-32B',
        'meta-llama/Llama-3.1-8B-Instruct',
      ]);
      await expect(column(1)).toEqual([
        '1x MI300XvLLM 0.11.0',
        '8x H100TensorRT-LLM 1.0.0',
        '2x H100SGLang 0.5.3',
        '1x H100vLLM 0.11.0',
      ]);
    });
    await step('objective, status in words, progress and best value', async () => {
      const running = bodyRows()[3] as HTMLTableRowElement;
      await expect(running).toHaveTextContent('max output tok/s');
      await expect(running).toHaveTextContent('Running');
      await expect(running).toHaveTextContent('8/24 trials evaluated · 2 pending · 2 failed');
      await expect(running).toHaveTextContent('5,086 tok/s');
      await expect(running).toHaveTextContent('trial 6');
      const complete = bodyRows()[2] as HTMLTableRowElement;
      await expect(complete).toHaveTextContent('min p90 TPOT');
      await expect(complete).toHaveTextContent('Complete');
      await expect(complete).toHaveTextContent('24.6 ms');
      await expect(bodyRows()[0]).toHaveTextContent('Failed');
      await expect(bodyRows()[0]).toHaveTextContent('None yet');
      await expect(bodyRows()[1]).toHaveTextContent('Pending');
    });
    await step('created dates are relative, with the exact time on hover', async () => {
      const time = within(bodyRows()[0] as HTMLElement).getByText('40 min ago');
      await expect(time).toHaveAttribute('dateTime', FAILED_SESSION.created_at);
      await expect(time.getAttribute('title')).toMatch(/Nov 5, 2025/);
    });
  },
});

export const OpenSession = meta.story({
  args: { sessionHref: (id: string) => `/tuning-sessions/${id}` },
  play: async ({ args, step, userEvent }) => {
    const link = within(table()).getByRole('link', { name: 'meta-llama/Llama-3.3-70B-Instruct' });
    await step('the model is a real link to the session page; a click is handed to the app', () =>
      expectAppHandledLink(link, userEvent, {
        href: `/tuning-sessions/${PENDING_SESSION.id}`,
        onOpen: args.onOpenSession,
        id: PENDING_SESSION.id,
      }),
    );
    await step('the link covers its whole row, so clicking anywhere on the row opens it', async () => {
      const cell = (bodyRows()[3] as HTMLTableRowElement).cells[3] as HTMLElement;
      const box = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      await expect(hit).toBe(within(table()).getByRole('link', { name: 'meta-llama/Llama-3.1-8B-Instruct' }));
      await userEvent.click(hit as HTMLElement);
      await expect(args.onOpenSession).toHaveBeenLastCalledWith(RUNNING_SESSION.id);
    });
  },
});

export const Sorting = meta.story({
  play: async ({ step, userEvent }) => {
    await step('hardware sorts by GPU count first', async () => {
      await userEvent.click(sortBy(/Hardware/));
      await expect(hardware()).toEqual(['1x H100', '1x MI300X', '2x H100', '8x H100']);
    });
    await step('progress sorts by the share of the budget evaluated, most first', async () => {
      await userEvent.click(sortBy(/Progress/));
      await expect(within(table()).getByRole('columnheader', { name: /Progress/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await expect(hardware()).toEqual(['2x H100', '1x H100', '1x MI300X', '8x H100']);
    });
    await step('created, oldest first on the second click', async () => {
      await userEvent.click(sortBy(/Created/));
      await userEvent.click(sortBy(/Created/));
      await expect(hardware()).toEqual(['1x H100', '2x H100', '8x H100', '1x MI300X']);
    });
    await step('the best value mixes units, so it does not sort', async () => {
      await expect(
        within(within(table()).getByRole('columnheader', { name: 'Best' })).queryByRole('button'),
      ).toBeNull();
    });
  },
});

export const CreateSession = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('"New tuning session" opens the create dialog', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New tuning session' }));
      await expect(await screen.findByRole('dialog', { name: 'New tuning session' })).toBeVisible();
      await expect(args.onCreateDialogOpenChange).toHaveBeenLastCalledWith(true);
    });
    await step('a valid form reaches onCreate', async () => {
      const dialog = within(screen.getByRole('dialog'));
      await userEvent.type(dialog.getByRole('textbox', { name: 'Model' }), 'meta-llama/Llama-3.1-8B-Instruct');
      await userEvent.type(dialog.getByRole('textbox', { name: 'Hardware' }), 'H100');
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({
        session: expect.objectContaining({
          setting: expect.objectContaining({
            ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
            hardware_config: { name: 'H100', count: 1 },
            software: { runtime: 'vllm', version: '0.11.0' },
          }),
          objective: { metric: 'output_throughput', direction: 'maximize' },
          budget: { max_trials: 24, max_parallel: 1 },
        }),
      });
    });
    await step('Cancel closes it and focus returns to the button', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expect(canvas.getByRole('button', { name: 'New tuning session' })).toHaveFocus();
    });
  },
});

export const CreateForbidden = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { createDialogOpen: true, createError: FORBIDDEN },
  play: async ({ step }) => {
    await step("the server's 403 is shown in the dialog, word for word", async () => {
      const dialog = await screen.findByRole('dialog', { name: 'New tuning session' });
      await expect(within(dialog).getByRole('alert')).toHaveTextContent(FORBIDDEN);
    });
  },
});

export const Creating = meta.story({
  args: { createDialogOpen: true, creating: true },
  play: async ({ args, step, userEvent }) => {
    await screen.findByRole('dialog', { name: 'New tuning session' });
    const submit = screen.getByRole('button', { name: 'Create session' });
    await step('busy: the submit button spins and ignores clicks', () => expectBusy(submit, userEvent, args.onCreate));
  },
});

export const Loading = meta.story(
  loadingStory({ status: 'loading', sessions: undefined }, 'Loading tuning sessions', async (canvas) => {
    await expect(canvas.getByRole('table', { name: 'Tuning sessions' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'New tuning session' })).toBeEnabled();
  }),
);

export const Empty = meta.story({
  tags: ['visual'],
  ...emptyWithCommandStory(
    { sessions: [] },
    {
      heading: 'No tuning sessions yet',
      label: 'Then run on your GPU machine',
      command: 'MAKO_TOKEN=mako_… mako-runner tune --session <session id>',
    },
  ),
});

export const EmptyCallToAction = meta.story({
  args: { sessions: [] },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the call to action opens the create dialog', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Create your first session' }));
      await expect(await screen.findByRole('dialog', { name: 'New tuning session' })).toBeVisible();
      await expect(args.onCreateDialogOpenChange).toHaveBeenLastCalledWith(true);
    });
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedStatusStory('sessions', { statusText: 'Service Unavailable', detail: 'Database is starting up' }),
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark', viewport: { value: 'desktop1280', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Tuning sessions');
  },
});

/** The page fits 375 px; the table scrolls inside its frame. */
export const Mobile = meta.story({
  tags: ['visual'],
  args: { sessions: [RUNNING_SESSION, COMPLETE_SESSION] },
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'New tuning session' })),
});
