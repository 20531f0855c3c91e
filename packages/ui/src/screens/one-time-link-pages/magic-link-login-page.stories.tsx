import preview from '../../../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { phoneStory, routerLinkStub } from '../../../test/story-kit';
import { expectOutcomeLeadsOn } from '../../../test/story-kit-screens';
import { MagicLinkLoginPage } from './token-pages';

const { navigate, clearNavigate, RouterLink: routerLink } = routerLinkStub();

const meta = preview.meta({
  title: 'Screens/Auth/MagicLinkLoginPage',
  component: MagicLinkLoginPage,
  parameters: { padded: false },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  args: { token: 'mlt_8a1d', status: 'verifying' as const, renderLink: routerLink },
  beforeEach: clearNavigate,
});

export const SigningIn = meta.story({
  tags: ['visual'],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Signing you in…' })).toBeVisible();
    await expect(canvas.getByRole('status').querySelector('[data-spinner]')).not.toBeNull();
  },
});

export const Success = meta.story({
  args: { status: 'success', continueHref: '/tuning-sessions' },
  play: async ({ canvas, step, userEvent }) => {
    await step('signed in, with the way on to the redirect target', async () => {
      await waitFor(() => expect(canvas.getByRole('status').parentElement).toHaveFocus());
      await expectOutcomeLeadsOn(
        { canvas, user: userEvent, navigate },
        { heading: 'You are signed in', link: 'Continue', href: '/tuning-sessions' },
      );
    });
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  args: { status: 'error', error: '' },
  play: async ({ canvas, step, userEvent }) => {
    await step("an empty message falls back to 'Login failed'", async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Login failed');
    });
    await step('Go back to Home goes to /', () =>
      expectOutcomeLeadsOn(
        { canvas, user: userEvent, navigate },
        { heading: 'We could not sign you in', link: 'Go back to Home', href: '/' },
      ),
    );
  },
});

export const MissingToken = meta.story({
  args: { token: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Token is required' })).toBeVisible();
    await expect(canvas.queryByText('Signing you in…')).not.toBeInTheDocument();
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark', viewport: { value: 'desktop1280', isRotated: false } },
  args: { status: 'error', error: 'Invalid or expired login token' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid or expired login token');
  },
});

export const Mobile = meta.story({ tags: ['visual'], ...phoneStory() });
