import { naturalDirection } from '@mako/contract/vocabulary';
import { formatNumber } from '../../foundations/format/format';
import type {
  ConfigValue,
  ConstraintOp,
  Direction,
  MetricKey,
  Runtime,
  EngineFlagList,
  RuntimeOptionSpec,
  SearchParameter,
  SpaceRule,
  TuningSessionCreate,
} from '@mako/contract';

/*
 * The create-session form as plain data: the text the user typed, a validator that names every
 * problem next to its field, and the conversion to the POST body. No React here, so it is tested
 * as plain functions.
 */

/** Tensor parallelism must fit on the GPUs at hand. */
const TENSOR_PARALLEL_OPTIONS = new Set(['tensor_parallel_size', 'tp_size']);

/** One engine option in the search space: numbers get bounds, categorical options a subset of choices. */
export interface ParamDraft {
  selected: boolean;
  low: string;
  high: string;
  /** The chosen choices, as `String(choice)`; null means "the default set" (which follows the GPU count). */
  choices: string[] | null;
}

export interface ConstraintDraft {
  /** Stable React key and field id. */
  key: string;
  metric: MetricKey;
  op: ConstraintOp;
  value: string;
}

/** A second or third objective of a multi-objective session; the first is `objectiveMetric`/`objectiveDirection`. */
export interface ObjectiveDraft {
  /** Stable React key and field id. */
  key: string;
  metric: MetricKey;
  direction: Direction;
}

export interface SessionFormValues {
  name: string;
  model: string;
  hardwareName: string;
  hardwareCount: string;
  runtime: Runtime | '';
  version: string;
  dataset: string;
  numRequests: string;
  requestRate: string;
  maxConcurrency: string;
  minPrompt: string;
  maxPrompt: string;
  minOutput: string;
  maxOutput: string;
  maxSeqLength: string;
  outputLen: string;
  objectiveMetric: MetricKey;
  objectiveDirection: Direction;
  /** Objectives searched together with the first one for their trade-off front: none, one or two. */
  extraObjectives: ObjectiveDraft[];
  constraints: ConstraintDraft[];
  /** Keyed by option name, for the selected runtime. */
  params: Record<string, ParamDraft>;
  maxTrials: string;
  maxParallel: string;
  /** Re-measure the best and the runner-up once the search is over (single-objective sessions only). */
  confirm: boolean;
  confirmRepeats: string;
}

/**
 * Field ids: the plain names above, plus `objective.<key>.metric`, `constraint.<key>.value`,
 * `param.<name>.low|high|choices`, `extraObjectives` and `searchSpace`.
 */
export type SessionFormErrors = Record<string, string>;

export const FORM_MESSAGES = {
  modelRequired: 'Model is required',
  hardwareRequired: 'Hardware is required',
  countMin: 'Count must be a whole number of at least 1',
  countMax: 'Count must be at most 1,024',
  runtimeRequired: 'Choose a runtime',
  versionRequired: 'Choose a version',
  atLeastOne: 'Enter a whole number of at least 1',
  zeroOrMore: 'Enter a whole number of 0 or more',
  requestRate: 'Enter requests per second above 0, or inf',
  maxConcurrency: 'Leave empty for no limit, or enter a whole number of at least 1',
  minPrompt: 'Min prompt must not exceed max prompt',
  minOutput: 'Min output must not exceed max output',
  number: 'Enter a number',
  wholeNumber: 'Enter a whole number',
  lowAboveHigh: 'Low must not exceed high',
  logNeedsPositive: 'A log scale needs low above 0',
  choicesRequired: 'Choose at least one value',
  searchSpaceEmpty: 'Choose at least one option to search',
  maxTrials: 'Enter a whole number from 1 to 10,000',
  maxParallel: 'Enter a whole number from 1 to 64',
  parallelAboveTrials: 'Max parallel must not exceed max trials',
  objectiveTwice: 'Already an objective: choose another metric',
  tooManyObjectives: 'At most three objectives can be searched together',
  confirmRepeats: 'Enter a whole number from 1 to 5',
  confirmWithObjectives: 'A multi-objective session has a front, not one best to re-measure',
} as const;

/** The most objectives a session searches together (the contract's limit). */
export const MAX_OBJECTIVES = 3;

const parseWhole = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

const parseIntBound = (text: string): number | null => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : null);

const parseNumber = (text: string): number | null => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

function initialParam(option: RuntimeOptionSpec): ParamDraft {
  return {
    selected: option.tunable,
    low: option.low === undefined ? '' : String(option.low),
    high: option.high === undefined ? '' : String(option.high),
    choices: null,
  };
}

