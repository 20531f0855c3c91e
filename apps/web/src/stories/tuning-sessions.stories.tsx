import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { endpointMocks, fixtures, mockEndpoint, readJson } from '@mako/api-client/mocks';
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

/** The bodies POST /tuning/session received in this story, answered as the mock API answers them. */
const createBodies: unknown[] = [];
const recordCreate = mockEndpoint('createSession', async (info) => {
  createBodies.push(await readJson(info.request.clone()));
  return endpointMocks.createSession.success(info);
});

export const CreateMultiObjective: Story = {
  parameters: { msw: { handlers: [recordCreate, ...scenarios.success()] } },
  play: async ({ canvasElement, step, userEvent }) => {
    createBodies.length = 0;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New tuning session' }));
    const form = within(await screen.findByRole('dialog', { name: 'New tuning session' }));
    await step('a two-objective session from the dialog', async () => {
      await userEvent.type(await form.findByRole('textbox', { name: 'Model' }), 'meta-llama/Llama-3.1-8B-Instruct');
      await userEvent.type(form.getByRole('textbox', { name: 'Hardware' }), 'H100');
      await userEvent.selectOptions(
        form.getByRole('combobox', { name: 'Objective metric' }),
        'output_throughput_per_gpu',
      );
      await userEvent.click(form.getByRole('button', { name: 'Add an objective' }));
      await expect(form.getByRole('combobox', { name: 'Objective 2 metric' })).toHaveValue(
        'output_throughput_per_user',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
    });
    await step('the API gets both objectives; the dialog closes on its answer', async () => {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New tuning session' })).not.toBeInTheDocument());
      await expect(createBodies).toEqual([
        expect.objectContaining({
          objective: { metric: 'output_throughput_per_gpu', direction: 'maximize' },
          objectives: [
            { metric: 'output_throughput_per_gpu', direction: 'maximize' },
            { metric: 'output_throughput_per_user', direction: 'maximize' },
          ],
        }),
      ]);
      await expect(createBodies[0]).not.toHaveProperty('confirm');
    });
  },
};
