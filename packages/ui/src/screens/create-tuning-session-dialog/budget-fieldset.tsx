import { Checkbox } from '../../primitives/checkbox';
import { TextField } from '../../primitives/text-field';
import { Grid, Legend, OptionBody, Section } from './create-tuning-session-dialog.styles';
import type { FieldsetProps } from './fieldset-props';

/** How many trials, how many at once, and whether the winner is measured again. */
export function BudgetFieldset({ form }: FieldsetProps) {
  const { values, set, text, shown } = form;
  const multiObjective = values.extraObjectives.length > 0;

  return (
    <Section>
      <Legend>Budget</Legend>
      <Grid>
        <TextField
          label="Max trials"
          hint="Configurations to evaluate in all"
          inputMode="numeric"
          mono
          {...text('maxTrials')}
        />
        <TextField
          label="Max parallel"
          hint="Evaluated at the same time, one runner each"
          inputMode="numeric"
          mono
          {...text('maxParallel')}
        />
      </Grid>
      <Checkbox
        label="Re-measure the best and the runner-up"
        description={
          multiObjective
            ? 'Only a single-objective session has one best to re-measure; a front has none.'
            : 'Once the search is over, both are measured again, so a winner inside the noise is not declared.'
        }
        checked={values.confirm && !multiObjective}
        disabled={multiObjective}
        onCheckedChange={(confirm) => set('confirm', confirm)}
        error={shown('confirm')}
      />
      <OptionBody>
        <Grid $min={140}>
          <TextField
            label="Repeats"
            hint="Each, from 1 to 5"
            inputMode="numeric"
            mono
            disabled={!values.confirm || multiObjective}
            {...text('confirmRepeats')}
          />
        </Grid>
      </OptionBody>
    </Section>
  );
}
