import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { Checkbox } from '../../primitives/checkbox';
import { submitUnlessBusy } from '../../primitives/forms/form-state';
import { CheckCircleIcon } from '../../foundations/icons';
import { Select } from '../../primitives/select';
import { TextArea } from '../../primitives/text-area';
import { TextField } from '../../primitives/text-field';
import {
  EngineFieldset,
  EngineGrid,
  Legend,
  Optional,
  SubmitRow,
  SurveyForm,
  SurveyIntro,
  SurveyRoot,
  SurveyTitle,
  ThankYou,
  TwoColumns,
} from './ai-meetup-survey.styles';
import {
  ENGINE_OPTIONS,
  GPU_RANGE_OPTIONS,
  PAIN_MAX,
  ROLE_OPTIONS,
  toSurveyValues,
  validateSurveyField,
  VALIDATED_FIELDS,
} from './survey-fields';
import type { ServingEngine, SurveyDraft, SurveyField, SurveyValues } from './survey-fields';

export const SURVEY_TITLE = 'AI meetup survey';
export const SURVEY_THANK_YOU = 'Thank you! Your answers are in.';

const EMPTY_DRAFT: SurveyDraft = {
  name: '',
  email: '',
  role: '',
  serving_engines: [],
  gpus_in_production: '',
  biggest_pain: '',
  wants_demo: false,
};

export interface AiMeetupSurveyProps {
  /** Called with the contract's SurveyResponseCreate once every field is valid. */
  onSubmit: (values: SurveyValues) => void;
  /** The answers are being sent. */
  busy?: boolean;
  /** The server's message (e.g. 'Too Many Requests'); the answers stay for a retry. */
  error?: string | null;
  /** The answers arrived: the form gives way to the thank-you. */
  completed?: boolean;
  /** Something to do next on the thank-you, e.g. a link home. */
  thankYouActions?: ReactNode;
  defaultValues?: Partial<SurveyDraft>;
  /** h1 on its own page (the default). */
  headingLevel?: 1 | 2;
}

type Errors = Partial<Record<SurveyField, string>>;

