import type { MetricKey } from '@mako/contract';
import {
  CONSTRAINT_OPS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  METRIC_KEYS,
  formatConstraints,
  isMetricKey,
  parseConstraints,
} from '@mako/contract/vocabulary';

/** `a, b or c`: the operators as the constraint hint lists them. */
function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

export type FilterKind = 'text' | 'count' | 'rate' | 'objective' | 'constraints' | 'flag' | 'limit';

/** The value each kind of field gives the API query, as the contract's BenchmarkSearchQuery accepts it. */
interface FilterValueOfKind {
  text: string;
  count: number;
  limit: number;
  rate: number | 'inf';
  objective: MetricKey;
  /** `metric op value` terms, comma separated, e.g. `ttft_ms.p99<=200,tpot_ms.p99<=50`. */
  constraints: string;
  flag: boolean;
}

interface FilterFieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  kind: FilterKind;
  placeholder?: string;
  hint?: string;
  maxLength?: number;
}

interface FilterGroupSpec<Name extends string = string> {
  legend: string;
  /** Fields shown two to a row (min/max pairs). */
  paired?: boolean;
  fields: readonly FilterFieldSpec<Name>[];
}

/**
 * The form, in the order it is shown. Every parameter of GET /benchmarks/all appears exactly once,
 * and this list is the form's only spelling of the query: BenchmarkSearchFilters and FilterName
 * are read off it, so a new filter is one entry here.
 */
const FILTER_FORM = [
  {
    legend: 'Model and hardware',
    fields: [
      {
        name: 'model_name',
        label: 'Model',
        kind: 'text',
        placeholder: 'meta-llama/Llama-3.1-8B-Instruct',
        maxLength: 200,
      },
      {
        name: 'hardware_name',
        label: 'Hardware',
        kind: 'text',
        placeholder: 'H100',
        hint: 'Accelerator name; any count.',
        maxLength: 64,
      },
      { name: 'software_version', label: 'Runtime version', kind: 'text', placeholder: '0.11.0', maxLength: 64 },
    ],
  },
  {
    legend: 'Ranking',
    fields: [
      { name: 'objective', label: 'Objective', kind: 'objective', hint: 'Best first; without one, newest first.' },
      {
        name: 'constraints',
        label: 'Constraints',
        kind: 'constraints',
        placeholder: 'ttft_ms.p99<=200, tpot_ms.p99<=50',
        hint: `metric op value, comma separated; op is ${orList(CONSTRAINT_OPS)}.`,
        maxLength: 1000,
      },
    ],
  },
  {
    legend: 'Workload',
    paired: true,
    fields: [
      { name: 'dataset', label: 'Dataset', kind: 'text', placeholder: 'random', maxLength: 128 },
      { name: 'request_rate', label: 'Request rate', kind: 'rate', placeholder: '10 or inf', hint: 'req/s' },
      { name: 'num_requests', label: 'Requests', kind: 'count' },
      { name: 'output_len', label: 'Output length', kind: 'count' },
      { name: 'max_seq_length', label: 'Max sequence length', kind: 'count' },
    ],
  },
  {
    legend: 'Length bounds (tokens)',
    paired: true,
    fields: [
      { name: 'min_prompt', label: 'Min prompt', kind: 'count' },
      { name: 'max_prompt', label: 'Max prompt', kind: 'count' },
      { name: 'min_output', label: 'Min output', kind: 'count' },
      { name: 'max_output', label: 'Max output', kind: 'count' },
      /* Bounds on the setting's max_seq_length. */
      { name: 'min_seq', label: 'Min max-seq-length', kind: 'count' },
      { name: 'max_seq', label: 'Max max-seq-length', kind: 'count' },
    ],
  },
  {
    legend: 'Status',
    paired: true,
    fields: [
      { name: 'verified', label: 'Verified', kind: 'flag' },
      { name: 'published', label: 'Published', kind: 'flag' },
    ],
  },
  {
    legend: 'Page',
    paired: true,
    fields: [
      { name: 'limit', label: 'Results per page', kind: 'limit', placeholder: String(DEFAULT_PAGE_SIZE) },
      { name: 'offset', label: 'Skip first', kind: 'count', placeholder: '0' },
    ],
  },
] as const satisfies readonly FilterGroupSpec[];

type FormField = (typeof FILTER_FORM)[number]['fields'][number];

/**
 * Every query parameter of GET /benchmarks/all (SPEC §7), typed as the contract's
 * BenchmarkSearchQuery accepts them: the app passes the object to the API client as it is.
 */
export type BenchmarkSearchFilters = {
  [Field in FormField as Field['name']]?: FilterValueOfKind[Field['kind']];
};

export type FilterName = keyof BenchmarkSearchFilters;

/** The form's text for every filter; '' is "not set". */
export type FilterDraft = Record<FilterName, string>;

export type FilterField = FilterFieldSpec<FilterName>;
export type FilterGroup = FilterGroupSpec<FilterName>;

export const FILTER_GROUPS: readonly FilterGroup[] = FILTER_FORM;

