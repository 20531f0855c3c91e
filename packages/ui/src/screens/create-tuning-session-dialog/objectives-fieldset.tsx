import { METRIC_KEYS, naturalDirection } from '@mako/contract/vocabulary';
import { Button } from '../../primitives/button';
import { Select } from '../../primitives/select';
import type { SelectOption } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import { metricLabel } from '../benchmark-common/benchmark-data';
import type { ConstraintOp, Direction, MetricKey } from '@mako/contract';
import {
  ButtonWithNote,
  ConstraintRow,
  Grid,
  Legend,
  ObjectiveRow,
  RowList,
  Section,
  SectionNote,
} from './create-tuning-session-dialog.styles';
import type { FieldsetProps } from './fieldset-props';
import { MAX_OBJECTIVES, newConstraint, newObjective } from './session-form';
import type { ConstraintDraft, ObjectiveDraft } from './session-form';

const METRIC_OPTIONS: SelectOption[] = METRIC_KEYS.map((key) => ({
  value: key,
  label: `${metricLabel(key)} · ${key}`,
}));
const DIRECTION_OPTIONS: SelectOption[] = [
  { value: 'maximize', label: 'Maximise' },
  { value: 'minimize', label: 'Minimise' },
];
const OP_OPTIONS: SelectOption[] = [
  { value: '<=', label: '≤' },
  { value: '>=', label: '≥' },
  { value: '<', label: '<' },
  { value: '>', label: '>' },
];
const MAX_CONSTRAINTS = 16;

