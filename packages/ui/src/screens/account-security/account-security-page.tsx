import { useState } from 'react';
import styled from 'styled-components';
import type { LogoutAll, PasswordChange } from '@mako/contract';
import { stack } from '../../foundations/theme/design-tokens';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { Checkbox } from '../../primitives/checkbox';
import type { CheckboxProps } from '../../primitives/checkbox';
import { FormStack } from '../../primitives/forms/form-parts';
import { submitUnlessBusy } from '../../primitives/forms/form-state';
import { useValidatedField } from '../../primitives/forms/use-validated-field';
import { TextField } from '../../primitives/text-field';

export const ACCOUNT_SECURITY_TITLE = 'Sign-in and security';

/** What revoking API tokens does, said beside both choices that can do it. */
export const REVOKE_TOKENS_LABEL = 'Also revoke my API tokens';
export const REVOKE_TOKENS_DESCRIPTION =
  'Every runner and script using one stops at once, until you give it a new token. Leave it unticked if you only suspect a browser: tokens cannot change your password or manage your account.';

/** The choice, offered by both the password change and the sign-out, to revoke API tokens too. */
function RevokeTokensCheckbox(props: Pick<CheckboxProps, 'checked' | 'disabled' | 'onCheckedChange'>) {
  return <Checkbox label={REVOKE_TOKENS_LABEL} description={REVOKE_TOKENS_DESCRIPTION} {...props} />;
}

export const NEW_PASSWORD_REQUIRED = 'Enter the new password';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';

export interface AccountSecurityPageProps {
  /** A magic-link or Google account has none yet: it sets a first one, without a current one. */
  hasPassword: boolean;
  onChangePassword: (values: PasswordChange) => void;
  changingPassword?: boolean;
  passwordError?: string | null;
  /** The change went through (the app has the new session). */
  passwordChanged?: boolean;
  onLogoutAll: (values: NonNullable<LogoutAll>) => void;
  loggingOut?: boolean;
  logoutError?: string | null;
}

const Page = styled.div`
  ${stack(6)}
  max-width: 640px;
`;

function PasswordCard({
  hasPassword,
  onChangePassword,
  changingPassword = false,
  passwordError,
  passwordChanged = false,
}: Pick<
  AccountSecurityPageProps,
  'hasPassword' | 'onChangePassword' | 'changingPassword' | 'passwordError' | 'passwordChanged'
>) {
  const current = useValidatedField('', (v) => (hasPassword && v === '' ? CURRENT_PASSWORD_REQUIRED : null));
  const next = useValidatedField('', (v) => (v === '' ? NEW_PASSWORD_REQUIRED : null));
  const [revoke, setRevoke] = useState(false);
  return (
    <Card
      title={hasPassword ? 'Change your password' : 'Set a password'}
      description={
        hasPassword
          ? 'Changing it signs you out of every other browser; this one stays signed in.'
          : 'You sign in with e-mail links today. A password lets you sign in without one; every other browser is signed out.'
      }
    >
      <FormStack
        aria-label={hasPassword ? 'Change your password' : 'Set a password'}
        noValidate
        onSubmit={(event) =>
          submitUnlessBusy(event, changingPassword, () => {
            const nextOk = next.validate();
            const currentOk = current.validate();
            if (!currentOk || !nextOk) return;
            onChangePassword({
              ...(hasPassword ? { current_password: current.value } : {}),
              new_password: next.value,
              revoke_api_tokens: revoke,
            });
          })
        }
      >
        {hasPassword ? (
          <TextField
            label="Current password"
            type="password"
            name="current_password"
            autoComplete="current-password"
            {...current.fieldProps}
          />
        ) : null}
        <TextField
          label="New password"
          type="password"
          name="new_password"
          autoComplete="new-password"
          hint="At least 10 characters."
          {...next.fieldProps}
        />
        <RevokeTokensCheckbox checked={revoke} disabled={changingPassword} onCheckedChange={setRevoke} />
        <Button type="submit" busy={changingPassword}>
          {hasPassword ? 'Change password' : 'Set password'}
        </Button>
        {passwordError ? <Callout tone="danger">{passwordError}</Callout> : null}
        {passwordChanged && !passwordError ? (
          <Callout tone="success">
            {hasPassword ? 'Password changed.' : 'Password set.'} Other browsers are signed out
            {revoke ? ' and your API tokens are revoked.' : '; your API tokens still work.'}
          </Callout>
        ) : null}
      </FormStack>
    </Card>
  );
}

function LogoutAllCard({
  onLogoutAll,
  loggingOut = false,
  logoutError,
}: Pick<AccountSecurityPageProps, 'onLogoutAll' | 'loggingOut' | 'logoutError'>) {
  const [revoke, setRevoke] = useState(false);
  return (
    <Card
      title="Sign out everywhere"
      description="Ends every signed-in session, in every browser and this one. Use it when a device is lost or a session may be someone else's."
    >
      <FormStack
        aria-label="Sign out everywhere"
        noValidate
        onSubmit={(event) => submitUnlessBusy(event, loggingOut, () => onLogoutAll({ revoke_api_tokens: revoke }))}
      >
        <RevokeTokensCheckbox checked={revoke} disabled={loggingOut} onCheckedChange={setRevoke} />
        <Button type="submit" variant="danger" busy={loggingOut}>
          {revoke ? 'Sign out everywhere and revoke API tokens' : 'Sign out everywhere'}
        </Button>
        {logoutError ? <Callout tone="danger">{logoutError}</Callout> : null}
      </FormStack>
    </Card>
  );
}

/**
 * 'Sign-in and security': set or change the password, and sign out everywhere, each able to revoke
 * the API tokens too; the page says what each choice does. Only a signed-in session reaches it
 * (the server refuses these calls to API tokens).
 */
export function AccountSecurityPage(props: AccountSecurityPageProps) {
  // Each card picks its own props out of the page's.
  return (
    <Page>
      <PasswordCard {...props} />
      <LogoutAllCard {...props} />
    </Page>
  );
}
