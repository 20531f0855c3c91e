import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent, RefObject } from 'react';

export interface ValidatedField {
  value: string;
  /** Spread onto the TextField: its value, handlers, error, and the ref a failed submit focuses. */
  fieldProps: {
    ref: RefObject<HTMLInputElement | null>;
    value: string;
    error: string | null;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** Validates now (on submit); shows the error, focuses the field when invalid, returns validity. */
  validate: () => boolean;
}

/**
 * A field that validates on blur, then re-validates as the user types once an error is showing,
 * so the message disappears as soon as it is fixed rather than on the next blur. It owns the
 * input's ref so that a submit that finds it invalid can focus it.
 */
export function useValidatedField(defaultValue: string, check: (value: string) => string | null): ValidatedField {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);

  const validate = useCallback(() => {
    const message = check(value);
    setError(message);
    if (message) inputRef.current?.focus();
    return message === null;
  }, [check, value]);

  return {
    value,
    validate,
    fieldProps: {
      ref: inputRef,
      value,
      error,
      onChange: (event) => {
        setValue(event.target.value);
        if (error) setError(check(event.target.value));
      },
      onBlur: () => setError(check(value)),
    },
  };
}
