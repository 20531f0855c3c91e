import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';
import { endpointDownStory, expectPageTitle, loadingStory } from './story-checks.ts';

const session = fixtures.runningSession;
const title = `${session.setting.ml_model_name} tuning session on ${session.setting.hardware_config.count}x ${session.setting.hardware_config.name}`;

const meta = { title: 'Web/Pages/Tuning session', ...pageStoryMeta(`/tuning-sessions/${session.id}`) } satisfies Meta<
  typeof AppStory
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement, step }) => {
    await expectPageTitle(canvasElement, title);
    await step("why it wins: the server's flag importance, most important first", async () => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: 'Why it wins' })).toBeVisible();
      const rows = within(await canvas.findByRole('list', { name: 'Flag importance' })).getAllByRole('listitem');
      const expected = fixtures.insightsBySession[session.id]!.importance;
      expect(rows.map((row) => row.textContent)).toEqual(
        expected.map((item) => `${item.flag}${Math.round(item.importance * 100)} %`),
      );
      // Its two failures (an OOM and a crash) share no flags: no region is claimed.
      expect(canvas.getByText('None learned: the 2 failures so far follow no pattern of flags.')).toBeVisible();
    });
  },
};

export const Loading: Story = loadingStory();

/** The server failed: a 404 would be the not-found view instead (see UnknownSession). */
export const Failure: Story = { name: 'Error', ...endpointDownStory('getSession') };

/** A session without results yet: the title is there and the results say so. */
export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty() } },
  play: async ({ canvasElement }) => {
    const fresh = fixtures.pendingSession;
    await expectPageTitle(
      canvasElement,
      `${fresh.setting.ml_model_name} tuning session on ${fresh.setting.hardware_config.count}x ${fresh.setting.hardware_config.name}`,
    );
    await expect(await within(canvasElement).findByRole('heading', { name: 'No results yet' })).toBeVisible();
  },
};

export const UnknownSession: Story = {
  args: { path: '/tuning-sessions/00000000-0000-4000-8000-00000000dead' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not Found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'All tuning sessions' })).toHaveAttribute('href', '/tuning-sessions');
  },
};

/** Two measured trials ticked: Compare opens their benchmarks side by side. */
export const CompareTrials: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Trial results' }, { timeout: 15_000 });
    const measured = (await within(table).findAllByRole('checkbox')).filter(
      (box) => !(box as HTMLInputElement).disabled,
    );
    expect(measured.length).toBeGreaterThanOrEqual(2);
    await userEvent.click(measured[0]!);
    await userEvent.click(measured[1]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Compare' }));
    await expectPageTitle(canvasElement, 'Compare benchmarks');
    await expect(await canvas.findByRole('table', { name: 'Metrics' }, { timeout: 15_000 })).toBeVisible();
  },
};
