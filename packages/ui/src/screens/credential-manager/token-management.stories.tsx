import preview from '../../../../../.storybook/preview';
import { createColumnHelper } from '@tanstack/react-table';
import { expect, screen, waitFor, within } from 'storybook/test';
import { Select } from '../../primitives/select';
import { failedLoadStory, stubClipboard } from '../../../test/story-kit';
import { expectCopies, textsOf } from '../../../test/story-kit-parts';
import { expectRowsNamed, tokenListCallbacks } from '../../../test/story-kit-screens';
import type { ExtraCreateFields } from './create-token-dialog';
import { TokenManager } from './token-manager';
import { tokensAround } from './token.fixtures';
import {
  playCreateFailed,
  playCreating,
  playRevokeAsksFirst,
  playRevokeFailed,
  playSecretCopiedThenGone,
  tokenRow,
  useLiveTokens,
} from './token-manager.plays';
import type { TokenManagerProps } from './token-manager';
import { TOKEN_MESSAGES } from './token-types';
import type { CreatedToken, TokenLike } from './token-types';
import { TokenUsage } from './token-usage';

const NOW = new Date('2026-03-02T12:00:00Z');
const token = tokensAround(NOW);

const TOKENS: TokenLike[] = [
  token(
    { id: 'tok_laptop', name: 'laptop', prefix: 'mako_a1B2' },
    { createdAgo: 72, lastUsedAgo: 2, expiresIn: 87 * 24 },
  ),
  token({ id: 'tok_nightly', name: 'nightly-ci', prefix: 'mako_Nn7q' }, { createdAgo: 30 * 24 }),
  token(
    { id: 'tok_old', name: 'old-box', prefix: 'mako_0ldX' },
    { createdAgo: 95 * 24, lastUsedAgo: 40 * 24, expiresIn: -5 * 24 },
  ),
  token(
    { id: 'tok_staging', name: 'staging', prefix: 'mako_St4g' },
    { createdAgo: 60 * 24, lastUsedAgo: 20 * 24, expiresIn: 300 * 24, revokedAgo: 10 * 24 },
  ),
];

const SECRET = 'mako_q8Vd3KsL0pWz7HtR2xYc5NbJ4mFe9GaU6b1c2d';
const CREATED: CreatedToken = {
  token: token({ id: 'tok_new', name: 'laptop-2', prefix: 'mako_q8Vd' }, { createdAgo: 0, expiresIn: 90 * 24 }),
  secret: SECRET,
};

const REVOKE_DESCRIPTION = 'Runners using it stop working at once. This cannot be undone.';

const meta = preview.meta({
  title: 'Screens/Tokens/TokenManager',
  component: TokenManager,
  args: {
    intro: 'Runners and scripts use these tokens to report benchmarks as you.',
    caption: 'Access tokens',
    tokens: TOKENS,
    now: NOW,
    emptyTitle: 'No tokens yet',
    emptyDescription: 'Create a token, then hand it to the runner next to your GPUs.',
    emptyCommand: 'export MAKO_TOKEN=mako_…\nmako-runner bench',
    createDescription: 'Name it after where it will be used.',
    createdTitle: 'Copy your new token',
    secretLabel: 'Access token',
    renderUsage: (created) => (
      <TokenUsage
        heading="Use it with the runner"
        lines={[`export MAKO_TOKEN=${created.secret}`, 'mako-runner bench']}
      />
    ),
    revokeDescription: REVOKE_DESCRIPTION,
    ...tokenListCallbacks(),
  },
  beforeEach: stubClipboard,
});

export const List = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole('table', { name: 'Access tokens' });
    await step('the intro and "New token" above the list', async () => {
      await expect(canvas.getByText('Runners and scripts use these tokens to report benchmarks as you.')).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'New token' })).toBeEnabled();
    });
    await step('newest first, with the prefix to recognise each token by', async () => {
      await expectRowsNamed(table, ['laptop', 'nightly-ci', 'staging', 'old-box']);
      await expect(tokenRow('laptop').getByText('mako_a1B2…')).toBeVisible();
      await expect(tokenRow('laptop').getByText('3 d ago')).toBeVisible();
    });
    await step('status in words; never used and never expiring say Never', async () => {
      await expect(tokenRow('laptop').getByText('Active')).toBeVisible();
      await expect(tokenRow('old-box').getByText('Expired')).toBeVisible();
      await expect(tokenRow('staging').getByText('Revoked')).toBeVisible();
      await expect(tokenRow('nightly-ci').getAllByText('Never')).toHaveLength(2);
    });
    await step('every token can be revoked except one already revoked', async () => {
      await expect(tokenRow('old-box').getByRole('button', { name: 'Revoke old-box' })).toBeEnabled();
      await expect(tokenRow('staging').queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    });
  },
});

/** The manager inside the app: the create and revoke calls answer at once and the list is refetched. */
function LiveTokenManager(props: TokenManagerProps<TokenLike>) {
  return <TokenManager {...props} {...useLiveTokens(TOKENS, CREATED, NOW, props)} />;
}

