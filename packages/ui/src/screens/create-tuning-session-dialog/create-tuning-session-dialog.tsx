import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Dialog, useControllableOpen } from '../../primitives/dialog';
import { Loading, Skeleton } from '../../primitives/skeleton';
import type { EngineFlagList } from '@mako/contract';
import { Form } from './create-tuning-session-dialog.styles';
import { BudgetFieldset } from './budget-fieldset';
import type { SessionFormState } from './fieldset-props';
import { ModelHardwareFieldset } from './model-hardware-fieldset';
import { ObjectivesFieldset } from './objectives-fieldset';
import { SearchSpaceFieldset } from './search-space-fieldset';
import { WorkloadFieldset } from './workload-fieldset';
import { initialValues, toCreateRequest, validateSessionForm, withRuntime } from './session-form';
import type { SearchSpaceRules, SessionFormValues, TuningSessionCreateRequest } from './session-form';

export interface CreateTuningSessionDialogProps {
  /** Controlled open state; leave out to let `trigger` and Cancel drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger?: ReactElement;
  /** GET /benchmarks/supported-runtime-options' `runtimes`; undefined while it loads. */
  runtimes?: readonly EngineFlagList[];
  /** Why the engine-flag lists could not be loaded. */
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
  runtimes: readonly EngineFlagList[];
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

  const form: SessionFormState = { values, setValues, set, text, shown, touch, errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    onCreate(toCreateRequest(values, runtimes, searchSpaceRules));
  };

  return (
    <Form id={FORM_ID} ref={formRef} onSubmit={submit} noValidate aria-label="New tuning session">
      {error ? (
        <div ref={errorRef}>
          <Callout tone="danger" title="The session was not created">
            {error}
          </Callout>
        </div>
      ) : null}

      <ModelHardwareFieldset form={form} runtimes={runtimes} />
      <WorkloadFieldset form={form} />
      <ObjectivesFieldset form={form} />
      <SearchSpaceFieldset form={form} runtimes={runtimes} idPrefix={idPrefix} />
      <BudgetFieldset form={form} />
    </Form>
  );
}
