import preview from '../../../../../.storybook/preview';
import { expect, screen, waitFor, within } from 'storybook/test';
import * as manager from '../credential-manager/token-manager.plays';
import { darkThemeStory, failedLoadStory, inAppShellStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import { expectBusy, expectCopies, textsOf } from '../../../test/story-kit-parts';
import { expectRowsNamed, tokenListCallbacks } from '../../../test/story-kit-screens';
import { API_TOKEN_CREATED, API_TOKENS, NEW_SECRET, NOW } from './api-tokens.fixtures';
import { API_TOKENS_TITLE, ApiTokensPage } from './api-tokens-page';
import type { ApiTokensPageProps } from './api-tokens-page';

const meta = preview.meta({
  title: 'Screens/Tokens/ApiTokensPage',
  component: ApiTokensPage,
  args: {
    tokens: API_TOKENS,
    now: NOW,
    ...tokenListCallbacks(),
  },
  beforeEach: stubClipboard,
});

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole('table', { name: 'API tokens' });
    await step('the table has name, scopes, prefix, created, last used, expires and status', async () => {
      const headers = textsOf(within(table).getAllByRole('columnheader'));
      await expect(headers).toEqual([
        'Name',
        'Scopes',
        'Prefix',
        'Created',
        'Last used',
        'Expires',
        'Status',
        'Actions',
      ]);
      await expect(manager.tokenRow('old-laptop').getByText('read')).toBeVisible();
      await expect(manager.tokenRow('ci-runner').getByText('read benchmarks:write tuning:write')).toBeVisible();
    });
    await step('newest first, with relative dates and the exact time on hover', async () => {
      await expectRowsNamed(table, ['ci-runner', 'gpu-box-01', 'staging', 'old-laptop']);
      const created = manager.tokenRow('ci-runner').getByText('25 d ago');
      await expect(created.tagName).toBe('TIME');
      await expect(created).toHaveAttribute('title', expect.stringContaining('2026'));
    });
    await step('each status is in words: active, expired, revoked', async () => {
      await expect(manager.tokenRow('ci-runner').getByText('Active')).toBeVisible();
      await expect(manager.tokenRow('old-laptop').getByText('Expired')).toBeVisible();
      await expect(manager.tokenRow('staging').getByText('Revoked')).toBeVisible();
    });
    await step('a token never used or never expiring says Never', async () => {
      await expect(manager.tokenRow('old-laptop').getByText('Never')).toBeVisible();
      await expect(manager.tokenRow('gpu-box-01').getByText('Never')).toBeVisible();
    });
    await step('the prefix is monospace; a revoked token cannot be revoked again', async () => {
      await expect(getComputedStyle(manager.tokenRow('ci-runner').getByText('mako_7Hk2…')).fontFamily).toMatch(
        /JetBrains Mono/,
      );
      await expect(manager.tokenRow('staging').queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
      await expect(manager.tokenRow('old-laptop').getByRole('button', { name: 'Revoke old-laptop' })).toBeEnabled();
    });
  },
});

export const CreateFlow = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('"New token" opens the dialog with the name focused', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
      const dialog = await screen.findByRole('dialog', { name: 'New token' });
      await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    });
    await step("an empty name is refused with 'Name is required'", async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await expect(screen.getByText('Name is required')).toBeVisible();
      await expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('whitespace only is still empty', async () => {
      await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await expect(screen.getByText('Name is required')).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('the expiry defaults to 90 days and offers 30, 90 and 366 days, never "never"', async () => {
      const expiry = screen.getByRole('combobox', { name: 'Expires after' });
      await expect(expiry).toHaveDisplayValue('90 days');
      const options = textsOf(within(expiry).getAllByRole('option'));
      await expect(options).toEqual(['30 days', '90 days', '366 days (the longest)']);
      await expect(
        screen.getByText('No token lives longer than 366 days: make a new one before it expires.'),
      ).toBeVisible();
    });
    await step('a valid name and the longest expiry send {name, expires_in_days: 366, scopes}', async () => {
      const name = screen.getByRole('textbox', { name: 'Name' });
      await userEvent.clear(name);
      await userEvent.type(name, '  ci-runner-2 ');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Expires after' }), '366');
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({
        name: 'ci-runner-2',
        expires_in_days: 366,
        scopes: ['read', 'benchmarks:write', 'tuning:write'],
      });
    });
    await step('Cancel closes the dialog and a reopened form starts empty', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
      await expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
    });
    await step('30 days sends 30', async () => {
      await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'nightly');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Expires after' }), '30');
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenLastCalledWith({
        name: 'nightly',
        expires_in_days: 30,
        scopes: ['read', 'benchmarks:write', 'tuning:write'],
      });
    });
  },
});

