import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';
import { endpointDownStory, expectPageTitle, loadingStory, pageShowsStory } from './story-checks.ts';

const setting = fixtures.benchmarkSettings[0]!;
const title = `${setting.ml_model_name} benchmarks on ${setting.hardware_config.count}x ${setting.hardware_config.name}`;

const meta = {
  title: 'Web/Pages/Benchmark setting',
  ...pageStoryMeta(`/single-benchmarks/${setting.id}`),
} satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = pageShowsStory(title);

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...endpointDownStory('getSetting') };

/** A setting whose benchmarks were all deleted. */
export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty() } },
  play: async ({ canvasElement }) => {
    await expectPageTitle(canvasElement, title);
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'No benchmarks under this setting' }),
    ).toBeVisible();
  },
};
