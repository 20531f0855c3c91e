import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { darkThemeStory, phoneStory, routerLinkStub } from '../../../test/story-kit';
import { expectOutcomeLeadsOn, expectPageTitle } from '../../../test/story-kit-screens';
import { PaymentCancelledPage } from './payment-result';

const { navigate, clearNavigate, RouterLink: routerLink } = routerLinkStub();

const meta = preview.meta({
  title: 'Screens/Subscription/PaymentCancelledPage',
  component: PaymentCancelledPage,
  args: { currentPlanName: 'Free', contactUsUrl: 'https://example.com/contact' },
  beforeEach: clearNavigate,
});

export const Cancelled = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step("the title is 'Payment Cancelled' and says nothing changed", async () => {
      await expectPageTitle(canvas, 'Payment Cancelled');
      await expect(
        canvas.getByText(/No payment was taken and your plan has not changed: you are still on Free/),
      ).toBeVisible();
    });
    await step('next steps, with the contact link opening in a new tab', async () => {
      await expect(canvas.getByRole('list', { name: 'Next steps' }).children).toHaveLength(3);
      const contact = canvas.getByRole('link', { name: /Contact us/ });
      await expect(contact).toHaveAttribute('href', 'https://example.com/contact');
      await expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    });
    await step('the way back leads to the plans', async () => {
      await expect(canvas.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/subscription/');
      await expect(canvas.getByRole('link', { name: 'Go to Getting started' })).toHaveAttribute(
        'href',
        '/getting-started/',
      );
    });
  },
});

export const WithRouterLink = meta.story({
  args: { renderLink: routerLink, links: { subscription: '/app/subscription/' } },
  play: ({ canvas, userEvent }) =>
    expectOutcomeLeadsOn(
      { canvas, user: userEvent, navigate },
      { heading: 'Payment Cancelled', link: 'Back to plans', href: '/app/subscription/' },
    ),
});

export const WithoutDetails = meta.story({
  args: { currentPlanName: undefined, contactUsUrl: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No payment was taken and your plan has not changed.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /Contact us/ })).not.toBeInTheDocument();
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: 'Payment Cancelled' })),
});

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });
