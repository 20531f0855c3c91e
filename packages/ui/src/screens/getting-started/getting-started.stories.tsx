import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { expectFitsPhone, failedLoadStory, routerLinkStub, stubClipboard } from '../../../test/story-kit';
import { GettingStartedScreen } from './getting-started';

const { navigate, RouterLink: routerLink } = routerLinkStub();

const SESSION_ID = '3602051f-5638-43ed-8898-2a4f03254e07';

const meta = preview.meta({
  title: 'Screens/Getting started/GettingStarted',
  component: GettingStartedScreen,
  args: {
    email: 'ada@example.com',
    completedSteps: ['token', 'runner'] as const,
    docsUrl: 'https://docs.makooptimize.com',
    apiUrl: 'https://app.makooptimize.com/api/v1',
    runnerDownloadUrl: 'https://app.makooptimize.com/downloads/mako-runner.tgz',
    onCreateToken: fn(),
    onCreateSession: fn(),
    onCopyCommand: fn(),
    onRetry: fn(),
    renderLink: routerLink,
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  beforeEach: () => {
    navigate.mockClear();
    return stubClipboard();
  },
});

const step = (element: HTMLElement, id: string) =>
  element.querySelector<HTMLElement>(`[data-step="${id}"]`) as HTMLElement;

export const InProgress = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, args, step: storyStep }) => {
    await storyStep('the title is the spec string and progress is counted in words', async () => {
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Get started with MakoOptimize');
      await expect(canvas.getByText('3 of 5 steps done')).toBeVisible();
    });
    await storyStep('the five steps in order, done ones marked with text', async () => {
      const items = within(canvas.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
      await expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'Step 1: Create your account',
        'Step 2: Create an API token',
        'Step 3: Install the runner',
        'Step 4: Run your first benchmark',
        'Step 5: Start your first tuning session',
      ]);
      await expect(within(items[0] as HTMLElement).getByText('Done')).toBeVisible();
      await expect(within(items[1] as HTMLElement).getByText('Done')).toBeVisible();
      await expect(within(items[2] as HTMLElement).getByText('Done')).toBeVisible();
      await expect(within(items[3] as HTMLElement).getByText('Up next')).toBeVisible();
      await expect(items[3]).toHaveAttribute('aria-current', 'step');
      await expect(within(items[4] as HTMLElement).queryByText(/Done|Up next/)).not.toBeInTheDocument();
    });
    await storyStep("the account step names the user's e-mail", async () => {
      await expect(step(canvasElement, 'account')).toHaveTextContent('Signed in as ada@example.com.');
    });
    await storyStep('each step shows its real runner command', async () => {
      await expect(canvas.getByRole('textbox', { name: 'Then, in the shell of your GPU machine' })).toHaveTextContent(
        /^export MAKO_TOKEN=mako_…$/,
      );
      // The package comes from this server, and the runner is pointed back at its API.
      await expect(canvas.getByRole('textbox', { name: 'Install' }).textContent).toBe(
        'npm install -g https://app.makooptimize.com/downloads/mako-runner.tgz\n' +
          'export MAKO_API_URL=https://app.makooptimize.com/api/v1\n' +
          'mako-runner --version',
      );
      const bench = canvas.getByRole('textbox', { name: 'Benchmark your endpoint' });
      await expect(bench).toHaveTextContent('mako-runner bench --base-url http://127.0.0.1:8000');
      await expect(bench).toHaveTextContent('--model meta-llama/Llama-3.1-8B-Instruct');
      await expect(bench).toHaveTextContent("--hardware '1x H100' --post");
      await expect(canvas.getByRole('textbox', { name: 'Work on a session' })).toHaveTextContent(
        'mako-runner tune --session <session id>',
      );
    });
    await storyStep('the docs open in a new tab', async () => {
      const docs = canvas.getByRole('link', { name: /Read the docs/ });
      await expect(docs).toHaveAttribute('href', args.docsUrl ?? '');
      await expect(docs).toHaveAttribute('target', '_blank');
    });
  },
});

