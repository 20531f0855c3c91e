import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, expectPageTitle, failedStory, loadingStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Single benchmarks', ...pageStoryMeta('/single-benchmarks') } satisfies Meta<
  typeof AppStory
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await expectPageTitle(canvasElement, 'Single benchmarks');
    const setting = fixtures.benchmarkSettings[0]!;
    const links = await within(canvasElement).findAllByRole('link', { name: setting.ml_model_name });
    await expect(links.some((link) => link.getAttribute('href') === `/single-benchmarks/${setting.id}`)).toBe(true);
  },
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = emptyStory('No benchmarks yet');