export const FILTER_FIELDS: readonly FilterField[] = FILTER_GROUPS.flatMap((group) => group.fields);

const fieldByName = new Map(FILTER_FIELDS.map((field) => [field.name, field]));

/** min/max pairs: the min must not exceed the max. */
const BOUNDS: ReadonlyArray<[FilterName, FilterName]> = [
  ['min_prompt', 'max_prompt'],
  ['min_output', 'max_output'],
  ['min_seq', 'max_seq'],
];

export const PAGING_FIELDS: readonly FilterName[] = ['limit', 'offset'];

export function emptyDraft(): FilterDraft {
  return Object.fromEntries(FILTER_FIELDS.map((field) => [field.name, ''])) as FilterDraft;
}

/** The form's text for applied filters. */
export function toDraft(filters: BenchmarkSearchFilters): FilterDraft {
  const draft = emptyDraft();
  for (const field of FILTER_FIELDS) {
    const value = filters[field.name];
    draft[field.name] = value === undefined || value === null ? '' : String(value);
  }
  return draft;
}

// ---- Field validation ---------------------------------------------------------------------------------

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$|^\.\d+$/;

export const FILTER_MESSAGES = {
  count: 'Enter a whole number, 0 or more',
  limit: `Enter a whole number from 1 to ${MAX_PAGE_SIZE.toLocaleString('en-US')}`,
  rate: 'Enter a rate above 0 req/s, or inf',
  flag: 'Choose any, yes or no',
  objective: 'Choose a metric from the list',
  bound: (min: string, max: string) => `${min} must not exceed ${max.toLowerCase()}`,
} as const;

/** The message for one field on its own, or null. */
export function validateField(name: FilterName, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const field = fieldByName.get(name);
  switch (field?.kind) {
    case 'count':
      return WHOLE.test(value) && Number.isSafeInteger(Number(value)) ? null : FILTER_MESSAGES.count;
    case 'limit': {
      const n = Number(value);
      return WHOLE.test(value) && n >= 1 && n <= MAX_PAGE_SIZE ? null : FILTER_MESSAGES.limit;
    }
    case 'rate':
      return value.toLowerCase() === 'inf' || (DECIMAL.test(value) && Number(value) > 0) ? null : FILTER_MESSAGES.rate;
    case 'flag':
      return value === 'true' || value === 'false' ? null : FILTER_MESSAGES.flag;
    case 'objective':
      return isMetricKey(value) ? null : FILTER_MESSAGES.objective;
    case 'constraints': {
      const parsed = parseConstraints(value);
      return parsed.ok ? null : parsed.error;
    }
    default:
      return null;
  }
}

export type FilterErrors = Partial<Record<FilterName, string>>;

/** Every field's message, plus min ≤ max for each bound pair (reported on the min field). */
export function validateDraft(draft: FilterDraft): FilterErrors {
  const errors: FilterErrors = {};
  for (const field of FILTER_FIELDS) {
    const message = validateField(field.name, draft[field.name]);
    if (message) errors[field.name] = message;
  }
  for (const [min, max] of BOUNDS) {
    if (errors[min] || errors[max] || draft[min].trim() === '' || draft[max].trim() === '') continue;
    if (Number(draft[min]) > Number(draft[max])) {
      errors[min] = FILTER_MESSAGES.bound(fieldByName.get(min)?.label ?? min, fieldByName.get(max)?.label ?? max);
    }
  }
  return errors;
}

/** A valid draft as filters: unset fields are left out, numbers are numbers, flags are booleans. */
export function toFilters(draft: FilterDraft): BenchmarkSearchFilters {
  const filters: BenchmarkSearchFilters = {};
  const set = filters as Record<FilterName, unknown>;
  for (const field of FILTER_FIELDS) {
    const value = draft[field.name].trim();
    if (value === '') continue;
    switch (field.kind) {
      case 'count':
      case 'limit':
        set[field.name] = Number(value);
        break;
      case 'rate':
        set[field.name] = value.toLowerCase() === 'inf' ? 'inf' : Number(value);
        break;
      case 'flag':
        set[field.name] = value === 'true';
        break;
      case 'constraints': {
        // Written as the API writes them back; a list of no terms (a stray comma) is no filter.
        const parsed = parseConstraints(value);
        if (!parsed.ok) set[field.name] = value;
        else if (parsed.value.length > 0) set[field.name] = formatConstraints(parsed.value);
        break;
      }
      default:
        set[field.name] = value;
    }
  }
  // The first page is the default; say so by leaving offset out.
  if (filters.offset === 0) delete filters.offset;
  return filters;
}

/** How many filters narrow the search (paging does not count). */
export function activeFilterCount(filters: BenchmarkSearchFilters): number {
  return FILTER_FIELDS.filter((field) => !PAGING_FIELDS.includes(field.name) && filters[field.name] !== undefined)
    .length;
}

/** The metrics an objective can name, as the contract lists them. */
export const OBJECTIVE_KEYS: readonly MetricKey[] = METRIC_KEYS;
