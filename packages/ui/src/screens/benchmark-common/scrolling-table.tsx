import { DataTable } from '../../primitives/data-table';
import type { DataTableProps } from '../../primitives/data-table';
import { ScrollRegion } from './benchmark-common.styles';

export interface ScrollingTableProps<TRow> extends DataTableProps<TRow> {
  /** Names the scroll region, which is focusable so that a keyboard can scroll it. */
  regionLabel: string;
}

/** A small static table that scrolls sideways on narrow screens instead of squeezing its figures. */
export function ScrollingTable<TRow>({ regionLabel, ...table }: ScrollingTableProps<TRow>) {
  return (
    <ScrollRegion tabIndex={0} role="region" aria-label={regionLabel}>
      <DataTable {...table} />
    </ScrollRegion>
  );
}
