import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';
import { endpointDownStory, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Getting started', ...pageStoryMeta('/getting-started') } satisfies Meta<
  typeof AppStory
>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tokens (one used by a runner), own benchmarks and a session: every step is done. */
export const Success: Story = pageShowsStory('Get started with MakoOptimize', async (canvas) => {
  await expect(await canvas.findByText('5 of 5 steps done')).toBeVisible();
  // The signed-in user's address, in the shell and on the account step.
  await expect(canvas.getAllByText(fixtures.user.email)).toHaveLength(2);
});

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...endpointDownStory('listApiTokens') };

/** A brand-new account: only the account step is done. */
export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty() } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('1 of 5 steps done')).toBeVisible();
  },
};
