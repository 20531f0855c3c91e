import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { messages } from '@mako/fixtures';
import { GoogleButton } from '../google-button';
import { expectFitsPhone } from '../../../test/story-kit';
import { expectBusy } from '../../../test/story-kit-parts';
import { HomeScreen } from './home-screen';

const onGoogle = fn();

const meta = preview.meta({
  title: 'Screens/Home/HomeScreen',
  component: HomeScreen,
  parameters: { padded: false },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  args: {
    onSignUp: fn(),
    onMagicLink: fn(),
    onPasswordLogin: fn(),
    onTabChange: fn(),
    termsOfServiceUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
    googleClientId: 'client-123.apps.googleusercontent.com',
    googleButton: <GoogleButton onClick={onGoogle} />,
  },
});

export const SignUp = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the promise and three proof points with numbers', async () => {
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
        'Find the fastest way to serve your model',
      );
      const about = canvas.getByRole('region', { name: 'Why MakoOptimize' });
      await expect(within(about).getAllByRole('term')).toHaveLength(3);
      for (const term of within(about).getAllByRole('term')) await expect(term.textContent).toMatch(/\d/);
    });
    await step('the Sign up tab is open with the form, Google and the terms line', async () => {
      await expect(canvas.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
      const panel = canvas.getByRole('tabpanel');
      await expect(within(panel).getByLabelText('E-mail')).toHaveAttribute('placeholder', '{email}');
      await expect(within(panel).getByRole('button', { name: 'Sign up with Google' })).toBeVisible();
      await expect(within(panel).getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('target', '_blank');
    });
    await step('signing up reports the e-mail', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), 'ada@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
      await expect(args.onSignUp).toHaveBeenCalledWith('ada@example.com');
      await expect(args.onMagicLink).not.toHaveBeenCalled();
    });
    await step('the Google button is the slot the app supplied', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sign up with Google' }));
      await expect(onGoogle).toHaveBeenCalledTimes(1);
    });
  },
});

export const SigningUp = meta.story({
  args: { signUp: { busy: true } },
  play: async ({ canvas, args, userEvent }) => {
    await expectBusy(canvas.getByRole('button', { name: 'Sign up' }), userEvent, args.onSignUp);
  },
});

export const SignUpError = meta.story({
  args: { signUp: { error: 'Failed to send verification email' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to send verification email');
  },
});

export const SignUpSuccess = meta.story({
  tags: ['visual'],
  args: { signUp: { successMessage: messages.verificationSent } },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('tabpanel');
    await expect(within(panel).getByRole('status')).toHaveTextContent(messages.verificationSent);
    await expect(within(panel).queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  },
});

export const WithoutGoogle = meta.story({
  args: { googleClientId: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  },
});

export const LogInWithMagicLink = meta.story({
  tags: ['visual'],
  args: { defaultTab: 'log-in' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the Log in tab offers the login link first', async () => {
      await expect(canvas.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('button', { name: 'Email me a login link' })).toBeVisible();
    });
    await step('asking for a link reports the e-mail', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), 'grace@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Email me a login link' }));
      await expect(args.onMagicLink).toHaveBeenCalledWith('grace@example.com');
      await expect(args.onSignUp).not.toHaveBeenCalled();
    });
  },
});

export const SwitchingTabsAndMethods = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the tabs switch and report the choice', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Log in' }));
      await expect(args.onTabChange).toHaveBeenCalledWith('log-in');
    });
    await step('a returning user can use a password instead', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Log in with your password' }));
      await userEvent.type(canvas.getByLabelText('E-mail'), 'ada@example.com');
      await userEvent.type(canvas.getByLabelText('Password'), 's3cret!');
      await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
      await expect(args.onPasswordLogin).toHaveBeenCalledWith({ username: 'ada@example.com', password: 's3cret!' });
    });
    await step('and switch back to the login link', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Email me a login link instead' }));
      await expect(canvas.getByRole('button', { name: 'Email me a login link' })).toBeVisible();
      await expect(canvas.queryByLabelText('Password')).not.toBeInTheDocument();
    });
  },
});

export const MagicLinkSent = meta.story({
  args: { defaultTab: 'log-in', magicLink: { successMessage: 'Check your inbox: we sent a login link.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Check your inbox: we sent a login link.');
    await expect(canvas.queryByRole('button', { name: 'Email me a login link' })).not.toBeInTheDocument();
  },
});

export const MagicLinkFailed = meta.story({
  args: { defaultTab: 'log-in', magicLink: { error: 'Failed to send magic link' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to send magic link');
  },
});

export const PasswordLoginFailed = meta.story({
  tags: ['visual'],
  args: { defaultTab: 'log-in', defaultLoginMethod: 'password', passwordLogin: { error: 'Login failed' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Password')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Login failed');
  },
});

export const PasswordLoggingIn = meta.story({
  args: { defaultTab: 'log-in', defaultLoginMethod: 'password', passwordLogin: { busy: true } },
  play: async ({ canvas, args, userEvent }) => {
    await expectBusy(canvas.getByRole('button', { name: 'Log in' }), userEvent, args.onPasswordLogin);
  },
});

export const ControlledTab = meta.story({
  args: { tab: 'log-in' },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Sign up' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('sign-up');
    // Controlled: the app decides; until it passes tab="sign-up" the Log in tab stays open.
    await expect(canvas.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark', viewport: { value: 'desktop1280', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Sign up' })).toBeVisible();
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvas, canvasElement, step, userEvent }) => {
    await step('the layout stacks and fits 375 px', async () => {
      await expectFitsPhone(canvasElement);
      await expect(canvas.getByRole('button', { name: 'Sign up' }).getBoundingClientRect().right).toBeLessThanOrEqual(
        375,
      );
    });
    await step('the form works on a phone', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), 'nope');
      await userEvent.tab();
      await expect(canvas.getByText('Invalid email address')).toBeVisible();
    });
  },
});

export const MobileDark = meta.story({
  globals: { theme: 'dark', viewport: { value: 'mobile375', isRotated: false } },
  args: { defaultTab: 'log-in' },
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
  },
});
