import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';
import { SpacerCell } from './data-table.styles';

export interface VirtualRowsProps {
  /** Rows of the table (in their displayed order). */
  count: number;
  rowHeight: number;
  columnCount: number;
  getScrollElement: () => HTMLElement | null;
  /** The row at a displayed index. */
  renderRow: (index: number) => ReactNode;
}

/**
 * The body of a virtualised table: the rows in and near the scroll area, with spacer rows standing
 * for the others so that the scroll bar stays true. Its own chunk (TanStack Virtual, 8 kB): only a
 * table of more than a few hundred rows needs it, and the pages of results never do.
 */
export default function VirtualRows({ count, rowHeight, columnCount, getScrollElement, renderRow }: VirtualRowsProps) {
  // No React Compiler runs on this code, and the virtualiser never reaches a memoised child.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement, estimateSize: () => rowHeight, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {before > 0 ? (
        <tr aria-hidden="true">
          <SpacerCell colSpan={columnCount} style={{ height: before }} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(item.index))}
      {after > 0 ? (
        <tr aria-hidden="true">
          <SpacerCell colSpan={columnCount} style={{ height: after }} />
        </tr>
      ) : null}
    </>
  );
}
