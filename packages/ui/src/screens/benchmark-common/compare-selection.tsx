import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Checkbox } from '../../primitives/checkbox';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { formatNumber } from '../../foundations/format/format';
import { MAX_COMPARED } from './compare-limit';
import { SelectionBar } from './compare-selection.styles';

/** The benchmarks ticked for Compare, in the order they were ticked (the columns' order). */
export interface CompareSelection {
  selected: readonly string[];
  toggle: (id: string, on: boolean) => void;
  clear: () => void;
}

/**
 * The selection behind a Compare checkbox column, or null without `onChange` (no column then).
 * The ids stay with the caller, so a screen can keep them across pages or in the address.
 */
export function useCompareSelection(
  selected: readonly string[],
  onChange: ((ids: string[]) => void) | undefined,
): CompareSelection | null {
  return useMemo(
    () =>
      onChange
        ? {
            selected,
            toggle: (id, on) => {
              const others = selected.filter((other) => other !== id);
              onChange(on ? [...others, id] : others);
            },
            clear: () => onChange([]),
          }
        : null,
    [selected, onChange],
  );
}

export interface CompareCheckboxProps {
  selection: CompareSelection;
  /** The benchmark this row stands for; null when it has none (the box is then disabled). */
  benchmarkId: string | null;
  /** What a screen reader hears, e.g. "Compare benchmark #3". */
  label: ReactNode;
  /** Why a row without a benchmark cannot be ticked; read as the box's description. */
  unavailableReason?: string;
}

export function CompareCheckbox({ selection, benchmarkId, label, unavailableReason }: CompareCheckboxProps) {
  const checked = benchmarkId !== null && selection.selected.includes(benchmarkId);
  return (
    <Checkbox
      label={<VisuallyHidden>{label}</VisuallyHidden>}
      description={
        benchmarkId === null && unavailableReason ? <VisuallyHidden>{unavailableReason}</VisuallyHidden> : undefined
      }
      checked={checked}
      // Past four the columns no longer fit; un-ticking stays possible.
      disabled={benchmarkId === null || (!checked && selection.selected.length >= MAX_COMPARED)}
      onCheckedChange={(on) => (benchmarkId === null ? undefined : selection.toggle(benchmarkId, on))}
    />
  );
}

export interface CompareBarProps {
  selection: CompareSelection;
  onCompare?: (ids: readonly string[]) => void;
  /** What the rows are called in the hint: "results", "benchmarks", "trials". */
  rowsName: string;
  /** More actions at the bar's end (export). */
  children?: ReactNode;
}

/** The count of ticked rows, Compare (from two) and Clear selection. */
export function CompareBar({ selection, onCompare, rowsName, children }: CompareBarProps) {
  const count = selection.selected.length;
  return (
    <SelectionBar aria-label={`Selected ${rowsName}`}>
      <span aria-live="polite">
        {count === 0
          ? `Tick 2–${MAX_COMPARED} ${rowsName} to compare them side by side.`
          : `${formatNumber(count)} of ${MAX_COMPARED} selected for comparison`}
      </span>
      <Button size="sm" disabled={count < 2} onClick={() => onCompare?.(selection.selected)}>
        Compare
      </Button>
      {count > 0 ? (
        <Button variant="ghost" size="sm" onClick={selection.clear}>
          Clear selection
        </Button>
      ) : null}
      {children}
    </SelectionBar>
  );
}

/** The checkbox column's header: the column is named for screen readers only. */
export const compareColumnHeader = () => <VisuallyHidden>Compare</VisuallyHidden>;
