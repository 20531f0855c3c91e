import { useId } from 'react';
import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../visually-hidden';
import { ErrorText, FieldRoot, Hint, Label } from './field.styles';

export interface FieldRenderProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  /** Every control has a visible label; `hideLabel` keeps it for assistive technology only. */
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Shown under the control and announced with it; also sets aria-invalid. */
  error?: ReactNode;
  /** A caller-chosen id for the control; one is generated otherwise. */
  id?: string;
  className?: string;
  /** Receives the id and ARIA wiring to spread onto the control. */
  children: (control: FieldRenderProps) => ReactNode;
}

/** What each labelled control (TextField, TextArea, Select) takes besides its element's own props. */
export interface FieldControlProps extends Pick<FieldProps, 'label' | 'hideLabel' | 'hint' | 'error' | 'className'> {
  /** Monospace with tabular figures, for numbers, ids, commands and secrets. */
  mono?: boolean;
}

/** Label, control, hint and inline error, wired together with aria-describedby. */
export function Field({ label, hideLabel, hint, error, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRoot className={className}>
      {hideLabel ? (
        <VisuallyHidden as="label" htmlFor={controlId}>
          {label}
        </VisuallyHidden>
      ) : (
        <Label htmlFor={controlId}>{label}</Label>
      )}
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <ErrorText id={errorId}>
          <AlertCircleIcon size={14} />
          <span>{error}</span>
        </ErrorText>
      ) : null}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </FieldRoot>
  );
}
