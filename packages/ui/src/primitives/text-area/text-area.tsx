import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from '../field/field';
import { Area } from './text-area.styles';

export interface TextAreaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children'> {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Inline error under the field; sets aria-invalid and joins aria-describedby. */
  error?: ReactNode;
  mono?: boolean;
  className?: string;
}

/** Multi-line text with the same label, hint and error wiring as TextField. */
export function TextArea({ label, hideLabel, hint, error, mono, id, className, rows = 4, ...rest }: TextAreaProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => <Area rows={rows} $invalid={Boolean(error)} $mono={mono} {...control} {...rest} />}
    </Field>
  );
}
