import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { CopyField } from '../../primitives/copy-field';
import { Dialog } from '../../primitives/dialog';
import { useValidatedField } from '../../primitives/forms/use-validated-field';
import { submitUnlessBusy } from '../../primitives/forms/form-state';
import { Select } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import { FormStack, SecretStack } from './token-management.styles';
import { DEFAULT_TOKEN_LIFETIME_DAYS, MAX_TOKEN_LIFETIME_DAYS } from '@mako/contract/vocabulary';
import { EXPIRY_CHOICES, TOKEN_MESSAGES, validateTokenName } from './token-types';
import type { CreatedToken, ExpiryChoice, TokenCreateValues, TokenLike } from './token-types';

/** Fields a token kind adds to the create form (e.g. a registry token's scope). */
export interface ExtraCreateFields<TExtra extends object> {
  initial: TExtra;
  render: (values: TExtra, onChange: (next: TExtra) => void, disabled: boolean) => ReactNode;
  /** False keeps the form from being sent (the fields show why themselves). */
  isValid?: (values: TExtra) => boolean;
}

export interface CreateTokenDialogProps<TToken extends TokenLike, TExtra extends object> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "New token". */
  title: string;
  description: ReactNode;
  /** The secret view's title, e.g. "Copy your new token". */
  createdTitle: string;
  /** The label of the one-time secret field, e.g. "API token". */
  secretLabel: string;
  namePlaceholder?: string;
  extraFields?: ExtraCreateFields<TExtra>;
  onCreate: (values: TokenCreateValues & TExtra) => void;
  busy?: boolean;
  error?: string | null;
  /** Set once the token exists: the dialog switches to the secret, shown this one time. */
  created?: CreatedToken<TToken> | null;
  /** How to use the new secret (commands to copy). */
  renderUsage?: (created: CreatedToken<TToken>) => ReactNode;
}

const expiryDays = (choice: ExpiryChoice): number =>
  EXPIRY_CHOICES.find((c) => c.value === choice)?.days ?? DEFAULT_TOKEN_LIFETIME_DAYS;

type CreateFormProps<TExtra extends object> = Pick<
  CreateTokenDialogProps<TokenLike, TExtra>,
  'namePlaceholder' | 'extraFields' | 'error' | 'onCreate'
> & { formId: string; busy: boolean };

function CreateForm<TExtra extends object>({
  formId,
  namePlaceholder = 'ci-runner',
  extraFields,
  busy,
  error,
  onCreate,
}: CreateFormProps<TExtra>) {
  const name = useValidatedField('', validateTokenName);
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [extra, setExtra] = useState<TExtra>(() => extraFields?.initial ?? ({} as TExtra));
  // An error from an earlier attempt (before the dialog was reopened) is not this form's news.
  const [submitted, setSubmitted] = useState(false);

  return (
    <FormStack
      id={formId}
      aria-label="Token details"
      noValidate
      onSubmit={(event) =>
        submitUnlessBusy(event, busy, () => {
          if (!name.validate() || extraFields?.isValid?.(extra) === false) return;
          setSubmitted(true);
          onCreate({ ...extra, name: name.value.trim(), expires_in_days: expiryDays(expiry) });
        })
      }
    >
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        placeholder={namePlaceholder}
        hint="Say where it is used, so you know what breaks when you revoke it."
        disabled={busy}
        {...name.fieldProps}
      />
      <Select
        label="Expires after"
        name="expires_in_days"
        options={EXPIRY_CHOICES}
        value={expiry}
        disabled={busy}
        onValueChange={(value) => setExpiry(value as ExpiryChoice)}
        hint={`No token lives longer than ${MAX_TOKEN_LIFETIME_DAYS} days: make a new one before it expires.`}
      />
      {extraFields ? extraFields.render(extra, setExtra, busy) : null}
      {submitted && error ? <Callout tone="danger">{error}</Callout> : null}
    </FormStack>
  );
}

/**
 * "New token": a name and an expiry, then the secret once, in a monospace copy field with the
 * warning 'You will not see it again', and how to use it.
 */
export function CreateTokenDialog<TToken extends TokenLike, TExtra extends object = Record<never, never>>({
  open,
  onOpenChange,
  title,
  description,
  createdTitle,
  secretLabel,
  busy = false,
  created,
  renderUsage,
  ...formOptions
}: CreateTokenDialogProps<TToken, TExtra>) {
  const formId = useId();
  // Closing while the create call runs would lose the secret it returns.
  const changeOpen = (next: boolean) => (busy && !next ? undefined : onOpenChange(next));

  if (created) {
    return (
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={createdTitle}
        size="lg"
        description={`“${created.token.name}” is ready. Copy the secret now and store it somewhere safe.`}
        footer={<Button onClick={() => changeOpen(false)}>Done</Button>}
      >
        <SecretStack>
          <CopyField label={secretLabel} value={created.secret} secret note={TOKEN_MESSAGES.shownOnce} />
          {renderUsage ? renderUsage(created) : null}
        </SecretStack>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Create token
          </Button>
        </>
      }
    >
      <CreateForm formId={formId} busy={busy} {...formOptions} />
    </Dialog>
  );
}
