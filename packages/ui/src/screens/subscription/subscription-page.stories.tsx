import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { darkThemeStory, failedLoadStory, inAppShellStory, phoneStory } from '../../../test/story-kit';
import { expectClickReportsOnce, loadingStory } from '../../../test/story-kit-screens';
import { expectBusy } from '../../../test/story-kit-parts';
import { FREE_SUBSCRIPTION, NOW, PLANS, PRO_CANCELED, PRO_PAST_DUE } from './subscription.fixtures';
import { SUBSCRIPTION_TITLE, SubscriptionPage } from './subscription-page';

const meta = preview.meta({
  title: 'Screens/Subscription/SubscriptionPage',
  component: SubscriptionPage,
  args: { plans: PLANS, subscription: FREE_SUBSCRIPTION, now: NOW, onChoose: fn(), onRetry: fn() },
});

const planCard = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('region', { name: new RegExp(`^${name}`) });

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('prices in whole USD per month, and Contact us without a price', async () => {
      await expect(within(planCard(canvasElement, 'Free')).getByText('$0')).toBeVisible();
      await expect(within(planCard(canvasElement, 'Pro')).getByText('$49')).toBeVisible();
      await expect(within(planCard(canvasElement, 'Pro')).getByText('/month')).toBeVisible();
      const enterprise = within(planCard(canvasElement, 'Enterprise'));
      await expect(enterprise.queryByText('/month')).not.toBeInTheDocument();
      await expect(enterprise.getAllByText('Contact us').length).toBeGreaterThan(0);
    });
    await step('the current plan is marked in words and with the accent frame', async () => {
      const free = planCard(canvasElement, 'Free');
      await expect(within(free).getByText('Current plan')).toBeVisible();
      await expect(within(free).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
      await expect(free).toHaveAttribute('data-current', 'true');
      await expect(getComputedStyle(free).borderTopColor).not.toBe(
        getComputedStyle(planCard(canvasElement, 'Pro')).borderTopColor,
      );
      await expect(canvas.getAllByText('Current plan')).toHaveLength(1);
    });
    await step('features and limits are listed, unlimited in words', async () => {
      const pro = within(planCard(canvasElement, 'Pro'));
      await expect(pro.getByRole('list', { name: 'Pro features' })).toHaveTextContent(
        'Best-setup reports with launch commands',
      );
      await expect(pro.getByRole('list', { name: 'Pro limits' })).toHaveTextContent('Up to 5 active tuning sessions');
      await expect(pro.getByRole('list', { name: 'Pro limits' })).toHaveTextContent('Up to 500 trials per session');
      await expect(
        within(planCard(canvasElement, 'Free')).getByRole('list', { name: 'Free limits' }),
      ).toHaveTextContent('Up to 1 active tuning session');
      await expect(
        within(planCard(canvasElement, 'Enterprise')).getByRole('list', { name: 'Enterprise limits' }),
      ).toHaveTextContent('Unlimited active tuning sessions');
    });
  },
});

export const ChoosePlan = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('Choose Pro calls onChoose with the plan id', async () => {
      await expectClickReportsOnce(canvas.getByRole('button', { name: 'Choose Pro' }), userEvent, args.onChoose, 'pro');
    });
    await step('without a contact URL, Contact us reports the plan too', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Contact us' }));
      await expect(args.onChoose).toHaveBeenLastCalledWith('enterprise');
    });
  },
});

export const ContactUsLink = meta.story({
  args: { contactUsUrl: 'https://example.com/contact' },
  play: async ({ canvasElement, args }) => {
    const link = within(planCard(canvasElement, 'Enterprise')).getByRole('link', { name: /Contact us/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/contact');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(args.onChoose).not.toHaveBeenCalled();
  },
});

export const Choosing = meta.story({
  tags: ['visual'],
  args: { choosingPlanId: 'pro' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the chosen plan spins and the others wait', async () => {
      await expect(canvas.getByRole('button', { name: 'Contact us' })).toBeDisabled();
      await expectBusy(canvas.getByRole('button', { name: 'Choose Pro' }), userEvent, args.onChoose);
    });
  },
});

export const ChooseFailed = meta.story({
  args: { chooseError: 'Something went wrong: Bad Request' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('an old failure is not shown before the user chooses', async () => {
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    });
    await step('after choosing, the failure shows above the plans', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Choose Pro' }));
      await expect(args.onChoose).toHaveBeenCalledWith('pro');
      await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong: Bad Request');
    });
  },
});

export const PriceFormat = meta.story({
  args: { plans: PLANS.map((plan) => (plan.id === 'pro' ? { ...plan, price_usd_month: 1299 } : plan)) },
  play: async ({ canvasElement }) => {
    await expect(within(planCard(canvasElement, 'Pro')).getByText('$1,299')).toBeVisible();
  },
});

export const PastDue = meta.story({
  args: { subscription: PRO_PAST_DUE },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your last payment did not go through');
    await expect(within(planCard(canvasElement, 'Pro')).getByText('Current plan')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose Free' })).toBeEnabled();
  },
});

export const Canceled = meta.story({
  args: { subscription: PRO_CANCELED },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your Pro plan is canceled')).toBeVisible();
    await expect(canvas.getByText('in 14 d')).toBeVisible();
    await expect(canvas.queryByText('Current plan')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
  },
});

export const Loading = meta.story(
  loadingStory({ plans: undefined, isLoading: true }, 'Loading plans', (canvas) =>
    expect(canvas.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument(),
  ),
);

export const Empty = meta.story({
  tags: ['visual'],
  args: { plans: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No plans are on offer right now' })).toBeVisible();
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedLoadStory({
    plans: undefined,
    error: { statusText: 'Service Unavailable', detail: 'Billing is being upgraded' },
  }),
});

export const Dark = meta.story({ tags: ['visual'], ...darkThemeStory((canvas) => canvas.getByText('Current plan')) });

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });

export const InAppShell = meta.story(
  inAppShellStory(SubscriptionPage, {
    title: SUBSCRIPTION_TITLE,
    currentPath: '/subscription/',
    heading: 'Subscription - Choose Your Plan',
  }),
);
