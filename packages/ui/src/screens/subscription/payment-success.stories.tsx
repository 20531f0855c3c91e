import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { darkThemeStory, expectFailureWithRetry, phoneStory, routerLinkStub } from '../../../test/story-kit';
import { expectOutcomeLeadsOn, expectPageTitle } from '../../../test/story-kit-screens';
import { PaymentSuccessPage } from './payment-result';

const { navigate, clearNavigate, RouterLink: routerLink } = routerLinkStub();

const meta = preview.meta({
  title: 'Screens/Subscription/PaymentSuccessPage',
  component: PaymentSuccessPage,
  args: { onRetry: fn() },
  beforeEach: clearNavigate,
});

export const Success = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('the title is the spec’s, word for word', () =>
      expectPageTitle(canvas, 'Payment Successful - Welcome to Pro!'),
    );
    await step('next steps, and links on to sessions, tokens and the plan', async () => {
      await expect(canvas.getByRole('list', { name: 'Next steps' }).children).toHaveLength(3);
      await expect(canvas.getByRole('link', { name: 'Start a tuning session' })).toHaveAttribute(
        'href',
        '/tuning-sessions',
      );
      await expect(canvas.getByRole('link', { name: 'Create an API token' })).toHaveAttribute('href', '/tokens/');
      await expect(canvas.getByRole('link', { name: 'Back to your plan' })).toHaveAttribute('href', '/subscription/');
    });
  },
});

export const WithRouterLink = meta.story({
  args: { renderLink: routerLink, planName: 'Pro (yearly)' },
  play: async ({ canvas, step, userEvent }) => {
    await step('the app’s links receive the clicks', () =>
      expectOutcomeLeadsOn(
        { canvas, user: userEvent, navigate },
        { heading: 'Payment Successful - Welcome to Pro!', link: 'Back to your plan', href: '/subscription/' },
      ),
    );
    await step('the plan name appears in the text; the title stays the spec’s', async () => {
      await expect(canvas.getByText(/Your Pro \(yearly\) plan is active now/)).toBeVisible();
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful - Welcome to Pro!');
    });
  },
});

export const Confirming = meta.story({
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Confirming your payment');
    await expect(canvas.queryByRole('heading', { name: /Payment Successful/ })).not.toBeInTheDocument();
  },
});

const NOT_PAID = { statusText: 'Bad Request', detail: 'Checkout session is not paid' };

export const ConfirmFailed = meta.story({
  tags: ['visual'],
  args: { error: NOT_PAID },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('nothing is claimed while the payment is not confirmed', async () => {
      await expect(canvas.queryByRole('heading', { name: /Payment Successful/ })).not.toBeInTheDocument();
    });
    await expectFailureWithRetry(canvas, userEvent, args.onRetry, NOT_PAID, step);
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: 'Payment Successful - Welcome to Pro!' })),
});

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });
