import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { withMaxWidth } from '../../../test/story-kit';
import { AccountSecurityPage, REVOKE_TOKENS_DESCRIPTION } from './account-security-page';

const meta = preview.meta({
  title: 'Screens/Account/AccountSecurityPage',
  component: AccountSecurityPage,
  args: { hasPassword: true, onChangePassword: fn(), onLogoutAll: fn() },
  decorators: [withMaxWidth(720)],
});

export const ChangePassword = meta.story({
  tags: ['visual'],
  play: async ({ canvas, args, step, userEvent }) => {
    const card = within(canvas.getByRole('region', { name: 'Change your password' }));
    await step('the page says what changing it does, and what revoking tokens does', async () => {
      await expect(card.getByText(/signs you out of every other browser/)).toBeVisible();
      const revoke = card.getByRole('checkbox', { name: 'Also revoke my API tokens' });
      await expect(revoke).not.toBeChecked();
      await expect(revoke).toHaveAccessibleDescription(REVOKE_TOKENS_DESCRIPTION);
    });
    await step('both passwords are needed', async () => {
      await userEvent.click(card.getByRole('button', { name: 'Change password' }));
      await expect(card.getByText('Enter your current password')).toBeVisible();
      await expect(card.getByText('Enter the new password')).toBeVisible();
      await expect(args.onChangePassword).not.toHaveBeenCalled();
    });
    await step('by default the API tokens are kept', async () => {
      await userEvent.type(card.getByLabelText('Current password'), 'old password 1');
      await userEvent.type(card.getByLabelText('New password'), 'new password 22');
      await userEvent.click(card.getByRole('button', { name: 'Change password' }));
      await expect(args.onChangePassword).toHaveBeenLastCalledWith({
        current_password: 'old password 1',
        new_password: 'new password 22',
        revoke_api_tokens: false,
      });
    });
    await step('ticked, they are revoked with the change', async () => {
      await userEvent.click(card.getByText('Also revoke my API tokens'));
      await userEvent.click(card.getByRole('button', { name: 'Change password' }));
      await expect(args.onChangePassword).toHaveBeenLastCalledWith({
        current_password: 'old password 1',
        new_password: 'new password 22',
        revoke_api_tokens: true,
      });
    });
  },
});

export const SetFirstPassword = meta.story({
  args: { hasPassword: false },
  play: async ({ canvas, args, userEvent }) => {
    const card = within(canvas.getByRole('region', { name: 'Set a password' }));
    await expect(card.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(card.getByLabelText('New password'), 'first password 1');
    await userEvent.click(card.getByRole('button', { name: 'Set password' }));
    await expect(args.onChangePassword).toHaveBeenCalledWith({
      new_password: 'first password 1',
      revoke_api_tokens: false,
    });
  },
});

export const PasswordChangedKeepingTokens = meta.story({
  args: { passwordChanged: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Password changed. Other browsers are signed out; your API tokens still work.',
    );
  },
});

export const PasswordRefused = meta.story({
  args: { passwordError: 'Current password is incorrect' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Current password is incorrect');
  },
});

export const SignOutEverywhere = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    const card = within(canvas.getByRole('region', { name: 'Sign out everywhere' }));
    await step('the page says it ends every session, this one included', async () => {
      await expect(card.getByText(/Ends every signed-in session, in every browser and this one/)).toBeVisible();
    });
    await step('without the box, only the sessions end', async () => {
      await userEvent.click(card.getByRole('button', { name: 'Sign out everywhere' }));
      await expect(args.onLogoutAll).toHaveBeenLastCalledWith({ revoke_api_tokens: false });
    });
    await step('with it, the button says the tokens go too, and sends that', async () => {
      await userEvent.click(card.getByRole('checkbox', { name: 'Also revoke my API tokens' }));
      const button = card.getByRole('button', { name: 'Sign out everywhere and revoke API tokens' });
      await userEvent.click(button);
      await expect(args.onLogoutAll).toHaveBeenLastCalledWith({ revoke_api_tokens: true });
    });
  },
});

export const SigningOut = meta.story({
  args: { loggingOut: true },
  play: async ({ canvas, args, userEvent }) => {
    const card = within(canvas.getByRole('region', { name: 'Sign out everywhere' }));
    await userEvent.click(card.getByRole('button', { name: /Sign out everywhere/ }));
    await expect(args.onLogoutAll).not.toHaveBeenCalled();
    await expect(card.getByRole('checkbox', { name: 'Also revoke my API tokens' })).toBeDisabled();
  },
});
