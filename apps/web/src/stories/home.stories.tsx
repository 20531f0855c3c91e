import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { fixtures, mockEndpoint, mockError } from '@mako/api-client/mocks';
import type { GoogleIdentity } from '../components/google-sign-in.tsx';
import { pageStoryMeta, scenarios, type AppStory } from './app-story.tsx';

const meta = { title: 'Web/Pages/Home', ...pageStoryMeta('/', { signedIn: false }) } satisfies Meta<typeof AppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignUp: Story = {
  play: async ({ canvasElement, step, userEvent }) => {
    const canvas = within(canvasElement);
    await step('the sign-up form links the terms from the site settings', async () => {
      const terms = await canvas.findByRole('link', { name: /Terms of Service/ });
      await expect(terms).toHaveAttribute('href', fixtures.settings.page_urls.terms_of_service);
      await expect(terms).toHaveAttribute('target', '_blank');
    });
    await step('signing up shows the server message in place of the form', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), 'grace@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
      await expect(await canvas.findByText(fixtures.messages.verificationSent)).toBeVisible();
      await expect(canvas.queryByRole('button', { name: 'Sign up' })).toBeNull();
    });
  },
};

/** No google_client_id in the settings: no Google button. */
export const WithoutGoogle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Sign up' });
    await expect(canvas.queryByTestId('google-sign-in')).toBeNull();
  },
};

export const SignUpFails: Story = {
  parameters: {
    msw: {
      handlers: [
        mockError('sendVerificationEmail', 429, 'Too many requests, please try again in a minute'),
        ...scenarios.success(),
      ],
    },
  },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('E-mail'), 'grace@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
    await expect(await canvas.findByText('Too many requests, please try again in a minute')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  },
};

/** The settings could not be loaded: nothing can work, and the page says why. */
export const SettingsUnavailable: Story = {
  parameters: { msw: { handlers: [mockError('getSettings', 503, 'Database unavailable'), ...scenarios.success()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Something went wrong: Service Unavailable', {}, { timeout: 5_000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Database unavailable')).toBeVisible();
  },
};

/**
 * Stands in for Google Identity Services (no network in tests): its button hands the callback the
 * given credential, or none, as Google does when the widget fails.
 */
function fakeGoogle(credential: string | undefined): GoogleIdentity {
  let callback: (response: { credential?: string }) => void = () => undefined;
  return {
    accounts: {
      id: {
        initialize: (config) => {
          callback = config.callback;
        },
        renderButton: (parent) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Continue with Google';
          button.addEventListener('click', () => callback({ credential }));
          parent.append(button);
        },
      },
    },
  };
}

/** A beforeEach: the fake widget is there for the story and gone after it. */
const withFakeGoogle = (credential: string | undefined) => () => {
  window.google = fakeGoogle(credential);
  return () => {
    delete window.google;
  };
};

const withGoogleSettings = mockEndpoint('getSettings', () => fixtures.settingsWithGoogle);

export const GoogleLoginFails: Story = {
  parameters: {
    msw: {
      handlers: [
        withGoogleSettings,
        mockError('loginGoogle', 400, 'Invalid Google credential'),
        ...scenarios.success(),
      ],
    },
  },
  beforeEach: withFakeGoogle('google-id-token'),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Continue with Google' }));
    await expect(await screen.findByText('Failed to login with Google: Invalid Google credential')).toBeVisible();
    await expect(localStorage.getItem('access_token')).toBeNull();
  },
};

export const GoogleWidgetFails: Story = {
  parameters: { msw: { handlers: [withGoogleSettings, ...scenarios.success()] } },
  beforeEach: withFakeGoogle(undefined),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Continue with Google' }));
    await expect(await screen.findByText('Failed to login with Google, please try again later.')).toBeVisible();
  },
};

export const GoogleLoginSucceeds: Story = {
  parameters: { msw: { handlers: [withGoogleSettings, ...scenarios.success()] } },
  beforeEach: withFakeGoogle('google-id-token'),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(localStorage.getItem('access_token')).not.toBeNull());
    await expect(
      await within(canvasElement).findByRole('button', { name: /Account menu for/ }, { timeout: 5_000 }),
    ).toBeVisible();
  },
};
