import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';
import { expectPageTitle, failedStory, loadingStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Tuning sessions', ...pageStoryMeta('/tuning-sessions') } satisfies Meta<
  typeof AppStory
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement, step }) => {
    await step("the shell's title is 'Tuning sessions'", async () => {
      await expectPageTitle(canvasElement, 'Tuning sessions');
    });
    await step("the user's sessions are listed, each linking to its page", async () => {
      const session = fixtures.sessions[0]!;
      const links = await within(canvasElement).findAllByRole('link', { name: session.setting.ml_model_name });
      await expect(links.some((link) => link.getAttribute('href') === `/tuning-sessions/${session.id}`)).toBe(true);
    });
  },
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Internal Server Error', 'Internal Server Error') };

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No tuning sessions yet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create your first session' })).toBeVisible();
  },
};
