import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { messages } from '@mako/fixtures';
import { GoogleButton } from '../google-button';
import { phoneStory, withMaxWidth } from '../../../test/story-kit';
import {
  expectClickReportsOnce,
  expectFormFailure,
  expectInvalidAddressOnBlur,
  expectSentConfirmation,
  expectSubmitBusy,
} from '../../../test/story-kit-screens';
import { expectBusy } from '../../../test/story-kit-parts';
import { SignUpForm } from './sign-up-form';

const meta = preview.meta({
  title: 'Screens/Home/SignUpForm',
  component: SignUpForm,
  args: {
    onSignUp: fn(),
    termsOfServiceUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
  },
  decorators: [withMaxWidth(400)],
});

export const Idle = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('the e-mail field is an email input with the literal {email} placeholder', async () => {
      const input = canvas.getByLabelText('E-mail');
      await expect(input).toHaveAttribute('type', 'email');
      await expect(input).toHaveAttribute('placeholder', '{email}');
    });
    await step('terms and privacy open in a new tab without an opener', async () => {
      const terms = canvas.getByRole('link', { name: /Terms of Service/ });
      const privacy = canvas.getByRole('link', { name: /Privacy Policy/ });
      await expect(terms).toHaveAttribute('href', 'https://example.com/terms');
      await expect(privacy).toHaveAttribute('href', 'https://example.com/privacy');
      for (const link of [terms, privacy]) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    });
    await step('without a Google client id there is no Google button', async () => {
      await expect(canvas.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
    });
  },
});

export const Filled = meta.story({
  args: { defaultEmail: '  ada@example.com ' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('submitting sends the trimmed address once', async () => {
      await expectClickReportsOnce(
        canvas.getByRole('button', { name: 'Sign up' }),
        userEvent,
        args.onSignUp,
        'ada@example.com',
      );
    });
    await step('no validation message is shown', async () => {
      await expect(canvas.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    });
  },
});

export const Invalid = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    const input = canvas.getByLabelText('E-mail');
    await step('leaving the field empty says what is missing', async () => {
      await userEvent.click(input);
      await userEvent.tab();
      await expect(canvas.getByText('Please enter your email address')).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription('Please enter your email address');
    });
    await step('whitespace only counts as empty', async () => {
      await userEvent.type(input, '   ');
      await userEvent.tab();
      await expect(canvas.getByText('Please enter your email address')).toBeVisible();
    });
    await step('a malformed address is rejected on blur', async () => {
      await userEvent.clear(input);
      await expectInvalidAddressOnBlur(canvas, userEvent, 'ada@example');
      await expect(canvas.queryByText('Please enter your email address')).not.toBeInTheDocument();
    });
    await step('submitting an invalid address does not call onSignUp and focuses the field', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
      await expect(args.onSignUp).not.toHaveBeenCalled();
      await expect(input).toHaveFocus();
    });
  },
});

export const FixingTheAddressClearsTheError = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const input = canvas.getByLabelText('E-mail');
    await step('show an error first', () => expectInvalidAddressOnBlur(canvas, userEvent, 'ada'));
    await step('the message goes away while typing the fix', async () => {
      await userEvent.type(input, '@example.com');
      await expect(canvas.queryByText('Invalid email address')).not.toBeInTheDocument();
      await expect(input).not.toHaveAttribute('aria-invalid');
    });
    await step('pressing Enter submits', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(args.onSignUp).toHaveBeenCalledWith('ada@example.com');
    });
  },
});

export const Submitting = meta.story({
  tags: ['visual'],
  args: { busy: true, defaultEmail: 'ada@example.com' },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the button is disabled, busy and shows a spinner', async () => {
      const button = await expectSubmitBusy(canvas, 'Sign up');
      await expect(button.querySelector('[data-spinner]')).not.toBeNull();
    });
    await step('a second submit is impossible', () =>
      expectBusy(canvas.getByRole('button', { name: 'Sign up' }), userEvent, args.onSignUp),
    );
  },
});

export const ServerError = meta.story({
  tags: ['visual'],
  args: { error: 'Failed to send verification email', defaultEmail: 'ada@example.com' },
  play: async ({ canvas, step }) => {
    await step('the error is announced and the form stays for a retry', async () => {
      await expectFormFailure(canvas, 'Failed to send verification email', 'Sign up');
      await expect(canvas.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    });
  },
});

export const Success = meta.story({
  tags: ['visual'],
  args: { successMessage: messages.verificationSent },
  play: async ({ canvas, step }) => {
    await step('a confirmation with an icon replaces the form and takes the focus, so it is heard', async () => {
      await expectSentConfirmation(canvas, messages.verificationSent);
      const status = canvas.getByRole('status');
      await expect(status.querySelector('svg')).not.toBeNull();
      await expect(status).toHaveAttribute('data-tone', 'success');
      await expect(canvas.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
    });
  },
});

const onGoogle = fn();

export const WithGoogle = meta.story({
  tags: ['visual'],
  args: { googleClientId: 'client-123.apps.googleusercontent.com' },
  render: (args) => <SignUpForm {...args} googleButton={<GoogleButton onClick={onGoogle} />} />,
  play: async ({ canvas, step, userEvent }) => {
    await step('the Google button appears under an "or" divider', async () => {
      await expect(canvas.getByRole('separator', { name: 'or' })).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Sign up with Google' }));
      await expect(onGoogle).toHaveBeenCalledTimes(1);
    });
  },
});

export const GoogleSlotWithoutClientId = meta.story({
  args: { googleClientId: '', googleButton: <GoogleButton /> },
  play: async ({ canvas, step }) => {
    await step('an empty client id hides the slot even when a button is supplied', async () => {
      await expect(canvas.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  args: { googleClientId: 'client-123', googleButton: <GoogleButton /> },
  play: async ({ canvas, step, userEvent }) => {
    await step('validation works the same in dark mode', () => expectInvalidAddressOnBlur(canvas, userEvent, 'nope'));
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  args: { googleClientId: 'client-123', googleButton: <GoogleButton /> },
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'Sign up' })),
});
