import { DATASET_KINDS, METRIC_KEYS, naturalDirection } from '@mako/contract/vocabulary';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { metricLabel } from '../benchmark-common/benchmark-data';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Checkbox } from '../../primitives/checkbox';
import { Dialog, useControllableOpen } from '../../primitives/dialog';
import { ErrorText } from '../../primitives/field/field.styles';
import { formatNumber } from '../../foundations/format/format';
import { AlertCircleIcon } from '../../foundations/icons';
import { Select } from '../../primitives/select';
import type { SelectOption } from '../../primitives/select';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { TextField } from '../../primitives/text-field';
import type {
  ConstraintOp,
  Direction,
  MetricKey,
  Runtime,
  RuntimeCatalogueData,
  RuntimeOptionData,
  TuningSessionCreateRequest,
} from '../benchmark-common/tuning-types';
import {
  ButtonWithNote,
  Choices,
  ConstraintRow,
  Form,
  Grid,
  Legend,
  ObjectiveRow,
  OptionBody,
  OptionHead,
  OptionItem,
  OptionList,
  OptionMeta,
  OptionName,
  RowList,
  Section,
  SectionNote,
  Wide,
} from './create-tuning-session-dialog.styles';
import {
  MAX_OBJECTIVES,
  catalogueFor,
  effectiveChoices,
  initialValues,
  newConstraint,
  newObjective,
  toCreateRequest,
  validateSessionForm,
  withRuntime,
} from './session-form';
import type { ConstraintDraft, ObjectiveDraft, ParamDraft, SearchSpaceRules, SessionFormValues } from './session-form';

export interface CreateTuningSessionDialogProps {
  /** Controlled open state; leave out to let `trigger` and Cancel drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger?: ReactElement;
  /** GET /benchmarks/supported-runtime-options' `runtimes`; undefined while it loads. */
  runtimes?: readonly RuntimeCatalogueData[];
  /** Why the runtime catalogue could not be loaded. */
  runtimesError?: string | null;
  /** Called with the POST body and the optional session name once every field is valid. */
  onCreate: (request: TuningSessionCreateRequest) => void;
  /** The request is in flight. */
  busy?: boolean;
  /** The server's refusal, e.g. 'User is not allowed to create new tuning session' (403). */
  error?: string | null;
  /** The engine's validity rules for the chosen parameters (apps/web: the contract's defaultSearchSpace rules). */
  searchSpaceRules?: SearchSpaceRules;
  /** Prefills fields, e.g. the model and hardware of a benchmark the user came from. */
  defaultValues?: Partial<Omit<SessionFormValues, 'params' | 'constraints' | 'extraObjectives'>>;
}

const FORM_ID = 'create-tuning-session-form';

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
const DATASET_OPTIONS: SelectOption[] = DATASET_KINDS.map((dataset) => ({ value: dataset, label: dataset }));
const MAX_CONSTRAINTS = 16;

/**
 * "New tuning session": model, hardware and runtime, the workload, objective and constraints, the
 * search space over the runtime's options, and the budget. Every field is checked before anything
 * is sent; the server's answer (busy, refusal) comes back through props.
 */
export function CreateTuningSessionDialog({
  open,
  onOpenChange,
  trigger,
  runtimes,
  runtimesError,
  busy = false,
  ...formOptions
}: CreateTuningSessionDialogProps) {
  const [isOpen, setOpen] = useControllableOpen(open, onOpenChange);

  let body: ReactElement;
  if (runtimes && runtimes.length > 0) {
    body = <SessionForm runtimes={runtimes} {...formOptions} />;
  } else if (runtimesError || runtimes) {
    body = (
      <Callout tone="danger" title="The supported runtimes could not be loaded">
        {runtimesError || 'No runtime is available.'}
      </Callout>
    );
  } else {
    body = (
      <Loading label="Loading the supported runtimes">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={120} />
      </Loading>
    );
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      size="lg"
      title="New tuning session"
      description="What to serve, on which hardware, under which load, and which engine options to search."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} busy={busy} disabled={!runtimes || runtimes.length === 0}>
            Create session
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}