function initialParams(flagList: EngineFlagList | undefined): Record<string, ParamDraft> {
  return Object.fromEntries((flagList?.options ?? []).map((option) => [option.name, initialParam(option)]));
}

export function flagListFor(runtimes: readonly EngineFlagList[] | undefined, runtime: Runtime | '') {
  return runtimes?.find((flagList) => flagList.runtime === runtime);
}

function isTensorParallel(option: Pick<RuntimeOptionSpec, 'name'>): boolean {
  return TENSOR_PARALLEL_OPTIONS.has(option.name);
}

/** The choices a categorical option offers, as text; tensor-parallel sizes above the GPU count are dropped from the default set. */
export function effectiveChoices(option: RuntimeOptionSpec, draft: ParamDraft, gpuCount: number | null): string[] {
  if (draft.choices) return draft.choices;
  const all = (option.choices ?? []).map(String);
  if (!isTensorParallel(option) || gpuCount === null) return all;
  return (option.choices ?? []).filter((choice) => typeof choice !== 'number' || choice <= gpuCount).map(String);
}

let constraintCounter = 0;
export function newConstraint(metric: MetricKey = 'ttft_ms.p99'): ConstraintDraft {
  constraintCounter += 1;
  return { key: `c${constraintCounter}`, metric, op: naturalDirection(metric) === 'minimize' ? '<=' : '>=', value: '' };
}

/** Metrics that make a telling trade-off with a throughput objective, tried first when one is added. */
const SUGGESTED_OBJECTIVES: readonly MetricKey[] = [
  'output_throughput_per_user',
  'output_throughput_per_gpu',
  'cost_per_million_tokens',
  'ttft_ms.p99',
];

let objectiveCounter = 0;
/** The next objective: the first suggested metric not yet named, in its natural direction. */
export function newObjective(named: readonly MetricKey[], all: readonly MetricKey[]): ObjectiveDraft {
  objectiveCounter += 1;
  const metric =
    [...SUGGESTED_OBJECTIVES, ...all].find((candidate) => !named.includes(candidate)) ??
    (SUGGESTED_OBJECTIVES[0] as MetricKey);
  return { key: `o${objectiveCounter}`, metric, direction: naturalDirection(metric) };
}

/** Every objective in the order the session names them, the first one included. */
export function objectivesOf(values: SessionFormValues): ObjectiveDraft[] {
  return [
    { key: 'objective', metric: values.objectiveMetric, direction: values.objectiveDirection },
    ...values.extraObjectives,
  ];
}

/** A workload that matches the runner's defaults for the random dataset, and a throughput objective. */
export function initialValues(runtimes: readonly EngineFlagList[] | undefined): SessionFormValues {
  const first = runtimes?.[0];
  return {
    name: '',
    model: '',
    hardwareName: '',
    hardwareCount: '1',
    runtime: first?.runtime ?? '',
    version: first?.versions[0] ?? '',
    dataset: 'random',
    numRequests: '1000',
    requestRate: 'inf',
    maxConcurrency: '64',
    minPrompt: '1024',
    maxPrompt: '1024',
    minOutput: '128',
    maxOutput: '128',
    maxSeqLength: '2048',
    outputLen: '128',
    objectiveMetric: 'output_throughput',
    objectiveDirection: 'maximize',
    extraObjectives: [],
    constraints: [],
    params: initialParams(first),
    maxTrials: '24',
    maxParallel: '1',
    confirm: false,
    confirmRepeats: '2',
  };
}

/** Switching runtime starts from that engine's first version and its default search space. */
export function withRuntime(
  values: SessionFormValues,
  runtimes: readonly EngineFlagList[] | undefined,
  runtime: Runtime | '',
): SessionFormValues {
  const flagList = flagListFor(runtimes, runtime);
  return { ...values, runtime, version: flagList?.versions[0] ?? '', params: initialParams(flagList) };
}

function checkWhole(text: string, min: number): number | null {
  const value = parseWhole(text);
  return value !== null && value >= min ? value : null;
}

function rangeText(option: RuntimeOptionSpec): string {
  return `${formatNumber(option.low, 3)} and ${formatNumber(option.high, 3)}`;
}

