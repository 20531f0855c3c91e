import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { endpointDownStory, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Capacity planner', ...pageStoryMeta('/planner/') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form, a plan from the (mocked) API, and "Tune this" opening the new-session dialog prefilled. */
export const Success: Story = {
  play: async (context) => {
    await pageShowsStory('Capacity planner').play?.(context);
    const canvas = within(context.canvasElement);
    await context.userEvent.click(await canvas.findByRole('button', { name: 'Plan' }));
    await expect(await canvas.findByRole('table', { name: 'Candidates that meet the SLO' })).toBeVisible();
    await context.userEvent.click(canvas.getByRole('button', { name: 'Tune this: 1x B200 · TensorRT-LLM' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New tuning session' }));
    await expect(await dialog.findByRole('textbox', { name: 'Hardware' })).toHaveValue('B200');
    await expect(dialog.getByRole('combobox', { name: 'Runtime' })).toHaveValue('tensorrt-llm');
  },
};

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...endpointDownStory('plannerOptions') };
