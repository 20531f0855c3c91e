import type { ComponentPropsWithRef } from 'react';
import { Field } from '../field/field';
import type { FieldControlProps } from '../field/field';
import { Input } from './text-field.styles';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'>, FieldControlProps {}

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
