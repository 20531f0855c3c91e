import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, expectPageTitle, failedStory, loadingStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Tokens', ...pageStoryMeta('/tokens') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement, step, userEvent }) => {
    const canvas = within(canvasElement);
    await step("the title is 'MAKO Optimize Tokens'", async () => {
      await expectPageTitle(canvasElement, 'MAKO Optimize Tokens');
    });
    await step('the tokens are listed', async () => {
      await expect(await canvas.findByRole('row', { name: new RegExp(fixtures.apiTokens[0]!.name) })).toBeVisible();
    });
    await step('a new token shows its secret once', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New token' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Name'), 'ci runner');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
      const secret = await screen.findByRole('textbox', { name: 'API token' });
      await expect(secret).toHaveValue(fixtures.apiTokenCreated.secret);
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'API token' })).toBeNull());
    });
  },
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = emptyStory('No tokens yet');
