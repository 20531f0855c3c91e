import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Divider } from '../../primitives/divider';
import { validateEmail } from '../../primitives/forms/email';
import { FormConfirmation, FormStack } from '../../primitives/forms/form-parts';
import { useValidatedField } from '../../primitives/forms/use-validated-field';
import { ExternalLink } from '../../primitives/link';
import { TextField } from '../../primitives/text-field';
import { Legal } from './sign-up-form.styles';

export interface SignUpFormProps {
  /** Called with the trimmed e-mail once it passes validation. */
  onSignUp: (email: string) => void;
  /** The verification e-mail is being sent: spinner on 'Sign up', button disabled. */
  busy?: boolean;
  /** The server's message or the client's fallback ('Failed to send verification email'). */
  error?: string | null;
  /** When set, a green confirmation with a check icon replaces the form. */
  successMessage?: string | null;
  termsOfServiceUrl: string;
  privacyPolicyUrl: string;
  /** The site settings' google_client_id; the Google slot renders only when it is non-empty. */
  googleClientId?: string | null;
  /** The Google button (our GoogleButton or Google's widget), shown under an "or" divider. */
  googleButton?: ReactNode;
  defaultEmail?: string;
}

/** The sign-up form of SPEC §2: idle → submitting → error text or success message. */
export function SignUpForm({
  onSignUp,
  busy = false,
  error,
  successMessage,
  termsOfServiceUrl,
  privacyPolicyUrl,
  googleClientId,
  googleButton,
  defaultEmail = '',
}: SignUpFormProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const email = useValidatedField(defaultEmail, validateEmail, emailRef);

  if (successMessage) return <FormConfirmation message={successMessage} />;

  return (
    <FormStack
      aria-label="Sign up"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !email.validate()) return;
        onSignUp(email.value.trim());
      }}
    >
      <TextField
        ref={emailRef}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="{email}"
        error={email.error}
        {...email.inputProps}
      />
      <Button type="submit" busy={busy} fullWidth size="lg">
        Sign up
      </Button>
      {error ? <Callout tone="danger">{error}</Callout> : null}
      {googleClientId && googleButton ? (
        <>
          <Divider label="or" />
          {googleButton}
        </>
      ) : null}
      <Legal>
        By signing up you agree to our <ExternalLink href={termsOfServiceUrl}>Terms of Service</ExternalLink> and{' '}
        <ExternalLink href={privacyPolicyUrl}>Privacy Policy</ExternalLink>.
      </Legal>
    </FormStack>
  );
}
