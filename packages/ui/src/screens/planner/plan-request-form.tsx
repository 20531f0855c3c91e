import { useState } from 'react';
import type { FormEvent } from 'react';
import { plural } from '../../foundations/format/format';
import { Button } from '../../primitives/button';
import { Select } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import { MutedText } from '../benchmark-common/benchmark-common.styles';
import { initialForm, toRequest } from './plan-form-values';
import type { FormErrors, FormValues } from './plan-form-values';
import type { PlanData, PlanRequestData } from './planner-format';
import { FieldRow, FormActions, Legend, PlanForm } from './planner-screen.styles';

const WORKLOAD_SOURCES = [
  { value: 'lengths', label: 'Prompt and output lengths' },
  { value: 'benchmark', label: "A stored benchmark's workload" },
];
const PERCENTILES = [
  { value: 'p99', label: 'p99' },
  { value: 'p50', label: 'p50 (median)' },
];
const WEIGHT_DTYPES = [
  { value: 'bf16', label: 'BF16' },
  { value: 'fp8', label: 'FP8' },
];

export interface PlanRequestFormProps {
  /** The models the planner knows. */
  models: readonly string[];
  /** The form's first values, e.g. from the address. */
  initialRequest?: PlanRequestData;
  /** The form is valid and was sent. */
  onPlan: (request: PlanRequestData) => void;
  /** A plan is being made: the button spins. */
  planning: boolean;
  /** The plan shown below, counted beside the button. */
  plan?: PlanData | null;
}

/** The planner's form: a model and its workload, the SLO, the weights; checked before it is sent. */
export function PlanRequestForm({ models, initialRequest, onPlan, planning, plan }: PlanRequestFormProps) {
  const [values, setValues] = useState<FormValues>(() => initialForm(initialRequest, models));
  const [errors, setErrors] = useState<FormErrors>({});
  // The model list may arrive after the first render: take its first model until one is chosen.
  const model = values.model || models[0] || '';
  const set = (field: keyof FormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const text = (field: keyof FormValues) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toRequest({ ...values, model });
    if ('errors' in result) setErrors(result.errors);
    else {
      setErrors({});
      onPlan(result.request);
    }
  };

  return (
    <PlanForm onSubmit={submit} noValidate aria-label="Plan">
      <FieldRow>
        <Legend>Model and workload</Legend>
        <Select
          label="Model"
          options={models.map((m) => ({ value: m, label: m }))}
          value={model}
          onValueChange={set('model')}
          error={errors.model}
        />
        <Select label="Workload" options={WORKLOAD_SOURCES} value={values.source} onValueChange={set('source')} />
        {values.source === 'lengths' ? (
          <>
            <TextField label="Prompt tokens" inputMode="numeric" mono {...text('inputLen')} />
            <TextField label="Output tokens" inputMode="numeric" mono {...text('outputLen')} />
          </>
        ) : (
          <TextField label="Benchmark id" mono {...text('benchmarkId')} />
        )}
      </FieldRow>
      <FieldRow>
        <Legend>SLO (leave a bound empty to ignore it)</Legend>
        <Select label="Percentile" options={PERCENTILES} value={values.percentile} onValueChange={set('percentile')} />
        <TextField label="TTFT at most (ms)" inputMode="decimal" mono {...text('ttftMs')} />
        <TextField label="TPOT at most (ms)" inputMode="decimal" mono {...text('tpotMs')} />
        <Select label="Weights" options={WEIGHT_DTYPES} value={values.weightDtype} onValueChange={set('weightDtype')} />
      </FieldRow>
      <FormActions>
        <Button type="submit" busy={planning}>
          Plan
        </Button>
        {plan ? (
          <MutedText>
            {plural(plan.candidates.length, 'candidate', 'candidates')} predicted: each GPU type × 1, 2, 4 and 8 GPUs ×
            each engine
          </MutedText>
        ) : null}
      </FormActions>
    </PlanForm>
  );
}
