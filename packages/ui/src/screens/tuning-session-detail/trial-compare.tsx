import { createColumnHelper } from '@tanstack/react-table';
import type { CellContext } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { CompareCheckbox, compareColumnHeader } from '../benchmark-common/compare-selection';
import type { CompareSelection } from '../benchmark-common/compare-selection';
import type { TuningResult } from '@mako/contract';

export const NO_BENCHMARK_TO_COMPARE = 'This trial has no stored benchmark to compare.';

/**
 * The ticked trials' benchmarks. The results table builds its columns on every render, so the
 * checkbox cell is a module-level component that reads the selection from here: a cell function
 * made per render would remount the box and drop its focus on every tick.
 */
export const TrialCompareContext = createContext<CompareSelection | null>(null);

function TrialCompareCell({ row }: CellContext<TuningResult, unknown>) {
  const selection = useContext(TrialCompareContext);
  if (!selection) return null;
  return (
    <CompareCheckbox
      selection={selection}
      benchmarkId={row.original.benchmark_id ?? null}
      label={`Compare trial #${row.original.trial_number}`}
      unavailableReason={NO_BENCHMARK_TO_COMPARE}
    />
  );
}

export const trialCompareColumn = createColumnHelper<TuningResult>().display({
  id: 'compare',
  header: compareColumnHeader,
  cell: TrialCompareCell,
  meta: { width: '44px' },
});
