import { EmailForm } from '../../primitives/forms/email-form';
import { MailIcon } from '../../foundations/icons';

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
export function MagicLinkForm({ onMagicLink, ...state }: MagicLinkFormProps) {
  return (
    <EmailForm
      name="Email me a login link"
      submitLabel="Email me a login link"
      submitIcon={<MailIcon size={18} />}
      placeholder="you@company.com"
      onSubmitEmail={onMagicLink}
      {...state}
    />
  );
}
