import type { ReactNode } from 'react';
import { Button } from '../button';
import { Callout } from '../callout';
import { TextField } from '../text-field';
import { validateEmail } from './email';
import { FormConfirmation, FormStack } from './form-parts';
import { submitUnlessBusy } from './form-state';
import { useValidatedField } from './use-validated-field';

export interface EmailFormProps {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  submitIcon?: ReactNode;
  placeholder: string;
  /** Called with the trimmed e-mail once it passes validation. */
  onSubmitEmail: (email: string) => void;
  busy?: boolean;
  error?: string | null;
  /** When set, a green confirmation replaces the form. */
  successMessage?: string | null;
  defaultEmail?: string;
  /** Shown under the button and the error. */
  children?: ReactNode;
}

/** One e-mail field and a submit button: the shape of every form that mails the user a link. */
export function EmailForm({
  name,
  submitLabel,
  submitIcon,
  placeholder,
  onSubmitEmail,
  busy = false,
  error,
  successMessage,
  defaultEmail = '',
  children,
}: EmailFormProps) {
  const email = useValidatedField(defaultEmail, validateEmail);

  if (successMessage) return <FormConfirmation message={successMessage} />;

  return (
    <FormStack
      aria-label={name}
      noValidate
      onSubmit={(event) =>
        submitUnlessBusy(event, busy, () => {
          if (email.validate()) onSubmitEmail(email.value.trim());
        })
      }
    >
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        placeholder={placeholder}
        {...email.fieldProps}
      />
      <Button type="submit" busy={busy} fullWidth size="lg" icon={submitIcon}>
        {submitLabel}
      </Button>
      {error ? <Callout tone="danger">{error}</Callout> : null}
      {children}
    </FormStack>
  );
}
