import type { SessionFormValues } from './session-form';

/** What each fieldset of the new-session form takes from SessionForm, which holds the values and their checks. */
export interface FieldsetProps {
  form: SessionFormState;
}

export interface SessionFormState {
  values: SessionFormValues;
  setValues: (update: (previous: SessionFormValues) => SessionFormValues) => void;
  set: <K extends keyof SessionFormValues>(field: K, value: SessionFormValues[K]) => void;
  /** A text field's value, change, blur and shown error. */
  text: (field: keyof SessionFormValues & string) => {
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    onBlur: () => void;
    error: string | undefined;
  };
  /** The field's problem, once the user has left it or tried to submit. */
  shown: (field: string) => string | undefined;
  touch: (field: string) => void;
  /** Every problem of the values, shown or not. */
  errors: Readonly<Record<string, string>>;
}