/** The AI meetup survey: six short questions, validated on blur and on submit, then a thank-you. */
export function AiMeetupSurvey({
  onSubmit,
  busy = false,
  error,
  completed = false,
  thankYouActions,
  defaultValues,
  headingLevel = 1,
}: AiMeetupSurveyProps) {
  const [draft, setDraft] = useState<SurveyDraft>(() => ({ ...EMPTY_DRAFT, ...defaultValues }));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const titleId = useId();
  const thankYouRef = useRef<HTMLDivElement>(null);
  // Each validated field's control, so that a submit that finds it invalid can focus it.
  const controls = useRef<Partial<Record<SurveyField, HTMLElement | null>>>({});

  // The form the user was in disappears; moving focus to the thank-you makes it heard.
  useEffect(() => {
    if (completed) thankYouRef.current?.focus();
  }, [completed]);

  const check = (field: SurveyField, next: SurveyDraft) =>
    setErrors((current) => ({ ...current, [field]: validateSurveyField(field, next) ?? undefined }));

  /** Updates a field; once it shows an error, it is re-checked as the user fixes it. */
  const update = <K extends keyof SurveyDraft>(field: K, value: SurveyDraft[K], checkNow = false) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    const validated = (VALIDATED_FIELDS as readonly string[]).includes(field);
    if (validated && (checkNow || errors[field as SurveyField])) check(field as SurveyField, next);
  };

  /** What every validated field takes: its name, value and error, and the ref a failed submit focuses. */
  const fieldProps = <F extends SurveyField>(field: F) => ({
    ref: (control: HTMLElement | null) => {
      controls.current[field] = control;
    },
    name: field,
    value: draft[field],
    error: errors[field],
  });
  /** A text field is checked when the user leaves it. */
  const textProps = (field: 'name' | 'email' | 'biggest_pain') => ({
    ...fieldProps(field),
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    onBlur: () => check(field, draft),
  });
  /** A select is checked as soon as a choice is made. */
  const choiceProps = <F extends 'role' | 'gpus_in_production'>(field: F) => ({
    ...fieldProps(field),
    onValueChange: (value: string) => update(field, value as SurveyDraft[F], true),
  });

  const title = (
    <SurveyTitle as={`h${headingLevel}`} id={titleId}>
      {SURVEY_TITLE}
    </SurveyTitle>
  );

  if (completed) {
    return (
      <SurveyRoot aria-labelledby={titleId}>
        {title}
        <ThankYou ref={thankYouRef} tabIndex={-1}>
          <Callout tone="success" icon={<CheckCircleIcon size={20} />} title={SURVEY_THANK_YOU}>
            {draft.wants_demo
              ? 'We will be in touch about a demo. See you at the next meetup!'
              : 'We read every answer. See you at the next meetup!'}
          </Callout>
          {thankYouActions}
        </ThankYou>
      </SurveyRoot>
    );
  }

  const toggleEngine = (engine: ServingEngine, checked: boolean) =>
    update(
      'serving_engines',
      checked ? [...draft.serving_engines, engine] : draft.serving_engines.filter((e) => e !== engine),
    );

  return (
    <SurveyRoot aria-labelledby={titleId}>
      <div>
        {title}
        <SurveyIntro>A few questions, two minutes. Your answers decide what we benchmark and build next.</SurveyIntro>
      </div>
      <Card>
        <SurveyForm
          aria-label={SURVEY_TITLE}
          noValidate
          onSubmit={(event) =>
            submitUnlessBusy(event, busy, () => {
              const found: Errors = {};
              for (const field of VALIDATED_FIELDS) found[field] = validateSurveyField(field, draft) ?? undefined;
              setErrors(found);
              const firstInvalid = VALIDATED_FIELDS.find((field) => found[field]);
              if (firstInvalid) {
                controls.current[firstInvalid]?.focus();
                return;
              }
              const values = toSurveyValues(draft);
              if (!values) return;
              setSubmitted(true);
              onSubmit(values);
            })
          }
        >
          <TwoColumns>
            <TextField
              label={
                <>
                  Name <Optional>(optional)</Optional>
                </>
              }
              autoComplete="name"
              {...textProps('name')}
            />
            <TextField
              label={
                <>
                  E-mail <Optional>(optional)</Optional>
                </>
              }
              type="email"
              autoComplete="email"
              hint="Only if you want the results or a demo."
              {...textProps('email')}
            />
          </TwoColumns>
          <TwoColumns>
            <Select label="Your role" placeholder="Choose your role" options={ROLE_OPTIONS} {...choiceProps('role')} />
            <Select
              label="GPUs serving models in production"
              placeholder="Choose a range"
              options={GPU_RANGE_OPTIONS}
              {...choiceProps('gpus_in_production')}
            />
          </TwoColumns>
          <EngineFieldset>
            <Legend>
              Which serving engines do you run? <Optional>(all that apply)</Optional>
            </Legend>
            <EngineGrid>
              {ENGINE_OPTIONS.map((engine) => (
                <Checkbox
                  key={engine.value}
                  label={engine.label}
                  name="serving_engines"
                  value={engine.value}
                  checked={draft.serving_engines.includes(engine.value)}
                  onCheckedChange={(checked) => toggleEngine(engine.value, checked)}
                />
              ))}
            </EngineGrid>
          </EngineFieldset>
          <TextArea
            label="Your biggest pain in serving models"
            hint="Latency spikes, GPU cost, picking engine flags… a sentence or two is plenty."
            maxLength={PAIN_MAX + 200}
            {...textProps('biggest_pain')}
          />
          <Checkbox
            label="I would like a demo of MakoOptimize"
            name="wants_demo"
            checked={draft.wants_demo}
            onCheckedChange={(checked) => update('wants_demo', checked)}
          />
          <SubmitRow>
            <Button type="submit" size="lg" busy={busy}>
              Send answers
            </Button>
            {submitted && error ? <Callout tone="danger">{error}</Callout> : null}
          </SubmitRow>
        </SurveyForm>
      </Card>
    </SurveyRoot>
  );
}
