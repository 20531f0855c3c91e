import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, endpointDownStory, expectPageTitle, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Search benchmarks', ...pageStoryMeta('/benchmarks') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = pageShowsStory('Search benchmarks', async (canvas) => {
  const model = fixtures.benchmarks[0]!.setting.ml_model_name.split('/').pop() ?? '';
  await waitFor(() => expect(canvas.getAllByText(model, { exact: false }).length).toBeGreaterThan(0));
});

/** Filters in the address are the search: the hardware filter narrows the results to it. */
export const FilteredByAddress: Story = {
  args: { path: '/benchmarks?hardware_name=MI300X&limit=oops' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPageTitle(canvasElement, 'Search benchmarks');
    await expect(await canvas.findByDisplayValue('MI300X')).toBeVisible();
  },
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...endpointDownStory('searchBenchmarks') };

export const Empty: Story = emptyStory('No benchmarks match these filters');
