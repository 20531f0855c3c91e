import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { validateEmail } from '../../primitives/forms/email';
import { FormStack } from '../../primitives/forms/form-parts';
import { submitUnlessBusy } from '../../primitives/forms/form-state';
import { useValidatedField } from '../../primitives/forms/use-validated-field';
import { TextField } from '../../primitives/text-field';

export const PASSWORD_REQUIRED_MESSAGE = 'Please enter your password';

const validatePassword = (value: string) => (value === '' ? PASSWORD_REQUIRED_MESSAGE : null);

export interface PasswordCredentials {
  /** The e-mail, trimmed; the auth server's form field is called username. */
  username: string;
  password: string;
}

export interface PasswordLoginFormProps {
  onPasswordLogin: (credentials: PasswordCredentials) => void;
  busy?: boolean;
  /** The server's detail or the fallback 'Login failed'. */
  error?: string | null;
  defaultEmail?: string;
}

/** E-mail and password for existing users. */
export function PasswordLoginForm({ onPasswordLogin, busy = false, error, defaultEmail = '' }: PasswordLoginFormProps) {
  const email = useValidatedField(defaultEmail, validateEmail);
  const password = useValidatedField('', validatePassword);

  return (
    <FormStack
      aria-label="Log in with a password"
      noValidate
      onSubmit={(event) =>
        submitUnlessBusy(event, busy, () => {
          // Validate both so that both messages show; focus lands on the first invalid field.
          const passwordOk = password.validate();
          const emailOk = email.validate();
          if (!emailOk || !passwordOk) return;
          onPasswordLogin({ username: email.value.trim(), password: password.value });
        })
      }
    >
      <TextField
        label="E-mail"
        type="email"
        name="username"
        autoComplete="username"
        placeholder="you@company.com"
        {...email.fieldProps}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        {...password.fieldProps}
      />
      <Button type="submit" busy={busy} fullWidth size="lg">
        Log in
      </Button>
      {error ? <Callout tone="danger">{error}</Callout> : null}
    </FormStack>
  );
}
