import { DATASET_KINDS } from '@mako/contract/vocabulary';
import { Select } from '../../primitives/select';
import type { SelectOption } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import { Grid, Legend, Section, SectionNote } from './create-tuning-session-dialog.styles';
import type { FieldsetProps } from './fieldset-props';

const DATASET_OPTIONS: SelectOption[] = DATASET_KINDS.map((dataset) => ({ value: dataset, label: dataset }));

/** The load every configuration is benchmarked with. */
export function WorkloadFieldset({ form }: FieldsetProps) {
  const { values, set, text } = form;

  return (
    <Section>
      <Legend>Workload</Legend>
      <SectionNote>The load every configuration is benchmarked with, as mako-runner bench sends it.</SectionNote>
      <Grid $min={150}>
        <Select
          label="Dataset"
          options={DATASET_OPTIONS}
          value={values.dataset}
          onValueChange={(dataset) => set('dataset', dataset)}
        />
        <TextField label="Requests" inputMode="numeric" mono {...text('numRequests')} />
        <TextField label="Request rate" hint="Requests/s, or inf" mono {...text('requestRate')} />
        <TextField
          label="Max concurrency"
          hint="Empty for no limit"
          inputMode="numeric"
          mono
          {...text('maxConcurrency')}
        />
        <TextField label="Min prompt tokens" inputMode="numeric" mono {...text('minPrompt')} />
        <TextField label="Max prompt tokens" inputMode="numeric" mono {...text('maxPrompt')} />
        <TextField label="Min output tokens" inputMode="numeric" mono {...text('minOutput')} />
        <TextField label="Max output tokens" inputMode="numeric" mono {...text('maxOutput')} />
        <TextField label="Max sequence length" inputMode="numeric" mono {...text('maxSeqLength')} />
        <TextField label="Output length" inputMode="numeric" mono {...text('outputLen')} />
      </Grid>
    </Section>
  );
}