/** The objective, up to two more (a trade-off front), and the constraints a configuration must meet. */
export function ObjectivesFieldset({ form }: FieldsetProps) {
  const { values, setValues, shown, touch, errors } = form;

  const setObjective = (key: string, patch: Partial<ObjectiveDraft>) =>
    setValues((previous) => ({
      ...previous,
      extraObjectives: previous.extraObjectives.map((objective) =>
        objective.key === key ? { ...objective, ...patch } : objective,
      ),
    }));

  const addObjective = () =>
    setValues((previous) => ({
      ...previous,
      extraObjectives: [
        ...previous.extraObjectives,
        newObjective(
          [previous.objectiveMetric, ...previous.extraObjectives.map((objective) => objective.metric)],
          METRIC_KEYS,
        ),
      ],
      // A front has no single best to re-measure; the checkbox turns off and says why.
      confirm: false,
    }));

  const removeRow = (list: 'constraints' | 'extraObjectives', key: string) =>
    setValues((previous) => ({
      ...previous,
      [list]: (previous[list] as readonly { key: string }[]).filter((item) => item.key !== key),
    }));

  const setConstraint = (key: string, patch: Partial<ConstraintDraft>) =>
    setValues((previous) => ({
      ...previous,
      constraints: previous.constraints.map((constraint) =>
        constraint.key === key ? { ...constraint, ...patch } : constraint,
      ),
    }));

  const multiObjective = values.extraObjectives.length > 0;

  return (
    <Section>
      <Legend>Objective and constraints</Legend>
      <Grid $min={200}>
        <ObjectiveSelects
          labels={{ metric: 'Objective metric', direction: 'Direction' }}
          objective={{ metric: values.objectiveMetric, direction: values.objectiveDirection }}
          onChange={({ metric, direction }) =>
            setValues((previous) => ({
              ...previous,
              objectiveMetric: metric ?? previous.objectiveMetric,
              objectiveDirection: direction ?? previous.objectiveDirection,
            }))
          }
        />
      </Grid>
      {multiObjective ? (
        <RowList aria-label="More objectives">
          {values.extraObjectives.map((objective, index) => {
            const label = `Objective ${index + 2}`;
            // A select has no half-made state: a metric named twice is flagged as soon as it is chosen.
            const metricError = errors[`objective.${objective.key}.metric`];
            return (
              <ObjectiveRow key={objective.key}>
                <ObjectiveSelects
                  labels={{ metric: `${label} metric`, direction: `${label} direction`, hidden: true }}
                  objective={objective}
                  metricError={metricError}
                  onChange={(patch) => setObjective(objective.key, patch)}
                />
                <RemoveRowButton label={label} onRemove={() => removeRow('extraObjectives', objective.key)} />
              </ObjectiveRow>
            );
          })}
        </RowList>
      ) : null}
      <ButtonWithNote>
        <Button
          variant="secondary"
          size="sm"
          disabled={values.extraObjectives.length >= MAX_OBJECTIVES - 1}
          onClick={addObjective}
        >
          Add an objective
        </Button>
        <SectionNote>
          {multiObjective
            ? `${values.extraObjectives.length + 1} objectives: the session finds the trade-off front instead of one best.`
            : 'Two or three objectives find the trade-off front instead of one best.'}
        </SectionNote>
      </ButtonWithNote>
      {values.constraints.length > 0 ? (
        <RowList aria-label="Constraints">
          {values.constraints.map((constraint, index) => {
            const label = `Constraint ${index + 1}`;
            const valueField = `constraint.${constraint.key}.value`;
            return (
              <ConstraintRow key={constraint.key}>
                <Select
                  label={`${label} metric`}
                  hideLabel
                  options={METRIC_OPTIONS}
                  value={constraint.metric}
                  onValueChange={(metric) => setConstraint(constraint.key, { metric: metric as MetricKey })}
                />
                <Select
                  label={`${label} comparison`}
                  hideLabel
                  options={OP_OPTIONS}
                  value={constraint.op}
                  onValueChange={(op) => setConstraint(constraint.key, { op: op as ConstraintOp })}
                />
                <TextField
                  label={`${label} value`}
                  hideLabel
                  placeholder={constraint.metric.includes('_ms.') ? 'ms' : 'value'}
                  inputMode="decimal"
                  mono
                  value={constraint.value}
                  onChange={(event) => setConstraint(constraint.key, { value: event.target.value })}
                  onBlur={() => touch(valueField)}
                  error={shown(valueField)}
                />
                <RemoveRowButton label={label} onRemove={() => removeRow('constraints', constraint.key)} />
              </ConstraintRow>
            );
          })}
        </RowList>
      ) : (
        <SectionNote>No constraints: every measured configuration counts.</SectionNote>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={values.constraints.length >= MAX_CONSTRAINTS}
          onClick={() =>
            setValues((previous) => ({ ...previous, constraints: [...previous.constraints, newConstraint()] }))
          }
        >
          Add constraint
        </Button>
      </div>
    </Section>
  );
}

interface ObjectiveSelectsProps {
  /** The two selects' labels; `hidden` names them for assistive technology only, in a row of like fields. */
  labels: { metric: string; direction: string; hidden?: boolean };
  objective: { metric: MetricKey; direction: Direction };
  metricError?: string;
  onChange: (patch: { metric?: MetricKey; direction?: Direction }) => void;
}

/**
 * An objective's metric and direction. Choosing a metric also sets the direction that is better
 * for it (throughput up, latency down); the user may still flip it.
 */
function ObjectiveSelects({ labels, objective, metricError, onChange }: ObjectiveSelectsProps) {
  return (
    <>
      <Select
        label={labels.metric}
        hideLabel={labels.hidden}
        options={METRIC_OPTIONS}
        value={objective.metric}
        error={metricError}
        onValueChange={(next) =>
          onChange({ metric: next as MetricKey, direction: naturalDirection(next as MetricKey) })
        }
      />
      <Select
        label={labels.direction}
        hideLabel={labels.hidden}
        options={DIRECTION_OPTIONS}
        value={objective.direction}
        onValueChange={(next) => onChange({ direction: next as Direction })}
      />
    </>
  );
}

/** The Remove at the end of a row the user added, named for its row ("Remove constraint 2"). */
function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button variant="ghost" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
      Remove
    </Button>
  );
}
