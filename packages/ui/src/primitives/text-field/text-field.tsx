import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from '../field/field';
import { Input } from './text-field.styles';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  hideLabel?: boolean;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Inline error under the field; sets aria-invalid and joins aria-describedby. */
  error?: ReactNode;
  /** Monospace with tabular figures, for numbers, ids, commands and secrets. */
  mono?: boolean;
  className?: string;
}

export function TextField({
  label,
  hideLabel,
  hint,
  error,
  mono,
  id,
  className,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => <Input type={type} $invalid={Boolean(error)} $mono={mono} {...control} {...rest} />}
    </Field>
  );
}
