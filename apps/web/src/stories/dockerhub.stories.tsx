import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, failedStory, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Dockerhub tokens', ...pageStoryMeta('/dockerhub') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = pageShowsStory('Dockerhub Tokens', async (canvas) => {
  await expect(await canvas.findByRole('row', { name: new RegExp(fixtures.registryTokens[0]!.name) })).toBeVisible();
});

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = emptyStory('No registry tokens yet');
