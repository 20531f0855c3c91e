import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, failedStory, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Single benchmarks', ...pageStoryMeta('/single-benchmarks') } satisfies Meta<
  typeof AppStory
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = pageShowsStory('Single benchmarks', async (canvas) => {
  const setting = fixtures.benchmarkSettings[0]!;
  const links = await canvas.findAllByRole('link', { name: setting.ml_model_name });
  await expect(links.some((link) => link.getAttribute('href') === `/single-benchmarks/${setting.id}`)).toBe(true);
});

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = emptyStory('No benchmarks yet');
