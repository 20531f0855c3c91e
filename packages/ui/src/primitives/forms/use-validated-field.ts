import { useCallback, useState } from 'react';
import type { ChangeEvent, RefObject } from 'react';

export interface ValidatedField {
  value: string;
  error: string | null;
  inputProps: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** Validates now (on submit); shows the error, focuses the field when invalid, returns validity. */
  validate: () => boolean;
}

/**
 * A field that validates on blur, then re-validates as the user types once an error is showing,
 * so the message disappears as soon as it is fixed rather than on the next blur. `inputRef` is
 * the input to focus when a submit finds it invalid.
 */
export function useValidatedField(
  defaultValue: string,
  check: (value: string) => string | null,
  inputRef: RefObject<HTMLInputElement | null>,
): ValidatedField {
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);

  const validate = useCallback(() => {
    const message = check(value);
    setError(message);
    if (message) inputRef.current?.focus();
    return message === null;
  }, [check, value, inputRef]);

  return {
    value,
    error,
    validate,
    inputProps: {
      value,
      onChange: (event) => {
        setValue(event.target.value);
        if (error) setError(check(event.target.value));
      },
      onBlur: () => setError(check(value)),
    },
  };
}