export const CreateShowsTheSecretOnce = meta.story({
  render: (args) => <LiveTokenManager {...args} />,
  play: async ({ canvas, args, step, userEvent }) => {
    await step('"New token" opens the form with the name focused', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
      const dialog = await screen.findByRole('dialog', { name: 'New token' });
      await expect(dialog).toHaveAccessibleDescription('Name it after where it will be used.');
      await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    });
    await step('Create token sends the trimmed name and the default 90 days', async () => {
      await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' laptop-2 ');
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({ name: 'laptop-2', expires_in_days: 90 });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Copy your new token' });
    await step("the secret is shown in full with 'You will not see it again'", async () => {
      const secret = within(dialog).getByRole('textbox', { name: 'Access token' });
      await expect(secret).toHaveValue(SECRET);
      await expect(secret).toHaveAccessibleDescription(TOKEN_MESSAGES.shownOnce);
      await expect(dialog).toHaveTextContent('“laptop-2” is ready.');
    });
    await step('how to use it: a snippet with the secret, ready to copy', async () => {
      const usage = within(dialog).getByRole('region', { name: 'How to use it' });
      await expect(within(usage).getByRole('heading', { name: 'Use it with the runner' })).toBeVisible();
      await expect(within(usage).getByRole('textbox', { name: 'Shell' })).toHaveTextContent(
        `export MAKO_TOKEN=${SECRET}`,
      );
    });
    await playSecretCopiedThenGone({ canvas, step, userEvent }, dialog, SECRET, 'laptop-2');
  },
});

export const NameRules = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await step("an empty name is refused with 'Name is required'", async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(within(dialog).getByText(TOKEN_MESSAGES.nameRequired)).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveFocus();
    });
    await step('a name over 100 characters is refused too', async () => {
      await userEvent.click(name);
      await userEvent.paste('x'.repeat(101));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(within(dialog).getByText(TOKEN_MESSAGES.nameTooLong)).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('the longest expiry says there is a maximum and sends it', async () => {
      await userEvent.clear(name);
      await userEvent.type(name, 'nightly');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires after' }), '366');
      await expect(
        within(dialog).getByText('No token lives longer than 366 days: make a new one before it expires.'),
      ).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledWith({ name: 'nightly', expires_in_days: 366 });
    });
  },
});

export const Creating = meta.story({ args: { creating: true }, play: playCreating });

export const CreateFailed = meta.story({
  args: { createError: 'Something went wrong: Service Unavailable' },
  play: playCreateFailed('laptop-2', 'Something went wrong: Service Unavailable'),
});

export const RevokeAsksFirst = meta.story({
  render: (args) => <LiveTokenManager {...args} />,
  play: playRevokeAsksFirst({ id: 'tok_laptop', name: 'laptop' }, REVOKE_DESCRIPTION),
});

export const RevokeFailed = meta.story({
  args: { revokeError: 'Something went wrong: Service Unavailable' },
  play: playRevokeFailed({ id: 'tok_nightly', name: 'nightly-ci' }, 'Something went wrong: Service Unavailable'),
});

export const Loading = meta.story({
  args: { tokens: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Access tokens');
    await expect(canvas.getByRole('columnheader', { name: 'Expires' })).toBeInTheDocument();
    await expect(canvas.queryByRole('cell', { name: 'laptop' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New token' })).toBeEnabled();
  },
});

export const Empty = meta.story({
  args: { tokens: [] },
  play: async ({ canvas, step, userEvent }) => {
    await step('it says what to do next, with the command to copy', async () => {
      await expect(canvas.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();
      await expect(canvas.getByText('Create a token, then hand it to the runner next to your GPUs.')).toBeVisible();
      await expectCopies(canvas, userEvent, 'export MAKO_TOKEN=mako_…\nmako-runner bench');
    });
  },
});

export const ErrorState = meta.story({
  ...failedLoadStory({ tokens: undefined, error: { statusText: 'Service Unavailable', detail: null } }),
});

interface ScopedToken extends TokenLike {
  scope: 'read' | 'write';
}

const scoped: ScopedToken[] = TOKENS.map((token, i) => ({ ...token, scope: i % 2 === 0 ? 'write' : 'read' }));
const scopeColumn = createColumnHelper<ScopedToken>();
// Module-level, so the table's column list stays the same object between renders.
const SCOPE_COLUMNS = [scopeColumn.accessor('scope', { header: 'Scope' })];
const SCOPE_FIELD: ExtraCreateFields<{ scope: ScopedToken['scope'] }> = {
  initial: { scope: 'read' },
  render: (values, onChange, disabled) => (
    <Select
      label="Scope"
      options={[
        { value: 'read', label: 'Read' },
        { value: 'write', label: 'Read and write' },
      ]}
      value={values.scope}
      disabled={disabled}
      onValueChange={(value) => onChange({ scope: value === 'write' ? 'write' : 'read' })}
    />
  ),
};

export const ExtraFieldsAndColumns = meta.story({
  render: (args) => (
    <TokenManager<ScopedToken, { scope: ScopedToken['scope'] }>
      {...args}
      tokens={scoped}
      created={null}
      renderUsage={undefined}
      extraColumns={SCOPE_COLUMNS}
      extraFields={SCOPE_FIELD}
    />
  ),
  play: async ({ canvas, args, step, userEvent }) => {
    await step("a token kind's own column sits after the name", async () => {
      const headers = textsOf(canvas.getAllByRole('columnheader'));
      await expect(headers.slice(0, 3)).toEqual(['Name', 'Scope', 'Prefix']);
      await expect(tokenRow('laptop').getByRole('cell', { name: 'write' })).toBeVisible();
    });
    await step('its own field is in the form and its value goes out with name and expiry', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
      const dialog = await screen.findByRole('dialog', { name: 'New token' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'deploy');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Scope' }), 'write');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledWith({ scope: 'write', name: 'deploy', expires_in_days: 90 });
    });
  },
});
