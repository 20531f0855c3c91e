import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { withMaxWidth } from '../../../test/story-kit';
import { expectEmptySubmitRefused, formFailureStory, submitBusyStory } from '../../../test/story-kit-screens';
import { PasswordLoginForm } from './password-login-form';

const meta = preview.meta({
  title: 'Screens/Home/PasswordLoginForm',
  component: PasswordLoginForm,
  args: { onPasswordLogin: fn() },
  decorators: [withMaxWidth(400)],
});

export const Idle = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the fields are labelled for password managers', async () => {
      await expect(canvas.getByLabelText('E-mail')).toHaveAttribute('autocomplete', 'username');
      await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
      await expect(canvas.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    });
    await step('valid credentials are reported as username and password', async () => {
      await userEvent.type(canvas.getByLabelText('E-mail'), 'ada@example.com ');
      await userEvent.type(canvas.getByLabelText('Password'), 'correct horse');
      await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
      await expect(args.onPasswordLogin).toHaveBeenCalledWith({
        username: 'ada@example.com',
        password: 'correct horse',
      });
    });
  },
});

export const MissingFields = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    await step('an empty submit explains both fields and focuses the first', async () => {
      await expectEmptySubmitRefused(canvas, userEvent, { submit: 'Log in', callback: args.onPasswordLogin });
      await expect(canvas.getByText('Please enter your password')).toBeVisible();
    });
  },
});

export const LoggingIn = meta.story(submitBusyStory({ busy: true, defaultEmail: 'ada@example.com' }, 'Log in'));

export const Failed = meta.story({
  tags: ['visual'],
  ...formFailureStory({ error: 'Incorrect username or password', defaultEmail: 'ada@example.com' }, 'Log in'),
});
