import preview from '../../../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { darkThemeStory, phoneStory, routerLinkStub } from '../../../test/story-kit';
import { expectOutcomeLeadsOn } from '../../../test/story-kit-screens';
import { VerifyEmailPage } from './token-pages';

const { navigate, clearNavigate, RouterLink: routerLink } = routerLinkStub();

const meta = preview.meta({
  title: 'Screens/Auth/VerifyEmailPage',
  component: VerifyEmailPage,
  parameters: { padded: false },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  args: { token: 'evt_3f9c2a', status: 'verifying' as const },
  beforeEach: clearNavigate,
});

export const Verifying = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step("a spinner and 'Verifying your email…' inside the login layout", async () => {
      await expect(canvas.getByRole('heading', { name: 'Verifying your email…' })).toBeVisible();
      await expect(canvas.getByRole('status')).toHaveTextContent('One moment, checking your link.');
      await expect(canvas.getByRole('status').querySelector('[data-spinner]')).not.toBeNull();
      await expect(canvas.getByRole('region', { name: 'About MakoOptimize' })).toBeVisible();
    });
    await step('nothing to click while it runs', async () => {
      await expect(canvas.queryByRole('link', { name: /Home|Get started/ })).not.toBeInTheDocument();
    });
  },
});

export const Success = meta.story({
  tags: ['visual'],
  args: { status: 'success', renderLink: routerLink },
  play: async ({ canvas, step, userEvent }) => {
    await step('it says the address is verified and focuses the outcome', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Your account is ready.');
      await waitFor(() => expect(canvas.getByRole('status').parentElement).toHaveFocus());
    });
    await step('Get started leads on to /getting-started/', () =>
      expectOutcomeLeadsOn(
        { canvas, user: userEvent, navigate },
        { heading: 'Your email is verified', link: 'Get started', href: '/getting-started/' },
      ),
    );
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  args: { status: 'error', error: 'Invalid or expired verification token' },
  play: async ({ canvas, step }) => {
    await step("the server's message, what to do, and a link back home", async () => {
      await expect(canvas.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
      await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid or expired verification token');
      await expect(canvas.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
    });
  },
});

export const ErrorWithoutMessage = meta.story({
  args: { status: 'error', error: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Registration failed');
  },
});

export const MissingToken = meta.story({
  tags: ['visual'],
  args: { token: undefined, status: 'verifying' },
  play: async ({ canvas, step }) => {
    await step("no token: 'Token is required', whatever the status says", async () => {
      await expect(canvas.getByRole('heading', { name: 'Token is required' })).toBeVisible();
      await expect(canvas.queryByText('Verifying your email…')).not.toBeInTheDocument();
      await expect(canvas.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
    });
  },
});

export const EmptyToken = meta.story({
  args: { token: '', status: 'success' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Token is required' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  args: { status: 'success' },
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: 'Your email is verified' })),
});

export const Mobile = meta.story({
  tags: ['visual'],
  args: { status: 'error', error: 'Invalid or expired verification token' },
  ...phoneStory(),
});
