import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ErrorText } from '../field/field.styles';
import { Box, CheckboxDescription, CheckboxLabel, CheckboxRoot } from './checkbox.styles';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'onChange'> {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** Called with the new checked state. */
  onCheckedChange?: (checked: boolean) => void;
  onChange?: ComponentPropsWithRef<'input'>['onChange'];
  className?: string;
}

/** A native checkbox in the accent colour, with its label, an optional description and error. */
export function Checkbox({
  label,
  description,
  error,
  id,
  disabled,
  className,
  onCheckedChange,
  onChange,
  ...rest
}: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <CheckboxRoot className={className}>
      <CheckboxLabel htmlFor={inputId} $disabled={disabled}>
        <Box
          type="checkbox"
          id={inputId}
          disabled={disabled}
          aria-describedby={[errorId, descriptionId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onChange?.(event);
            onCheckedChange?.(event.target.checked);
          }}
          {...rest}
        />
        <span>{label}</span>
      </CheckboxLabel>
      {description ? <CheckboxDescription id={descriptionId}>{description}</CheckboxDescription> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </CheckboxRoot>
  );
}
