import { formatOptionValue } from './benchmark-data';
import type { RuntimeOptionChange } from './benchmark-data';
import { MutedText, OptionChip, OptionList } from './benchmark-common.styles';

export interface RuntimeOptionChipsProps {
  options: readonly RuntimeOptionChange[];
  /** Shown when there is nothing to list, e.g. "Engine defaults". */
  emptyLabel?: string;
  /** Wrap the chips within this width (table cells, which otherwise grow to fit one line). */
  maxWidth?: string;
  'aria-label'?: string;
}

/** Engine flags as `name=value` chips in monospace. */
export function RuntimeOptionChips({
  options,
  emptyLabel = 'Engine defaults',
  maxWidth,
  ...rest
}: RuntimeOptionChipsProps) {
  if (options.length === 0) return <MutedText>{emptyLabel}</MutedText>;
  return (
    <OptionList aria-label={rest['aria-label']} $maxWidth={maxWidth}>
      {options.map((option) => (
        <OptionChip key={option.name}>
          {option.name}={formatOptionValue(option.value)}
        </OptionChip>
      ))}
    </OptionList>
  );
}
