import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, expectPageTitle, failedStory, loadingStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Serve requests', ...pageStoryMeta('/serve-requests') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await expectPageTitle(canvasElement, 'MAKO Serve Requests');
    const request = fixtures.serveRequests[0]!;
    await expect((await within(canvasElement).findAllByText(request.ml_model_name)).length).toBeGreaterThan(0);
  },
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = emptyStory('No serve requests yet');
