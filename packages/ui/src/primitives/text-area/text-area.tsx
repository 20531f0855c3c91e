import type { ComponentPropsWithRef } from 'react';
import { Field } from '../field/field';
import type { FieldControlProps } from '../field/field';
import { Area } from './text-area.styles';

export interface TextAreaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children'>, FieldControlProps {}

/** Multi-line text with the same label, hint and error wiring as TextField. */
export function TextArea({ label, hideLabel, hint, error, mono, id, className, rows = 4, ...rest }: TextAreaProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => <Area rows={rows} $invalid={Boolean(error)} $mono={mono} {...control} {...rest} />}
    </Field>
  );
}
