import type { ComponentPropsWithRef } from 'react';
import { Field } from '../field/field';
import type { FieldControlProps } from '../field/field';
import { ChevronDownIcon } from '../../foundations/icons';
import { NativeSelect, SelectWrap } from './select.styles';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children' | 'onChange'>, FieldControlProps {
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose a model…"; selecting it yields ''. */
  placeholder?: string;
  /** Called with the chosen option's value. */
  onValueChange?: (value: string) => void;
  onChange?: ComponentPropsWithRef<'select'>['onChange'];
}

/**
 * A styled native select: keyboard, screen reader and mobile pickers behave as users expect
 * without re-implementing a listbox.
 */
export function Select({
  label,
  hideLabel,
  options,
  placeholder,
  hint,
  error,
  mono,
  id,
  className,
  onValueChange,
  onChange,
  ...rest
}: SelectProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <SelectWrap>
          <NativeSelect
            $invalid={Boolean(error)}
            $mono={mono}
            {...control}
            {...rest}
            onChange={(event) => {
              onChange?.(event);
              onValueChange?.(event.target.value);
            }}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          <ChevronDownIcon size={16} />
        </SelectWrap>
      )}
    </Field>
  );
}
