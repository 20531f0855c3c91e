import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fixtures, mockError } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';
import { expectPageTitle, expectRequestError } from './story-checks.ts';

const onHardware = ({ ml_model_name, hardware_config }: (typeof fixtures.benchmarkSettings)[number]) =>
  `${ml_model_name} benchmarks on ${hardware_config.count}x ${hardware_config.name}`;

const publicSetting = fixtures.runningSession.setting;
const publishedBenchmark = fixtures.benchmarks.find((b) => b.published && b.setting.id === publicSetting.id)!;
const privateBenchmark = fixtures.benchmarks.find((b) => !b.published)!;
const sharedSession = fixtures.completeSession;

const meta = {
  title: 'Web/Pages/Share pages',
  ...pageStoryMeta(`/share/settings/${publicSetting.id}`, { signedIn: false }),
} satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor gets the page without the app: no navigation, no owner's buttons, a way to sign in. */
async function expectPublicFrame(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  await expect(canvas.getByRole('link', { name: 'Try MakoOptimize' })).toHaveAttribute('href', '/');
  await expect(canvas.queryByRole('navigation', { name: /main|primary/i })).toBeNull();
  await expect(canvas.queryByRole('link', { name: 'Tuning sessions' })).toBeNull();
  for (const name of [/^publish$/i, /^unpublish$/i, /^delete$/i, /compare/i, /share publicly/i, /stop sharing/i])
    await expect(canvas.queryByRole('button', { name })).toBeNull();
}

export const PublicSetting: Story = {
  play: async ({ canvasElement }) => {
    // The first story of the file also waits for the route's lazy chunk.
    await within(canvasElement).findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await expectPageTitle(canvasElement, onHardware(publicSetting));
    const published = fixtures.benchmarks.filter((b) => b.setting.id === publicSetting.id && b.published);
    await expect(
      await within(canvasElement).findByRole('heading', { name: `Benchmarks (${published.length})` }),
    ).toBeVisible();
    await expectPublicFrame(canvasElement);
  },
};

export const PublicBenchmark: Story = {
  args: { path: `/share/benchmarks/${publishedBenchmark.id}` },
  play: async ({ canvasElement }) => {
    const { ml_model_name, hardware_config } = publishedBenchmark.setting;
    await expectPageTitle(
      canvasElement,
      `${ml_model_name} benchmark on ${hardware_config.count}x ${hardware_config.name}`,
    );
    await expect(within(canvasElement).getByRole('heading', { name: 'Benchmarks (1)' })).toBeVisible();
    await expectPublicFrame(canvasElement);
  },
};

export const PublicSession: Story = {
  args: { path: `/share/tuning-sessions/${sharedSession.id}` },
  play: async ({ canvasElement }) => {
    const { ml_model_name, hardware_config } = sharedSession.setting;
    await expectPageTitle(
      canvasElement,
      `${ml_model_name} tuning session on ${hardware_config.count}x ${hardware_config.name}`,
    );
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Trial results' })).toBeVisible();
    // What the tuner's models say, read-only, as its owner sees it: the session ended with too few
    // successes for a model, and says so instead of promising one; the slices are there.
    await expect(canvas.getByRole('heading', { name: 'Why it wins' })).toBeVisible();
    await expect(
      canvas.getByText(
        'No explanation: the session ended with only 3 successful trials, fewer than the 6 the tuner needs to explain its choices.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Slices' })).toBeVisible();
    await expectPublicFrame(canvasElement);
  },
};

/** Private and missing look the same: nothing tells a visitor that the item exists. */
export const NotAvailable: Story = {
  args: { path: `/share/benchmarks/${privateBenchmark.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('This benchmark is not available. It may be private, no longer shared, or deleted.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to MakoOptimize' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('MakoOptimize'));
  },
};

/** A running session has no public page, even in its owner's browser. */
export const UnsharedSession: Story = {
  args: { path: `/share/tuning-sessions/${fixtures.runningSession.id}`, signedIn: true },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'This tuning session is not available. It may be private, no longer shared, or deleted.',
      ),
    ).toBeVisible();
  },
};

export const UnknownKind: Story = {
  args: { path: '/share/dashboards/anything' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'This page is not available. It may be private, no longer shared, or deleted.',
      ),
    ).toBeVisible();
  },
};

export const Failure: Story = {
  name: 'Error',
  parameters: { msw: { handlers: [mockError('publicSetting', 503, 'Database unavailable'), ...scenarios.success()] } },
  play: async ({ canvasElement }) => {
    await expectRequestError(canvasElement, 'Service Unavailable', 'Database unavailable');
    await expect(within(canvasElement).getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
};

/** The owner's session page: the public link of the shared session, and the switch that withdraws it. */
export const OwnerSharesSession: Story = {
  args: { path: `/tuning-sessions/${sharedSession.id}`, signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = await canvas.findByRole('textbox', { name: 'Public link' }, { timeout: 5_000 });
    await expect(link).toHaveValue(`${window.location.origin}/share/tuning-sessions/${sharedSession.id}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop sharing' }));
    await expect(await canvas.findByRole('button', { name: 'Share publicly' })).toBeEnabled();
    await expect(canvas.queryByRole('textbox', { name: 'Public link' })).toBeNull();
  },
};

export const OwnerCannotShareRunningSession: Story = {
  args: { path: `/tuning-sessions/${fixtures.runningSession.id}`, signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Share publicly' }, { timeout: 5_000 })).toBeDisabled();
  },
};

/** The owner's setting page: the public addresses of the shown benchmark and the setting. */
export const OwnerSettingShareLinks: Story = {
  args: { path: `/single-benchmarks/${publicSetting.id}?benchmark=${publishedBenchmark.id}`, signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('textbox', { name: 'Public page of this setting' }, { timeout: 5_000 }),
    ).toHaveValue(`${window.location.origin}/share/settings/${publicSetting.id}`);
    await expect(canvas.getByRole('textbox', { name: 'Public page of this benchmark' })).toHaveValue(
      `${window.location.origin}/share/benchmarks/${publishedBenchmark.id}`,
    );
  },
};
