import preview from '../../../../../.storybook/preview';
import { expect, screen, waitFor, within } from 'storybook/test';
import { darkThemeStory, failedLoadStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import {
  emptyWithCommandStory,
  expectSecretShownOnce,
  expectTexts,
  loadingStory,
  tokenListCallbacks,
} from '../../../test/story-kit-screens';
import { tokenRow } from '../credential-manager/token-manager.plays';
import { NOW, REGISTRY, REGISTRY_SECRET, REGISTRY_TOKEN_CREATED, REGISTRY_TOKENS } from './dockerhub-tokens.fixtures';
import { DockerhubTokensPage } from './dockerhub-tokens-page';

const meta = preview.meta({
  title: 'Screens/Tokens/DockerhubTokensPage',
  component: DockerhubTokensPage,
  args: {
    tokens: REGISTRY_TOKENS,
    now: NOW,
    registry: REGISTRY,
    ...tokenListCallbacks(),
  },
  beforeEach: stubClipboard,
});

const DOCKER_LOGIN = `echo "$MAKO_REGISTRY_TOKEN" | docker login ${REGISTRY} -u ada-staging-cluster --password-stdin`;

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole('table', { name: 'Registry tokens' });
    await step('the token columns plus registry, username and scope', async () => {
      await expectTexts(within(table).getAllByRole('columnheader'), [
        'Name',
        'Registry',
        'Username',
        'Scope',
        'Prefix',
        'Created',
        'Last used',
        'Expires',
        'Status',
        'Actions',
      ]);
    });
    await step('scope is in words and registry/username are monospace', async () => {
      await expect(tokenRow('prod-cluster').getByText('Pull')).toBeVisible();
      await expect(tokenRow('image-publisher').getByText('Pull and push')).toBeVisible();
      await expect(getComputedStyle(tokenRow('prod-cluster').getByText('ada-prod-cluster')).fontFamily).toMatch(
        /JetBrains Mono/,
      );
    });
    await step('both tokens are active and can be revoked', async () => {
      await expect(tokenRow('prod-cluster').getByText('Active')).toBeVisible();
      await expect(tokenRow('image-publisher').getByRole('button', { name: 'Revoke image-publisher' })).toBeEnabled();
    });
  },
});

export const CreateFlow = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    await step("an empty name is refused with 'Name is required'", async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(within(dialog).getByText('Name is required')).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('scope defaults to pull only', async () => {
      await expect(within(dialog).getByRole('combobox', { name: 'Scope' })).toHaveDisplayValue('Pull only');
      await expect(within(dialog).getByText('Enough to run the optimised serving images.')).toBeVisible();
    });
    await step('name, 366 days and pull-push are sent together', async () => {
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'image-publisher-2');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires after' }), '366');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Scope' }), 'pull-push');
      await expect(within(dialog).getByText(/Also lets it push images/)).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({
        name: 'image-publisher-2',
        expires_in_days: 366,
        scope: 'pull-push',
      });
    });
  },
});

export const SecretShownOnce = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { created: REGISTRY_TOKEN_CREATED },
  play: async ({ step }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Copy your new registry token' });
    await step("the secret once, monospace, with 'You will not see it again'", () =>
      expectSecretShownOnce(dialog, 'Registry token', REGISTRY_SECRET),
    );
    await step('the docker login snippet uses the token’s registry and username and reads stdin', async () => {
      const usage = within(dialog).getByRole('textbox', { name: 'Shell' });
      await expect(usage).toHaveTextContent(`export MAKO_REGISTRY_TOKEN=${REGISTRY_SECRET}`);
      await expect(usage).toHaveTextContent(DOCKER_LOGIN);
    });
  },
});

export const CopyDockerLogin = meta.story({
  args: { created: REGISTRY_TOKEN_CREATED },
  play: async ({ step, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Copy your new registry token' });
    await step('the snippet copies in one click', async () => {
      const [, snippetCopy] = within(dialog).getAllByRole('button', { name: 'Copy' });
      await userEvent.click(snippetCopy as HTMLElement);
      await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
        `export MAKO_REGISTRY_TOKEN=${REGISTRY_SECRET}\n${DOCKER_LOGIN}`,
      );
    });
    await step('Done closes it for good', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expect(screen.queryByDisplayValue(REGISTRY_SECRET)).not.toBeInTheDocument();
    });
  },
});

export const RevokeFlow = meta.story({
  play: async ({ args, step, userEvent }) => {
    await step('Revoke confirms, naming the token, then calls onRevoke with its id', async () => {
      await userEvent.click(tokenRow('prod-cluster').getByRole('button', { name: 'Revoke prod-cluster' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Revoke token prod-cluster?' });
      await expect(confirm).toHaveAccessibleDescription(/Pulls with it fail at once/);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
      await expect(args.onRevoke).toHaveBeenCalledWith('reg_prod');
    });
  },
});

export const Loading = meta.story(
  loadingStory({ tokens: undefined, isLoading: true }, 'Loading Registry tokens', (canvas) =>
    expect(canvas.getByRole('columnheader', { name: 'Scope' })).toBeInTheDocument(),
  ),
);

/** It says what to do, with a docker login to copy. */
export const Empty = meta.story({
  tags: ['visual'],
  ...emptyWithCommandStory(
    { tokens: [] },
    {
      heading: 'No registry tokens yet',
      command: `echo "$MAKO_REGISTRY_TOKEN" | docker login ${REGISTRY} -u <username> --password-stdin`,
    },
  ),
});

export const ErrorState = meta.story({
  ...failedLoadStory({
    tokens: undefined,
    error: { statusText: 'Bad Gateway', detail: 'The registry did not answer' },
  }),
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('table', { name: 'Registry tokens' })),
});

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });
