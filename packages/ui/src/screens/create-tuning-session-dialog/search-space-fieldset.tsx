import { Checkbox } from '../../primitives/checkbox';
import { ErrorText } from '../../primitives/field/field.styles';
import { TextField } from '../../primitives/text-field';
import { formatNumber } from '../../foundations/format/format';
import { AlertCircleIcon } from '../../foundations/icons';
import type { EngineFlagList, RuntimeOptionSpec } from '@mako/contract';
import {
  Choices,
  Grid,
  Legend,
  OptionBody,
  OptionHead,
  OptionItem,
  OptionList,
  OptionMeta,
  OptionName,
  Section,
  SectionNote,
} from './create-tuning-session-dialog.styles';
import type { FieldsetProps } from './fieldset-props';
import { flagListFor, effectiveChoices } from './session-form';
import type { ParamDraft } from './session-form';

/** The runtime's options to search, each with its bounds or choices. */
export function SearchSpaceFieldset({
  form,
  runtimes,
  idPrefix,
}: FieldsetProps & { runtimes: readonly EngineFlagList[]; idPrefix: string }) {
  const { values, setValues, shown, touch } = form;
  const flagList = flagListFor(runtimes, values.runtime);
  const gpuCount = /^\s*\d+\s*$/.test(values.hardwareCount) ? Number(values.hardwareCount) : null;
  const searchSpaceError = shown('searchSpace');
  const setParam = (name: string, patch: Partial<ParamDraft>) =>
    setValues((previous) => {
      const current = previous.params[name];
      return current ? { ...previous, params: { ...previous.params, [name]: { ...current, ...patch } } } : previous;
    });

  return (
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
      <OptionList aria-label={`${flagList?.display_name ?? 'Runtime'} options`}>
        {(flagList?.options ?? []).map((option) => {
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
  );
}

interface SearchOptionProps {
  option: RuntimeOptionSpec;
  draft: ParamDraft;
  gpuCount: number | null;
  idPrefix: string;
  shown: (field: string) => string | undefined;
  touch: (field: string) => void;
  invalid: boolean;
  onChange: (patch: Partial<ParamDraft>) => void;
}

const defaultText = (option: RuntimeOptionSpec) =>
  option.default === null ? 'default: set by the engine' : `default ${String(option.default)}`;

/** A numeric flag's range: the two ends, each a field of the draft, in the order shown. */
const RANGE_ENDS = [
  ['low', 'Low'],
  ['high', 'High'],
] as const;

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
              {RANGE_ENDS.map(([end, label]) => (
                <TextField
                  key={end}
                  label={label}
                  aria-label={`${option.name} ${end}`}
                  inputMode="decimal"
                  mono
                  value={draft[end]}
                  onChange={(event) =>
                    onChange(end === 'low' ? { low: event.target.value } : { high: event.target.value })
                  }
                  onBlur={() => touch(`${field}.${end}`)}
                  error={shown(`${field}.${end}`)}
                />
              ))}
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
