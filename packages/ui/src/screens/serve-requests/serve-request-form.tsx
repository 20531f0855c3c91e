import { useId, useRef, useState } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { useValidatedField } from '../../primitives/forms/use-validated-field';
import { submitUnlessBusy } from '../../primitives/forms/form-state';
import { Select } from '../../primitives/select';
import type { SelectOption } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import { FormActions, FormGrid, HardwareRow } from './serve-requests.styles';

/** The contract's ServeRequestCreate. */
export interface ServeRequestCreateValues {
  ml_model_name: string;
  hardware_config: { name: string; count: number };
  objective: string;
  /** Left out: the best of any engine. */
  runtime?: string;
}

export const SERVE_REQUEST_MESSAGES = {
  modelRequired: 'Model is required',
  hardwareRequired: 'Hardware is required',
  countInvalid: 'GPU count must be a whole number from 1 to 1024',
  objectiveRequired: 'Please choose an objective',
} as const;

export const MAX_GPU_COUNT = 1024;

const checkModel = (value: string) => (value.trim() === '' ? SERVE_REQUEST_MESSAGES.modelRequired : null);
const checkHardware = (value: string) => (value.trim() === '' ? SERVE_REQUEST_MESSAGES.hardwareRequired : null);
function checkCount(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return SERVE_REQUEST_MESSAGES.countInvalid;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_GPU_COUNT ? null : SERVE_REQUEST_MESSAGES.countInvalid;
}

export interface ServeRequestFormProps {
  onCreate: (values: ServeRequestCreateValues) => void;
  busy?: boolean;
  error?: string | null;
  objectiveOptions: readonly SelectOption[];
  runtimeOptions: readonly SelectOption[];
  hardwareSuggestions: readonly string[];
  defaultValues?: Partial<{ model: string; hardware: string; count: string; objective: string; runtime: string }>;
}

export function ServeRequestForm({
  onCreate,
  busy = false,
  error,
  objectiveOptions,
  runtimeOptions,
  hardwareSuggestions,
  defaultValues = {},
}: ServeRequestFormProps) {
  const objectiveRef = useRef<HTMLSelectElement>(null);
  const model = useValidatedField(defaultValues.model ?? '', checkModel);
  const hardware = useValidatedField(defaultValues.hardware ?? '', checkHardware);
  const count = useValidatedField(defaultValues.count ?? '1', checkCount);
  const [objective, setObjective] = useState(defaultValues.objective ?? '');
  const [objectiveError, setObjectiveError] = useState<string | null>(null);
  const [runtime, setRuntime] = useState(defaultValues.runtime ?? '');
  const [submitted, setSubmitted] = useState(false);
  const suggestionsId = useId();

  const validateObjective = () => {
    const message = objective ? null : SERVE_REQUEST_MESSAGES.objectiveRequired;
    setObjectiveError(message);
    if (message) objectiveRef.current?.focus();
    return message === null;
  };

  return (
    <FormGrid
      aria-label="Request a launch command"
      noValidate
      onSubmit={(event) =>
        submitUnlessBusy(event, busy, () => {
          // Last to first: each invalid field takes focus, so focus ends on the first one.
          const valid = [validateObjective(), count.validate(), hardware.validate(), model.validate()].every(Boolean);
          if (!valid) return;
          setSubmitted(true);
          onCreate({
            ml_model_name: model.value.trim(),
            hardware_config: { name: hardware.value.trim(), count: Number(count.value.trim()) },
            objective,
            ...(runtime ? { runtime } : {}),
          });
        })
      }
    >
      <TextField
        label="Model"
        name="ml_model_name"
        mono
        autoComplete="off"
        spellCheck={false}
        placeholder="meta-llama/Llama-3.1-8B-Instruct"
        hint="The Hugging Face id, as your engine loads it."
        {...model.fieldProps}
      />
      <HardwareRow>
        <TextField
          label="Hardware"
          name="hardware_name"
          autoComplete="off"
          placeholder="H100"
          list={suggestionsId}
          {...hardware.fieldProps}
        />
        <TextField label="GPUs" name="hardware_count" inputMode="numeric" mono {...count.fieldProps} />
        <datalist id={suggestionsId}>
          {hardwareSuggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </HardwareRow>
      <Select
        ref={objectiveRef}
        label="Objective"
        name="objective"
        placeholder="Choose an objective"
        options={objectiveOptions}
        value={objective}
        error={objectiveError}
        onValueChange={(value) => {
          setObjective(value);
          if (objectiveError) setObjectiveError(value ? null : SERVE_REQUEST_MESSAGES.objectiveRequired);
        }}
      />
      <Select
        label="Runtime (optional)"
        name="runtime"
        placeholder="Any runtime"
        options={runtimeOptions}
        value={runtime}
        onValueChange={setRuntime}
      />
      <FormActions>
        <Button type="submit" busy={busy}>
          Get launch command
        </Button>
        {submitted && error ? <Callout tone="danger">{error}</Callout> : null}
      </FormActions>
    </FormGrid>
  );
}
