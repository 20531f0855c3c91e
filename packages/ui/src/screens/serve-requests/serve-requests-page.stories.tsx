import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { darkThemeStory, failedLoadStory, inAppShellStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import {
  emptyWithCommandStory,
  expectCancelKeepsIt,
  expectCopyConfirmed,
  expectEmptySubmitRefused,
  loadingStory,
} from '../../../test/story-kit-screens';
import { expectBusy } from '../../../test/story-kit-parts';
import { LLAMA_8B_COMMAND, NOW, SERVE_REQUESTS } from './serve-requests.fixtures';
import type { ServeRequestItem } from './serve-request-card';
import { SERVE_REQUESTS_TITLE, ServeRequestsPage } from './serve-requests-page';
import type { ServeRequestsPageProps } from './serve-requests-page';

const meta = preview.meta({
  title: 'Screens/ServeRequests/ServeRequestsPage',
  component: ServeRequestsPage,
  args: { requests: SERVE_REQUESTS, now: NOW, onCreate: fn(), onDelete: fn(), onRetry: fn() },
  beforeEach: stubClipboard,
});

const requestCard = (model: string) => {
  const card = screen.getByRole('region', { name: new RegExp(`^${model.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) });
  return within(card);
};

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('every request shows its status in words', async () => {
      await expect(requestCard('meta-llama/Llama-3.1-8B-Instruct').getByText('Ready')).toBeVisible();
      await expect(requestCard('Qwen/Qwen2.5-72B-Instruct').getByText('No data')).toBeVisible();
    });
    await step('a ready request shows hardware, objective value and the launch command', async () => {
      const card = requestCard('meta-llama/Llama-3.1-8B-Instruct');
      await expect(card.getByText('1x H100')).toBeVisible();
      await expect(card.getByText('14,930 tok/s')).toBeVisible();
      await expect(card.getByRole('textbox', { name: 'Launch command' })).toHaveTextContent(LLAMA_8B_COMMAND);
    });
    await step('latency objectives are in ms to three significant figures', async () => {
      await expect(requestCard('meta-llama/Llama-3.1-70B-Instruct').getByText('23.5 ms')).toBeVisible();
    });
    await step('no_data explains what to do, with a benchmark command for that hardware', async () => {
      const card = requestCard('Qwen/Qwen2.5-72B-Instruct');
      await expect(card.getByText(/Run a tuning session/)).toBeVisible();
      await expect(card.getByText(/post a single benchmark/)).toBeVisible();
      const command = card.getByRole('textbox', { name: 'Benchmark this hardware' });
      await expect(command).toHaveTextContent('mako-runner bench');
      await expect(command).toHaveTextContent("--hardware '8x MI300X'");
      await expect(card.queryByRole('textbox', { name: 'Launch command' })).not.toBeInTheDocument();
    });
    await step('the list has a heading', async () => {
      await expect(canvas.getByRole('heading', { name: 'Your requests' })).toBeVisible();
    });
  },
});

export const CopyLaunchCommand = meta.story({
  play: async ({ step, userEvent }) => {
    await step('Copy puts the launch command on the clipboard', async () => {
      await expectCopyConfirmed(requestCard('meta-llama/Llama-3.1-8B-Instruct'), userEvent, {
        copied: navigator.clipboard.writeText,
        value: LLAMA_8B_COMMAND,
      });
    });
  },
});

export const CreateFlow = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const form = within(canvas.getByRole('form', { name: 'Request a launch command' }));
    const submit = form.getByRole('button', { name: 'Get launch command' });
    await step('an empty form names every missing field and focuses the first', () =>
      expectEmptySubmitRefused(form, userEvent, {
        submit: 'Get launch command',
        callback: args.onCreate,
        missing: ['Model is required', 'Hardware is required', 'Please choose an objective'],
        first: () => form.getByRole('textbox', { name: 'Model' }),
      }),
    );
    await step('the GPU count must be a whole number from 1 to 1024', async () => {
      const count = form.getByRole('textbox', { name: 'GPUs' });
      for (const bad of ['0', '2.5', '2048', 'x']) {
        await userEvent.clear(count);
        await userEvent.type(count, bad);
        await userEvent.tab();
        await expect(form.getByText('GPU count must be a whole number from 1 to 1024')).toBeVisible();
      }
    });
    await step('a valid request without a runtime leaves runtime out', async () => {
      await userEvent.type(form.getByRole('textbox', { name: 'Model' }), ' meta-llama/Llama-3.1-8B-Instruct ');
      await userEvent.type(form.getByRole('combobox', { name: 'Hardware' }), 'H100');
      await userEvent.clear(form.getByRole('textbox', { name: 'GPUs' }));
      await userEvent.type(form.getByRole('textbox', { name: 'GPUs' }), '8');
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Objective' }), 'output_throughput');
      await expect(form.queryByText('Please choose an objective')).not.toBeInTheDocument();
      await userEvent.click(submit);
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({
        ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
        hardware_config: { name: 'H100', count: 8 },
        objective: 'output_throughput',
      });
    });
    await step('choosing a runtime and a latency objective sends them', async () => {
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Runtime (optional)' }), 'sglang');
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Objective' }), 'ttft_ms.p99');
      await userEvent.click(submit);
      await expect(args.onCreate).toHaveBeenLastCalledWith({
        ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
        hardware_config: { name: 'H100', count: 8 },
        objective: 'ttft_ms.p99',
        runtime: 'sglang',
      });
    });
  },
});

export const Creating = meta.story({
  args: {
    creating: true,
    defaultValues: {
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      hardware: 'H100',
      count: '8',
      objective: 'output_throughput',
    },
  },
  play: ({ canvas, args, userEvent }) =>
    expectBusy(canvas.getByRole('button', { name: 'Get launch command' }), userEvent, args.onCreate),
});

export const CreateFailed = meta.story({
  args: {
    createError: 'Something went wrong: Service Unavailable',
    defaultValues: {
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      hardware: 'H100',
      count: '8',
      objective: 'output_throughput',
    },
  },
  play: async ({ canvas, args, step, userEvent }) => {
    const form = within(canvas.getByRole('form', { name: 'Request a launch command' }));
    await step('no stale error before submitting', async () => {
      await expect(form.queryByRole('alert')).not.toBeInTheDocument();
    });
    await step('after submitting the failure shows and the values stay', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Get launch command' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(form.getByRole('alert')).toHaveTextContent('Something went wrong: Service Unavailable');
      await expect(form.getByRole('textbox', { name: 'Model' })).toHaveValue('meta-llama/Llama-3.1-8B-Instruct');
    });
  },
});

/** Stands in for apps/web: a delete removes the request from the refetched list. */
function LiveServeRequests(props: ServeRequestsPageProps) {
  const [requests, setRequests] = useState<ServeRequestItem[]>(SERVE_REQUESTS);
  return (
    <ServeRequestsPage
      {...props}
      requests={requests}
      onDelete={(id) => {
        props.onDelete(id);
        queueMicrotask(() => setRequests((list) => list.filter((request) => request.id !== id)));
      }}
    />
  );
}

export const DeleteFlow = meta.story({
  render: (args) => <LiveServeRequests {...args} />,
  play: async ({ args, step, userEvent }) => {
    await step('Delete asks first, naming the model and hardware', async () => {
      await userEvent.click(
        screen.getByRole('button', { name: 'Delete request for Qwen/Qwen2.5-72B-Instruct on 8x MI300X' }),
      );
      const confirm = await screen.findByRole('alertdialog', {
        name: 'Delete the request for Qwen/Qwen2.5-72B-Instruct on 8x MI300X?',
      });
      await expect(confirm).toHaveAccessibleDescription(/the benchmarks behind it stay/);
    });
    await step('Cancel keeps it', () => expectCancelKeepsIt(userEvent, args.onDelete));
    await step('confirming calls onDelete with the id; the dialog closes when the request is gone', async () => {
      await userEvent.click(
        screen.getByRole('button', { name: 'Delete request for Qwen/Qwen2.5-72B-Instruct on 8x MI300X' }),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Delete request' }));
      await expect(args.onDelete).toHaveBeenCalledWith('sr_qwen72b');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await expect(screen.queryByText('Qwen/Qwen2.5-72B-Instruct')).not.toBeInTheDocument();
    });
  },
});

/** Asks to delete the Llama 3.1 8B request; resolves with its confirmation dialog. */
const askToDeleteLlama8b = async (user: { click: (element: Element) => Promise<void> }) => {
  await user.click(
    screen.getByRole('button', { name: 'Delete request for meta-llama/Llama-3.1-8B-Instruct on 1x H100' }),
  );
  return screen.findByRole('alertdialog');
};

export const DeleteFailed = meta.story({
  args: { deleteError: 'Something went wrong: Not Found' },
  play: async ({ args, step, userEvent }) => {
    const confirm = await askToDeleteLlama8b(userEvent);
    await step('the failure shows only after confirming, and the dialog stays', async () => {
      await expect(within(confirm).queryByRole('alert')).not.toBeInTheDocument();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete request' }));
      await expect(args.onDelete).toHaveBeenCalledWith('sr_llama8b');
      await expect(within(confirm).getByRole('alert')).toHaveTextContent('Something went wrong: Not Found');
    });
  },
});

export const Deleting = meta.story({
  args: { deletingId: 'sr_llama8b' },
  play: async ({ args, userEvent }) => {
    const confirm = await askToDeleteLlama8b(userEvent);
    await expectBusy(within(confirm).getByRole('button', { name: 'Delete request' }), userEvent, args.onDelete);
  },
});

export const Loading = meta.story(
  loadingStory({ requests: undefined, isLoading: true }, 'Loading serve requests', (canvas) =>
    expect(canvas.getByRole('form', { name: 'Request a launch command' })).toBeVisible(),
  ),
);

export const Empty = meta.story({
  tags: ['visual'],
  ...emptyWithCommandStory({ requests: [] }, { heading: 'No serve requests yet', command: 'mako-runner bench' }),
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedLoadStory({
    requests: undefined,
    error: { statusText: 'Internal Server Error', detail: 'database is locked' },
  }),
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: 'Your requests' })),
});

export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'Get launch command' })),
});

export const InAppShell = meta.story(
  inAppShellStory(ServeRequestsPage, {
    title: SERVE_REQUESTS_TITLE,
    currentPath: '/serve-requests/',
    heading: 'MAKO Serve Requests',
  }),
);