export const Actions = meta.story({
  play: async ({ canvas, canvasElement, args, step: storyStep, userEvent }) => {
    await storyStep('Create API token and New tuning session are the callbacks', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Create API token' }));
      await expect(args.onCreateToken).toHaveBeenCalledTimes(1);
      await userEvent.click(canvas.getByRole('button', { name: 'New tuning session' }));
      await expect(args.onCreateSession).toHaveBeenCalledTimes(1);
    });
    await storyStep('internal links go through the app router', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Manage tokens' }));
      await expect(navigate).toHaveBeenLastCalledWith('/tokens/');
      await userEvent.click(canvas.getByRole('link', { name: 'See your benchmarks' }));
      await expect(navigate).toHaveBeenLastCalledWith('/single-benchmarks');
      await userEvent.click(canvas.getByRole('link', { name: 'Open tuning sessions' }));
      await expect(navigate).toHaveBeenLastCalledWith('/tuning-sessions');
    });
    await storyStep('copying a command reports it with its step', async () => {
      await userEvent.click(within(step(canvasElement, 'runner')).getByRole('button', { name: 'Copy' }));
      const install =
        'npm install -g https://app.makooptimize.com/downloads/mako-runner.tgz\n' +
        'export MAKO_API_URL=https://app.makooptimize.com/api/v1\n' +
        'mako-runner --version';
      await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(install);
      await expect(args.onCopyCommand).toHaveBeenCalledWith(install, 'runner');
    });
  },
});

export const NewUser = meta.story({
  tags: ['visual'],
  args: { completedSteps: [], apiUrl: undefined, docsUrl: undefined },
  play: async ({ canvas, canvasElement, step: storyStep }) => {
    await storyStep('only the account is done; the API token is next and its button is the primary one', async () => {
      await expect(canvas.getByText('1 of 5 steps done')).toBeVisible();
      await expect(step(canvasElement, 'token')).toHaveAttribute('aria-current', 'step');
      await expect(within(step(canvasElement, 'token')).getByText('Up next')).toBeVisible();
    });
    await storyStep('without an API URL the runner uses its default, so none is exported', async () => {
      await expect(canvas.getByRole('textbox', { name: 'Install' }).textContent).toBe(
        'npm install -g https://app.makooptimize.com/downloads/mako-runner.tgz\nmako-runner --version',
      );
      await expect(canvas.queryByRole('link', { name: /Read the docs/ })).not.toBeInTheDocument();
    });
  },
});

export const AllDone = meta.story({
  tags: ['visual'],
  args: { completedSteps: ['token', 'runner', 'benchmark', 'session'], sessionId: SESSION_ID },
  play: async ({ canvas, step: storyStep }) => {
    await storyStep('every step is marked done and none is next', async () => {
      await expect(canvas.getByText('5 of 5 steps done')).toBeVisible();
      await expect(canvas.getAllByText('Done')).toHaveLength(5);
      await expect(canvas.queryByText('Up next')).not.toBeInTheDocument();
    });
    await storyStep("the tune command names the user's session", async () => {
      await expect(canvas.getByRole('textbox', { name: 'Work on your session' })).toHaveTextContent(
        `MAKO_TOKEN=mako_… mako-runner tune --session ${SESSION_ID}`,
      );
    });
  },
});

export const Loading = meta.story({
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your progress');
    await expect(canvas.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Get started with MakoOptimize');
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedLoadStory({
    status: 'error',
    error: { statusText: 'Unauthorized', detail: 'Could not validate credentials' },
  }),
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark', viewport: { value: 'desktop1280', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('3 of 5 steps done')).toBeVisible();
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvas }) => {
    await expectFitsPhone(document.documentElement);
    await expect(
      canvas.getByRole('button', { name: 'New tuning session' }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(375);
  },
});