export const ChooseScopes = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    const box = (scope: string) => within(dialog).getByRole('checkbox', { name: scope });
    await step('a runner’s scopes are ticked to start with, each saying what it allows', async () => {
      await expect(box('read')).toBeChecked();
      await expect(box('benchmarks:write')).toBeChecked();
      await expect(box('tuning:write')).toBeChecked();
      await expect(box('serve_requests:write')).not.toBeChecked();
      await expect(box('tuning:write')).toHaveAccessibleDescription(
        'Create and share tuning sessions, lease configurations and post their results',
      );
    });
    await step('the page says no token manages the account', async () => {
      await expect(within(dialog).getByText(/No token can change your password, manage tokens/)).toBeVisible();
    });
    await step('with no scope ticked the form says so and sends nothing', async () => {
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'dashboards');
      for (const scope of ['read', 'benchmarks:write', 'tuning:write']) await userEvent.click(box(scope));
      await expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one scope');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('a read-only token sends just that scope', async () => {
      await userEvent.click(box('read'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledWith({ name: 'dashboards', expires_in_days: 90, scopes: ['read'] });
    });
  },
});

export const Creating = meta.story({ args: { creating: true }, play: manager.playCreating });

export const CreateFailed = meta.story({
  args: { createError: 'Something went wrong: Service Unavailable' },
  play: manager.playCreateFailed('ci-runner-2', 'Something went wrong: Service Unavailable'),
});

export const SecretShownOnce = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { created: API_TOKEN_CREATED },
  play: async ({ step }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Copy your new token' });
    await step("the secret is shown in full, in monospace, with 'You will not see it again'", async () => {
      const secret = within(dialog).getByRole('textbox', { name: 'API token' });
      await expect(secret).toHaveValue(NEW_SECRET);
      await expect(getComputedStyle(secret).fontFamily).toMatch(/JetBrains Mono/);
      await expect(secret).toHaveAccessibleDescription('You will not see it again');
    });
    await step('the usage snippet exports MAKO_TOKEN and mentions --token', async () => {
      const usage = within(dialog).getByRole('textbox', { name: 'Shell' });
      await expect(usage).toHaveTextContent(`export MAKO_TOKEN=${NEW_SECRET}`);
      await expect(usage).toHaveTextContent('mako-runner bench');
      await expect(within(dialog).getByText(/--token/)).toBeVisible();
    });
  },
});

export const SecretNotShownTwice = meta.story({
  args: { created: API_TOKEN_CREATED },
  play: async (context) => {
    const dialog = await screen.findByRole('dialog', { name: 'Copy your new token' });
    await manager.playSecretCopiedThenGone(context, dialog, NEW_SECRET);
  },
});

export const WithApiUrl = meta.story({
  args: { created: API_TOKEN_CREATED, apiUrl: 'https://mako.example.com/api/v1' },
  play: async () => {
    const usage = await screen.findByRole('textbox', { name: 'Shell' });
    await expect(usage).toHaveTextContent('export MAKO_API_URL=https://mako.example.com/api/v1');
  },
});