function validateParam(
  option: RuntimeOptionSpec,
  draft: ParamDraft,
  gpuCount: number | null,
  errors: SessionFormErrors,
): void {
  const id = `param.${option.name}`;
  if (option.kind === 'bool') return;
  if (option.kind === 'categorical') {
    const chosen = effectiveChoices(option, draft, gpuCount);
    if (chosen.length === 0) errors[`${id}.choices`] = FORM_MESSAGES.choicesRequired;
    else if (isTensorParallel(option) && gpuCount !== null && chosen.some((choice) => Number(choice) > gpuCount))
      errors[`${id}.choices`] = `Choose sizes up to the GPU count (${gpuCount})`;
    return;
  }
  const parse = option.kind === 'int' ? parseIntBound : parseNumber;
  const low = parse(draft.low);
  const high = parse(draft.high);
  const badNumber = option.kind === 'int' ? FORM_MESSAGES.wholeNumber : FORM_MESSAGES.number;
  if (low === null) errors[`${id}.low`] = badNumber;
  if (high === null) errors[`${id}.high`] = badNumber;
  const outside = (value: number) =>
    (option.low !== undefined && value < option.low) || (option.high !== undefined && value > option.high);
  const within = `Must be between ${rangeText(option)}`;
  if (low !== null && outside(low)) errors[`${id}.low`] = within;
  if (high !== null && outside(high)) errors[`${id}.high`] = within;
  if (low !== null && high !== null && !errors[`${id}.low`] && low > high)
    errors[`${id}.low`] = FORM_MESSAGES.lowAboveHigh;
  if (low !== null && option.log && low <= 0 && !errors[`${id}.low`])
    errors[`${id}.low`] = FORM_MESSAGES.logNeedsPositive;
}

/** Every problem, keyed by field id; empty when the form can be sent. */
export function validateSessionForm(
  values: SessionFormValues,
  runtimes: readonly EngineFlagList[] | undefined,
): SessionFormErrors {
  const errors: SessionFormErrors = {};
  if (values.model.trim() === '') errors.model = FORM_MESSAGES.modelRequired;
  if (values.hardwareName.trim() === '') errors.hardwareName = FORM_MESSAGES.hardwareRequired;
  const count = checkWhole(values.hardwareCount, 1);
  if (count === null) errors.hardwareCount = FORM_MESSAGES.countMin;
  else if (count > 1024) errors.hardwareCount = FORM_MESSAGES.countMax;

  const flagList = flagListFor(runtimes, values.runtime);
  if (!flagList) errors.runtime = FORM_MESSAGES.runtimeRequired;
  else if (!flagList.versions.includes(values.version)) errors.version = FORM_MESSAGES.versionRequired;

  if (checkWhole(values.numRequests, 1) === null) errors.numRequests = FORM_MESSAGES.atLeastOne;
  const rate = values.requestRate.trim();
  if (rate !== 'inf' && !((parseNumber(rate) ?? 0) > 0)) errors.requestRate = FORM_MESSAGES.requestRate;
  if (values.maxConcurrency.trim() !== '' && checkWhole(values.maxConcurrency, 1) === null)
    errors.maxConcurrency = FORM_MESSAGES.maxConcurrency;

  const lengths = ['minPrompt', 'maxPrompt', 'minOutput', 'maxOutput'] as const;
  for (const field of lengths) if (checkWhole(values[field], 0) === null) errors[field] = FORM_MESSAGES.zeroOrMore;
  if (!errors.minPrompt && !errors.maxPrompt && Number(values.minPrompt) > Number(values.maxPrompt))
    errors.minPrompt = FORM_MESSAGES.minPrompt;
  if (!errors.minOutput && !errors.maxOutput && Number(values.minOutput) > Number(values.maxOutput))
    errors.minOutput = FORM_MESSAGES.minOutput;
  if (checkWhole(values.maxSeqLength, 1) === null) errors.maxSeqLength = FORM_MESSAGES.atLeastOne;
  if (checkWhole(values.outputLen, 1) === null) errors.outputLen = FORM_MESSAGES.atLeastOne;

  validateObjectives(values, errors);

  for (const constraint of values.constraints)
    if (parseNumber(constraint.value) === null) errors[`constraint.${constraint.key}.value`] = FORM_MESSAGES.number;

  if (flagList) {
    const selected = flagList.options.filter((option) => values.params[option.name]?.selected);
    if (selected.length === 0) errors.searchSpace = FORM_MESSAGES.searchSpaceEmpty;
    for (const option of selected) validateParam(option, values.params[option.name] as ParamDraft, count, errors);
  }

  const trials = checkWhole(values.maxTrials, 1);
  if (trials === null || trials > 10_000) errors.maxTrials = FORM_MESSAGES.maxTrials;
  const parallel = checkWhole(values.maxParallel, 1);
  if (parallel === null || parallel > 64) errors.maxParallel = FORM_MESSAGES.maxParallel;
  else if (trials !== null && parallel > trials) errors.maxParallel = FORM_MESSAGES.parallelAboveTrials;

  if (values.confirm) {
    const repeats = checkWhole(values.confirmRepeats, 1);
    if (repeats === null || repeats > 5) errors.confirmRepeats = FORM_MESSAGES.confirmRepeats;
    if (values.extraObjectives.length > 0) errors.confirm = FORM_MESSAGES.confirmWithObjectives;
  }
  return errors;
}

