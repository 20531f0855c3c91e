import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@mako/api-client/mocks';
import { pageStoryMeta, type AppStory } from './app-story.tsx';
import { emptyStory, failedStory, loadingStory, pageShowsStory } from './story-checks.ts';

const meta = { title: 'Web/Pages/Subscription', ...pageStoryMeta('/subscription') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = pageShowsStory('Subscription - Choose Your Plan', async (canvas) => {
  for (const plan of fixtures.plans) {
    await expect(await canvas.findByRole('list', { name: `${plan.name} features` })).toBeVisible();
  }
});

export const Loading: Story = loadingStory();

export const Failure: Story = { name: 'Error', ...failedStory('Service Unavailable', 'Service Unavailable') };

export const Empty: Story = emptyStory('No plans are on offer right now');

/** Back from the payment provider: the checkout is confirmed before anything is claimed. */
export const PaymentSuccess: Story = {
  args: { path: `/subscription/success?session_id=${fixtures.checkoutSession.id}` },
  ...pageShowsStory('Payment Successful - Welcome to Pro!', async (canvas) => {
    await expect(
      (await canvas.findAllByText(fixtures.proSubscription.plan.name, { exact: false })).length,
    ).toBeGreaterThan(0);
  }),
};

export const PaymentCancelled: Story = {
  args: { path: '/subscription/cancel' },
  ...pageShowsStory('Payment Cancelled'),
};

/** The payment pages need a signed-in user; anyone else logs in first and comes back. */
export const PaymentSuccessSignedOut: Story = {
  args: { path: '/subscription/success?session_id=cs_1', signedIn: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('tab', { name: 'Log in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
