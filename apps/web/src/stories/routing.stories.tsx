import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { errorResponse, mockEndpoint, mockError } from '@mako/api-client/mocks';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';

/** Routing rules of SPEC §2 and the 401 handling of §8, in the routed app with mocked API answers. */
const meta = { title: 'Web/Routing', ...pageStoryMeta('/') } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownPath: Story = {
  args: { path: '/no/such/page', signedIn: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: '404 - Not Found' })).toBeVisible();
    await expect(canvas.getByText('The page you are looking for does not exist.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('404 - Not Found'));
  },
};

export const VerifyEmailWithoutToken: Story = {
  args: { path: '/verify-email', signedIn: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Token is required' })).toBeVisible();
  },
};

export const MagicLinkWithEmptyToken: Story = {
  args: { path: '/magic-link-login?token=', signedIn: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Token is required' })).toBeVisible();
  },
};

/** An app page while signed out: the login page, remembering where the visitor wanted to go. */
export const SignedOutDeepLink: Story = {
  args: { path: '/benchmarks', signedIn: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    await expect(document.title).toBe('MakoOptimize');
  },
};

/** A query answered 401: the toast of SPEC §8, the token dropped, and the login page with redirect. */
export const Unauthorized: Story = {
  args: { path: '/tokens' },
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('listApiTokens', () => errorResponse(401, 'Could not validate credentials')),
        ...scenarios.success(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await screen.findByText('Unauthorized, please login again', {}, { timeout: 5_000 })).toBeVisible();
    await expect(await within(canvasElement).findByRole('tab', { name: 'Log in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(localStorage.getItem('access_token')).toBeNull();
  },
};

/** A verification link: registered, signed in, and on to /getting-started. */
export const VerifyEmailRegisters: Story = {
  args: { path: '/verify-email?token=verification-token', signedIn: false },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole(
        'heading',
        { level: 1, name: 'Get started with MakoOptimize' },
        { timeout: 5_000 },
      ),
    ).toBeVisible();
    await expect(localStorage.getItem('access_token')).not.toBeNull();
  },
};

export const VerifyEmailExpired: Story = {
  args: { path: '/verify-email?token=used-token', signedIn: false },
  parameters: {
    msw: {
      handlers: [
        mockError('register', 400, 'This verification link is invalid or has expired'),
        ...scenarios.success(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
    await expect(canvas.getByText('This verification link is invalid or has expired')).toBeVisible();
    await expect(localStorage.getItem('access_token')).toBeNull();
  },
};

export const MagicLinkSignsIn: Story = {
  args: { path: '/magic-link-login?token=magic-token', signedIn: false },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: /Account menu for/ }, { timeout: 5_000 }),
    ).toBeVisible();
  },
};