type SessionFormProps = Pick<
  CreateTuningSessionDialogProps,
  'onCreate' | 'error' | 'searchSpaceRules' | 'defaultValues'
> & {
  runtimes: readonly RuntimeCatalogueData[];
};

function SessionForm({ runtimes, onCreate, error, searchSpaceRules, defaultValues }: SessionFormProps) {
  const [values, setValues] = useState<SessionFormValues>(() => {
    const initial = initialValues(runtimes);
    const runtime = defaultValues?.runtime;
    const base = runtime && runtime !== initial.runtime ? withRuntime(initial, runtimes, runtime) : initial;
    return { ...base, ...defaultValues, params: base.params };
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();

  const errors = validateSessionForm(values, runtimes);
  const shown = (field: string): string | undefined => (submitted || touched.has(field) ? errors[field] : undefined);
  const touch = (field: string) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  useEffect(() => {
    // The refusal appears at the top of a long, scrolled form: bring it into view.
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const set = <K extends keyof SessionFormValues>(field: K, value: SessionFormValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const text = (field: keyof SessionFormValues & string) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
    onBlur: () => touch(field),
    error: shown(field),
  });

  const setParam = (name: string, patch: Partial<ParamDraft>) =>
    setValues((previous) => {
      const current = previous.params[name];
      return current ? { ...previous, params: { ...previous.params, [name]: { ...current, ...patch } } } : previous;
    });

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    onCreate(toCreateRequest(values, runtimes, searchSpaceRules));
  };

  const catalogue = catalogueFor(runtimes, values.runtime);
  const gpuCount = /^\s*\d+\s*$/.test(values.hardwareCount) ? Number(values.hardwareCount) : null;
  const versionOptions = (catalogue?.versions ?? []).map((version) => ({ value: version, label: version }));
  const searchSpaceError = shown('searchSpace');
  const multiObjective = values.extraObjectives.length > 0;

  return (
    <Form id={FORM_ID} ref={formRef} onSubmit={submit} noValidate aria-label="New tuning session">
      {error ? (
        <div ref={errorRef}>
          <Callout tone="danger" title="The session was not created">
            {error}
          </Callout>
        </div>
      ) : null}

      <Section>
        <Legend>Model and hardware</Legend>
        <Grid $min={150}>
          <Wide>
            <TextField
              label="Model"
              placeholder="meta-llama/Llama-3.1-8B-Instruct"
              mono
              autoComplete="off"
              spellCheck={false}
              {...text('model')}
            />
          </Wide>
          <TextField label="Hardware" placeholder="H100" autoComplete="off" {...text('hardwareName')} />
          <TextField label="GPU count" inputMode="numeric" mono {...text('hardwareCount')} />
          <Select
            label="Runtime"
            options={runtimes.map((runtime) => ({ value: runtime.runtime, label: runtime.display_name }))}
            value={values.runtime}
            onValueChange={(runtime) => setValues((previous) => withRuntime(previous, runtimes, runtime as Runtime))}
            error={shown('runtime')}
          />
          <Select
            label="Version"
            options={versionOptions}
            value={values.version}
            onValueChange={(version) => set('version', version)}
            error={shown('version')}
            mono
          />
          <Wide>
            <TextField
              label="Session name (optional)"
              placeholder="Llama 3.1 8B on H100: max throughput"
              hint="Shown in the list of sessions."
              {...text('name')}
            />
          </Wide>
        </Grid>
      </Section>

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

      <Section aria-describedby={searchSpaceError ? `${idPrefix}-space-error` : undefined}>
        <Legend>Search space</Legend>
        <SectionNote>
          Checked options are searched within their bounds; the others stay at the engine default.
        </SectionNote>
        {searchSpaceError ? (
          <ErrorText id={`${idPrefix}-space-error`}>
            <AlertCircleIcon size={14} />
            <span>{searchSpaceError}</span>
          </ErrorText>
        ) : null}
        <OptionList aria-label={`${catalogue?.display_name ?? 'Runtime'} options`}>
          {(catalogue?.options ?? []).map((option) => {
            const draft = values.params[option.name];
            return draft ? (
              <SearchOption
                key={option.name}
                option={option}
                draft={draft}
                gpuCount={gpuCount}
                idPrefix={idPrefix}
                shown={shown}
                touch={touch}
                invalid={Boolean(searchSpaceError)}
                onChange={(patch) => setParam(option.name, patch)}
              />
            ) : null;
          })}
        </OptionList>
      </Section>

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
    </Form>
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

interface SearchOptionProps {
  option: RuntimeOptionData;
  draft: ParamDraft;
  gpuCount: number | null;
  idPrefix: string;
  shown: (field: string) => string | undefined;
  touch: (field: string) => void;
  invalid: boolean;
  onChange: (patch: Partial<ParamDraft>) => void;
}

const defaultText = (option: RuntimeOptionData) =>
  option.default === null ? 'default: set by the engine' : `default ${String(option.default)}`;

function SearchOption({ option, draft, gpuCount, idPrefix, shown, touch, invalid, onChange }: SearchOptionProps) {
  const field = `param.${option.name}`;
  const choicesError = shown(`${field}.choices`);
  const chosen = effectiveChoices(option, draft, gpuCount);
  const range =
    option.kind === 'int' || option.kind === 'float'
      ? `${formatNumber(option.low, 3)}–${formatNumber(option.high, 3)}${option.log ? ', log scale' : ''}`
      : null;
  return (
    <OptionItem>
      <OptionHead>
        <Checkbox
          label={<OptionName>{option.name}</OptionName>}
          description={option.description}
          checked={draft.selected}
          onCheckedChange={(selected) => onChange({ selected })}
          aria-invalid={invalid || undefined}
        />
        <OptionMeta>
          {option.flag} · {defaultText(option)}
        </OptionMeta>
      </OptionHead>
      {draft.selected ? (
        <OptionBody>
          {range !== null ? (
            <Grid $min={140}>
              <TextField
                label="Low"
                aria-label={`${option.name} low`}
                inputMode="decimal"
                mono
                value={draft.low}
                onChange={(event) => onChange({ low: event.target.value })}
                onBlur={() => touch(`${field}.low`)}
                error={shown(`${field}.low`)}
              />
              <TextField
                label="High"
                aria-label={`${option.name} high`}
                inputMode="decimal"
                mono
                value={draft.high}
                onChange={(event) => onChange({ high: event.target.value })}
                onBlur={() => touch(`${field}.high`)}
                error={shown(`${field}.high`)}
              />
            </Grid>
          ) : null}
          {range !== null ? <OptionMeta>Engine range {range}</OptionMeta> : null}
          {option.kind === 'categorical' ? (
            <div
              role="group"
              aria-label={`${option.name} values`}
              aria-describedby={choicesError ? `${idPrefix}-${option.name}-choices` : undefined}
            >
              <Choices>
                {(option.choices ?? []).map((choice) => {
                  const value = String(choice);
                  return (
                    <Checkbox
                      key={value}
                      label={value}
                      checked={chosen.includes(value)}
                      aria-invalid={choicesError ? true : undefined}
                      onCheckedChange={(checked) => {
                        touch(`${field}.choices`);
                        const all = (option.choices ?? []).map(String);
                        const next = checked ? [...chosen, value] : chosen.filter((item) => item !== value);
                        onChange({ choices: all.filter((item) => next.includes(item)) });
                      }}
                    />
                  );
                })}
              </Choices>
              {choicesError ? (
                <ErrorText id={`${idPrefix}-${option.name}-choices`}>
                  <AlertCircleIcon size={14} />
                  <span>{choicesError}</span>
                </ErrorText>
              ) : null}
            </div>
          ) : null}
          {option.kind === 'bool' ? <OptionMeta>Searches both on and off.</OptionMeta> : null}
        </OptionBody>
      ) : null}
    </OptionItem>
  );
}
