import { useRef } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { validateEmail } from '../../primitives/forms/email';
import { FormStack } from '../../primitives/forms/form-parts';
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
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const email = useValidatedField(defaultEmail, validateEmail, emailRef);
  const password = useValidatedField('', validatePassword, passwordRef);

  return (
    <FormStack
      aria-label="Log in with a password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        // Validate both so that both messages show; focus lands on the first invalid field.
        const passwordOk = password.validate();
        const emailOk = email.validate();
        if (!emailOk || !passwordOk) return;
        onPasswordLogin({ username: email.value.trim(), password: password.value });
      }}
    >
      <TextField
        ref={emailRef}
        label="E-mail"
        type="email"
        name="username"
        autoComplete="username"
        placeholder="you@company.com"
        error={email.error}
        {...email.inputProps}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        error={password.error}
        {...password.inputProps}
      />
      <Button type="submit" busy={busy} fullWidth size="lg">
        Log in
      </Button>
      {error ? <Callout tone="danger">{error}</Callout> : null}
    </FormStack>
  );
}
