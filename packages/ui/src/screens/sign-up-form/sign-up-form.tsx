import type { ReactNode } from 'react';
import { Divider } from '../../primitives/divider';
import { EmailForm } from '../../primitives/forms/email-form';
import { ExternalLink } from '../../primitives/link';
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
  termsOfServiceUrl,
  privacyPolicyUrl,
  googleClientId,
  googleButton,
  ...state
}: SignUpFormProps) {
  return (
    <EmailForm name="Sign up" submitLabel="Sign up" placeholder="{email}" onSubmitEmail={onSignUp} {...state}>
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
    </EmailForm>
  );
}
