import { useRef } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { validateEmail } from '../../primitives/forms/email';
import { FormConfirmation, FormStack } from '../../primitives/forms/form-parts';
import { useValidatedField } from '../../primitives/forms/use-validated-field';
import { MailIcon } from '../../foundations/icons';
import { TextField } from '../../primitives/text-field';

export interface MagicLinkFormProps {
  /** Called with the trimmed e-mail once it passes validation. */
  onMagicLink: (email: string) => void;
  busy?: boolean;
  /** The server's message or the fallback 'Failed to send magic link'. */
  error?: string | null;
  /** When set, replaces the form, e.g. "Check your inbox: we sent a login link to ada@example.com." */
  successMessage?: string | null;
  defaultEmail?: string;
}

/** "Email me a login link": passwordless login by magic link. */
export function MagicLinkForm({
  onMagicLink,
  busy = false,
  error,
  successMessage,
  defaultEmail = '',
}: MagicLinkFormProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const email = useValidatedField(defaultEmail, validateEmail, emailRef);

  if (successMessage) return <FormConfirmation message={successMessage} />;

  return (
    <FormStack
      aria-label="Email me a login link"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !email.validate()) return;
        onMagicLink(email.value.trim());
      }}
    >
      <TextField
        ref={emailRef}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={email.error}
        {...email.inputProps}
      />
      <Button type="submit" busy={busy} fullWidth size="lg" icon={<MailIcon size={18} />}>
        Email me a login link
      </Button>
      {error ? <Callout tone="danger">{error}</Callout> : null}
    </FormStack>
  );
}