/** The page inside the app: the create and revoke calls answer at once and the list is refetched. */
function LiveTokensPage(props: ApiTokensPageProps) {
  return <ApiTokensPage {...props} {...manager.useLiveTokens(API_TOKENS, API_TOKEN_CREATED, NOW, props)} />;
}

export const RevokeFlow = meta.story({
  render: (args) => <LiveTokensPage {...args} />,
  play: manager.playRevokeAsksFirst(
    { id: 'tok_ci', name: 'ci-runner' },
    'Runners and jobs using it stop working at once. This cannot be undone.',
  ),
});

export const CreateThenList = meta.story({
  render: (args) => <LiveTokensPage {...args} />,
  play: async ({ canvas, args, step, userEvent }) => {
    await step('creating shows the secret once and adds the token to the list', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
      await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'nightly');
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledWith({
        name: 'nightly',
        expires_in_days: 90,
        scopes: ['read', 'benchmarks:write', 'tuning:write'],
      });
      const dialog = await screen.findByRole('dialog', { name: 'Copy your new token' });
      await expect(within(dialog).getByRole('textbox', { name: 'API token' })).toHaveValue(NEW_SECRET);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expect(manager.tokenRow('nightly').getByText('Active')).toBeVisible();
    });
  },
});

export const Revoking = meta.story({
  args: { revokingId: 'tok_gpu' },
  play: async ({ args, step, userEvent }) => {
    await userEvent.click(manager.tokenRow('gpu-box-01').getByRole('button', { name: 'Revoke gpu-box-01' }));
    await step('the confirm button spins while the call runs', async () => {
      await expectBusy(await screen.findByRole('button', { name: 'Revoke token' }), userEvent, args.onRevoke);
    });
  },
});

export const RevokeFailed = meta.story({
  args: { revokeError: 'Something went wrong: Service Unavailable' },
  play: manager.playRevokeFailed({ id: 'tok_ci', name: 'ci-runner' }, 'Something went wrong: Service Unavailable'),
});

export const Loading = meta.story({
  tags: ['visual'],
  args: { tokens: undefined, isLoading: true },
  play: async ({ canvas, step }) => {
    await step('a busy region with skeleton rows under the real headers', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Loading API tokens');
      await expect(canvas.getByRole('columnheader', { name: 'Last used' })).toBeInTheDocument();
      await expect(canvas.queryByRole('cell', { name: 'ci-runner' })).not.toBeInTheDocument();
    });
    await step('"New token" is available at once', async () => {
      await expect(canvas.getByRole('button', { name: 'New token' })).toBeEnabled();
    });
  },
});

export const Empty = meta.story({
  tags: ['visual'],
  args: { tokens: [] },
  play: async ({ canvas, step, userEvent }) => {
    await step('it says what to do, with the runner command to copy', async () => {
      await expect(canvas.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();
      const command = canvas.getByRole('textbox', { name: 'Run this command' });
      await expect(command).toHaveTextContent('export MAKO_TOKEN=mako_…');
      await expectCopies(canvas, userEvent, expect.stringContaining('mako-runner bench'));
    });
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedLoadStory({ tokens: undefined, error: { statusText: 'Service Unavailable', detail: null } }),
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('table', { name: 'API tokens' })),
});

export const SecretDark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  parameters: { visual: { fullPage: true } },
  args: { created: API_TOKEN_CREATED },
  play: async () => {
    await expect(await screen.findByRole('textbox', { name: 'API token' })).toHaveValue(NEW_SECRET);
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'New token' })),
});

export const InAppShell = meta.story(
  inAppShellStory(ApiTokensPage, {
    title: API_TOKENS_TITLE,
    currentPath: '/tokens/',
    heading: 'MAKO Optimize Tokens',
    currentLink: 'Tokens',
  }),
);

export const LinksToSecurity = meta.story({
  args: { securityHref: '/security/' },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Sign-in and security' });
    await expect(link).toHaveAttribute('href', '/security/');
    await expect(canvas.getByText(/To revoke them all at once, sign out everywhere from/)).toBeVisible();
  },
});