/** A metric named twice is flagged on the extra objective that repeats an earlier one. */
function validateObjectives(values: SessionFormValues, errors: SessionFormErrors): void {
  if (values.extraObjectives.length > MAX_OBJECTIVES - 1) errors.extraObjectives = FORM_MESSAGES.tooManyObjectives;
  const named: MetricKey[] = [values.objectiveMetric];
  for (const objective of values.extraObjectives) {
    if (named.includes(objective.metric)) errors[`objective.${objective.key}.metric`] = FORM_MESSAGES.objectiveTwice;
    named.push(objective.metric);
  }
}

/** The typed choice back from its text (numbers stay numbers, booleans booleans). */
function choiceValue(option: RuntimeOptionSpec, text: string): ConfigValue {
  return (option.choices ?? []).find((choice) => String(choice) === text) ?? text;
}

function toParameter(option: RuntimeOptionSpec, draft: ParamDraft, gpuCount: number): SearchParameter {
  switch (option.kind) {
    case 'bool':
      return { kind: 'bool', name: option.name };
    case 'categorical':
      return {
        kind: 'categorical',
        name: option.name,
        choices: effectiveChoices(option, draft, gpuCount).map((text) => choiceValue(option, text)),
      };
    case 'int':
    case 'float':
      return {
        kind: option.kind,
        name: option.name,
        low: Number(draft.low),
        high: Number(draft.high),
        ...(option.step !== undefined ? { step: option.step } : {}),
        ...(option.log ? { log: true } : {}),
      };
  }
}

export type SearchSpaceRules = (input: {
  runtime: Runtime;
  gpuCount: number;
  parameters: readonly string[];
}) => SpaceRule[];

/** What "Create session" hands to the app: the POST /tuning/session body and the optional ?name. */
export interface TuningSessionCreateRequest {
  session: TuningSessionCreate;
  name?: string;
}

/**
 * The request for POST /tuning/session?name from a form that passed validation. `rules` adds the
 * engine's validity rules (apps/web passes the contract's defaultSearchSpace rules).
 */
export function toCreateRequest(
  values: SessionFormValues,
  runtimes: readonly EngineFlagList[] | undefined,
  rules?: SearchSpaceRules,
): TuningSessionCreateRequest {
  const flagList = flagListFor(runtimes, values.runtime);
  if (!flagList) throw new Error('toCreateRequest needs a valid form: no runtime chosen');
  const gpuCount = Number(values.hardwareCount);
  const parameters = flagList.options
    .filter((option) => values.params[option.name]?.selected)
    .map((option) => toParameter(option, values.params[option.name] as ParamDraft, gpuCount));
  const rate = values.requestRate.trim();
  const session: TuningSessionCreate = {
    setting: {
      ml_model_name: values.model.trim(),
      hardware_config: { name: values.hardwareName.trim(), count: gpuCount },
      software: { runtime: flagList.runtime, version: values.version },
      workload: {
        dataset: values.dataset,
        num_requests: Number(values.numRequests),
        request_rate: rate === 'inf' ? 'inf' : Number(rate),
        burstiness: 1,
        max_concurrency: values.maxConcurrency.trim() === '' ? null : Number(values.maxConcurrency),
        max_seq_length: Number(values.maxSeqLength),
        output_len: Number(values.outputLen),
        min_prompt: Number(values.minPrompt),
        max_prompt: Number(values.maxPrompt),
        min_output: Number(values.minOutput),
        max_output: Number(values.maxOutput),
      },
    },
    objective: { metric: values.objectiveMetric, direction: values.objectiveDirection },
    ...(values.extraObjectives.length > 0
      ? { objectives: objectivesOf(values).map(({ metric, direction }) => ({ metric, direction })) }
      : {}),
    constraints: values.constraints.map(({ metric, op, value }) => ({ metric, op, value: Number(value) })),
    search_space: {
      parameters,
      rules: rules?.({ runtime: flagList.runtime, gpuCount, parameters: parameters.map((p) => p.name) }) ?? [],
    },
    budget: { max_trials: Number(values.maxTrials), max_parallel: Number(values.maxParallel) },
    ...(values.confirm ? { confirm: { repeats: Number(values.confirmRepeats) } } : {}),
  };
  const name = values.name.trim();
  return name ? { session, name } : { session };
}
