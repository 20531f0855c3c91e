import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, failedStory, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Serve requests', ...pageStoryMeta('/serve-requests') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = pageShowsStory('MAKO Serve Requests', async (canvas) => {
  const request = fixtures.serveRequests[0]!;
  await expect((await canvas.findAllByText(request.ml_model_name)).length).toBeGreaterThan(0);
});

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = emptyStory('No serve requests yet');
