import { DATASET_KINDS, naturalDirection } from '@mako/contract/vocabulary';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../primitives/button';
import { Select } from '../../primitives/select';
import { TextField } from '../../primitives/text-field';
import { metricLabel } from '../benchmark-common/benchmark-data';
import {
  FILTER_FIELDS,
  FILTER_GROUPS,
  OBJECTIVE_KEYS,
  PAGING_FIELDS,
  emptyDraft,
  toDraft,
  toFilters,
  validateDraft,
} from './search-filters';
import type { BenchmarkSearchFilters, FilterDraft, FilterErrors, FilterField, FilterName } from './search-filters';
import { Fieldset, FilterForm, FormActions } from './benchmark-search.styles';

/** Values offered while typing (a datalist), e.g. the models and GPUs that have benchmarks. */
export interface BenchmarkSearchSuggestions {
  model_name?: readonly string[];
  hardware_name?: readonly string[];
  software_version?: readonly string[];
  dataset?: readonly string[];
}

export interface SearchFilterFormProps {
  /** The filters of the search on screen; the form starts from them and follows their changes. */
  filters: BenchmarkSearchFilters;
  onSearch: (filters: BenchmarkSearchFilters) => void;
  suggestions?: BenchmarkSearchSuggestions;
  /** A search is in flight: the Search button spins. */
  searching?: boolean;
  /** Called after a valid submit, e.g. to fold the filters away on a phone. */
  onSubmitted?: () => void;
  id?: string;
}

const objectiveOptions = OBJECTIVE_KEYS.map((metric) => ({
  value: metric,
  label: `${metricLabel(metric)} (${naturalDirection(metric) === 'maximize' ? 'highest' : 'lowest'} first)`,
}));

const flagOptions = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const pick = (errors: FilterErrors, names: ReadonlySet<FilterName>): FilterErrors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name as FilterName)));

/**
 * The filters of GET /benchmarks/all, every one of them. Fields validate on blur and again on
 * submit, where the first invalid field takes the focus and nothing is sent.
 */
export function SearchFilterForm({
  filters,
  onSearch,
  suggestions,
  searching = false,
  onSubmitted,
  id,
}: SearchFilterFormProps) {
  const generated = useId();
  const formId = id ?? `search-filters-${generated}`;
  const formRef = useRef<HTMLFormElement>(null);

  const applied = toDraft(filters);
  const appliedKey = JSON.stringify(applied);
  const [lastApplied, setLastApplied] = useState<FilterDraft>(applied);
  const [lastAppliedKey, setLastAppliedKey] = useState(appliedKey);
  const [draft, setDraft] = useState<FilterDraft>(applied);
  const [touched, setTouched] = useState<ReadonlySet<FilterName>>(new Set());
  const [errors, setErrors] = useState<FilterErrors>({});

  // New filters from outside (paging, the address bar): take the fields that changed and keep the
  // user's unsent edits of the others.
  if (appliedKey !== lastAppliedKey) {
    setLastAppliedKey(appliedKey);
    setLastApplied(applied);
    setDraft((current) => {
      const next = { ...current };
      for (const field of FILTER_FIELDS)
        if (applied[field.name] !== lastApplied[field.name]) next[field.name] = applied[field.name];
      return next;
    });
  }

  const change = (name: FilterName, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    // Once a message shows, it follows the typing, so it disappears as soon as the value is fixed.
    if (Object.keys(errors).length > 0) setErrors(pick(validateDraft(next), touched));
  };

  const blur = (name: FilterName) => {
    const nextTouched = new Set(touched).add(name);
    setTouched(nextTouched);
    setErrors(pick(validateDraft(draft), nextTouched));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setTouched(new Set(FILTER_FIELDS.map((field) => field.name)));
    setErrors(found);
    const firstInvalid = FILTER_FIELDS.find((field) => found[field.name]);
    if (firstInvalid) {
      const control = formRef.current?.elements.namedItem(firstInvalid.name);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    const next = toFilters(draft);
    // Changed filters start again at the first result, unless the user asked for an offset too.
    const narrowed = FILTER_FIELDS.some(
      (field) => !PAGING_FIELDS.includes(field.name) && draft[field.name].trim() !== applied[field.name],
    );
    if (narrowed && draft.offset.trim() === applied.offset) delete next.offset;
    onSearch(next);
    onSubmitted?.();
  };

  const reset = () => {
    setDraft(emptyDraft());
    setTouched(new Set());
    setErrors({});
    onSearch({});
    onSubmitted?.();
  };

  const listId = (name: FilterName) => `${formId}-${name}-suggestions`;
  const suggestionsFor = (name: FilterName): readonly string[] | undefined =>
    name === 'dataset'
      ? (suggestions?.dataset ?? DATASET_KINDS)
      : suggestions?.[name as keyof BenchmarkSearchSuggestions];

  const renderField = (field: FilterField, paired: boolean) => {
    const common = {
      id: `${formId}-${field.name}`,
      name: field.name,
      label: field.label,
      hint: field.hint,
      error: errors[field.name],
      value: draft[field.name],
      onBlur: () => blur(field.name),
    };
    // In a pair, long controls (text, selects with long labels) take the whole row.
    const wide = paired && (field.kind === 'text' || field.kind === 'objective') ? { 'data-wide': '' } : {};
    // The fields with a closed set of answers are selects; an empty answer leaves the filter off.
    const choices =
      field.kind === 'objective'
        ? { options: objectiveOptions, placeholder: 'None (newest first)' }
        : field.kind === 'flag'
          ? { options: flagOptions, placeholder: 'Any' }
          : null;
    if (choices) {
      return (
        <div key={field.name} {...wide}>
          <Select {...common} {...choices} onValueChange={(value) => change(field.name, value)} />
        </div>
      );
    }
    const numeric = field.kind === 'count' || field.kind === 'limit' || field.kind === 'rate';
    const options = suggestionsFor(field.name);
    return (
      <div key={field.name} {...wide}>
        <TextField
          {...common}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          mono={numeric || field.kind === 'constraints'}
          // The monospace font draws <= as ≤; the field must show what is typed.
          style={field.kind === 'constraints' ? { fontVariantLigatures: 'none' } : undefined}
          inputMode={field.kind === 'rate' ? 'decimal' : numeric ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={false}
          list={options ? listId(field.name) : undefined}
          onChange={(event) => change(field.name, event.target.value)}
        />
        {options ? (
          <datalist id={listId(field.name)}>
            {options.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        ) : null}
      </div>
    );
  };

  return (
    <FilterForm ref={formRef} id={formId} aria-label="Benchmark filters" noValidate onSubmit={submit}>
      {FILTER_GROUPS.map((group) => (
        <Fieldset key={group.legend} $paired={Boolean(group.paired)}>
          <legend>{group.legend}</legend>
          {group.fields.map((field) => renderField(field, Boolean(group.paired)))}
        </Fieldset>
      ))}
      <FormActions>
        <Button type="submit" busy={searching}>
          Search
        </Button>
        <Button type="button" variant="secondary" onClick={reset}>
          Reset
        </Button>
      </FormActions>
    </FilterForm>
  );
}
