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

/** Two of the setting's benchmarks ticked: Compare opens the comparison page with both. */
export const CompareTwo: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Benchmarks of this setting' }, { timeout: 15_000 });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Compare benchmark #1' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Compare benchmark #2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Compare' }));
    await expectPageTitle(canvasElement, 'Compare benchmarks');
    await expect(await canvas.findByRole('table', { name: 'Metrics' }, { timeout: 15_000 })).toBeVisible();
  },
};
