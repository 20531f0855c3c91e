import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';
import { endpointDownStory, expectPageTitle, loadingStory, pageShowsStory } from './story-checks.ts';

const best = fixtures.bestBenchmarkReport.best.setting;
const chosen = `/best-setup-report?model_name=${encodeURIComponent(best.ml_model_name)}&hardware_name=${encodeURIComponent(best.hardware_config.name)}&objective=${fixtures.bestBenchmarkReport.objective}`;

const meta = { title: 'Web/Pages/Best-setup report', ...pageStoryMeta(chosen) } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Model, hardware and objective from the address: the winning setup with its launch command. */
export const Success: Story = pageShowsStory('Best-setup report', async (canvas) => {
  await expect(await canvas.findByText(fixtures.bestBenchmarkReport.launch_command)).toBeVisible();
});

/** Nothing chosen yet: the three selects and no report. */
export const NothingChosen: Story = {
  args: { path: '/best-setup-report' },
  ...pageShowsStory('Best-setup report', async (canvas) => {
    await expect(await canvas.findByRole('heading', { name: 'Choose a model, hardware and objective' })).toBeVisible();
  }),
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...endpointDownStory('bestBenchmarkReport') };

/** Nothing is benchmarked for the choice (the API's 404): said plainly, not as a failure. */
export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty() } },
  play: async ({ canvasElement }) => {
    await expectPageTitle(canvasElement, 'Best-setup report');
    await expect(
      await within(canvasElement).findByRole('heading', {
        name: `Nothing benchmarked for ${best.ml_model_name} on ${best.hardware_config.name} yet`,
      }),
    ).toBeVisible();
    await expect(within(canvasElement).queryByText(/Something went wrong/)).toBeNull();
  },
};
