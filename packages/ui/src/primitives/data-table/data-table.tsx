import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type {
  Cell as TableCell,
  ColumnDef,
  OnChangeFn,
  PaginationState,
  Row as TableRow,
  SortingState,
} from '@tanstack/react-table';
import { lazy, memo, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../button';
import { formatNumber } from '../../foundations/format/format';
import {
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsUpDownIcon,
  ChevronUpIcon,
} from '../../foundations/icons';
import { Skeleton } from '../skeleton';
import {
  Caption,
  Cell,
  HeaderCell,
  MessageCell,
  Pager,
  PagerButtons,
  PagerRange,
  Row,
  Scroller,
  SortButton,
  Table,
  TableFrame,
} from './data-table.styles';
import type { CellAlign } from './data-table.styles';

/** Put these in a column's `meta`. */
export interface DataTableColumnMeta {
  /** Numbers align right; the default is left. */
  align?: CellAlign;
  /** Monospace with tabular figures (and right-aligned unless `align` says otherwise). */
  numeric?: boolean;
  /** A fixed width such as '120px' or '20%'. */
  width?: string;
}

/** Server-side pagination: the page arrives through `data`, the total through `rowCount`. */
export interface ManualPagination {
  pageIndex: number;
  pageSize: number;
  rowCount: number;
  onPaginationChange: (next: { pageIndex: number; pageSize: number }) => void;
}

export interface DataTableProps<TRow> {
  data: readonly TRow[];
  // TanStack's column value types vary per column; `any` is its documented way to hold a mixed list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ReadonlyArray<ColumnDef<TRow, any>>;
  /** Names the table for assistive technology (rendered as a visually hidden caption). */
  caption: string;
  getRowId?: (row: TRow, index: number) => string;
  initialSorting?: SortingState;
  /** Controlled sorting; set `manualSorting` when the server sorts. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  manualSorting?: boolean;
  /** Client-side pagination with this page size. Leave out to show every row. */
  pageSize?: number;
  /** Server-side pagination (limit/offset); overrides `pageSize`. */
  pagination?: ManualPagination;
  /**
   * Render only the rows in view. 'auto' (the default) turns it on above 200 rows on the page.
   * A virtualised table scrolls inside `maxHeight`.
   */
  virtualize?: boolean | 'auto';
  /** Height of the scroll area in px; needed for virtualisation (defaults to 480 then). */
  maxHeight?: number;
  /** Row height in px: 36 (compact, default) or e.g. 44. */
  rowHeight?: number;
  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
}

const VIRTUALIZE_ABOVE = 200;
const VirtualRows = lazy(() => import('./virtual-rows'));
/**
 * Rows of a table's first render: more than a tall screen shows. The rest follow in transitions,
 * which React renders in slices between input and paints, so a page of a hundred results paints its
 * first screen sooner and does not block the main thread while the rest render.
 */
const FIRST_RENDER_ROWS = 30;
/**
 * Rows each of those transitions adds. React slices the rendering, but committing, styling and
 * laying out the new rows is one task: the other seventy rows of a search page at once made a task
 * of 150–280 ms on a loaded machine (Lighthouse counts four times that on its phone), ten rows
 * tasks of 20–40 ms.
 */
const NEXT_RENDER_ROWS = 10;

function metaOf(meta: unknown): DataTableColumnMeta {
  return (meta ?? {}) as DataTableColumnMeta;
}

function alignOf(meta: DataTableColumnMeta): CellAlign {
  return meta.align ?? (meta.numeric ? 'right' : 'left');
}

/**
 * One row of the body. The cells come from TanStack Table, which keeps them (and their contexts)
 * while the data, the columns and the column visibility stay the same, so a row whose cells and
 * position are unchanged is not rendered again when the table grows or something around it changes.
 */
function BodyRowCells<TRow>({
  cells,
  height,
  rowIndex,
}: {
  cells: ReadonlyArray<TableCell<TRow, unknown>>;
  height: number;
  rowIndex: number;
}) {
  return (
    <Row $height={height} aria-rowindex={rowIndex}>
      {cells.map((cell) => {
        const meta = metaOf(cell.column.columnDef.meta);
        return (
          <Cell key={cell.id} data-align={alignOf(meta)} data-numeric={meta.numeric || undefined}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Cell>
        );
      })}
    </Row>
  );
}

// memo() drops the type parameter; the cast gives it back.
const BodyRow = memo(BodyRowCells) as typeof BodyRowCells;

/**
 * A sortable table on TanStack Table, with client or server pagination and row virtualisation
 * (TanStack Virtual) for thousands of rows. Rows stay real <tr>s, so it remains a table to
 * assistive technology (aria-rowcount / aria-rowindex say where in the full list a row is).
 */
export function DataTable<TRow>({
  data,
  columns,
  caption,
  getRowId,
  initialSorting = [],
  sorting: controlledSorting,
  onSortingChange,
  manualSorting = false,
  pageSize,
  pagination: manualPagination,
  virtualize = 'auto',
  maxHeight,
  rowHeight = 36,
  loading = false,
  empty = 'No rows',
}: DataTableProps<TRow>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>(initialSorting);
  const [ownPagination, setOwnPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: pageSize ?? 50 });
  const sorting = controlledSorting ?? ownSorting;
  const paginated = Boolean(manualPagination || pageSize);

  const handleSorting: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    if (!controlledSorting) setOwnSorting(next);
    onSortingChange?.(next);
  };

  const paginationState: PaginationState = manualPagination
    ? { pageIndex: manualPagination.pageIndex, pageSize: manualPagination.pageSize }
    : ownPagination;

  const handlePagination: OnChangeFn<PaginationState> = (updater) => {
    const next = typeof updater === 'function' ? updater(paginationState) : updater;
    if (manualPagination) manualPagination.onPaginationChange(next);
    else setOwnPagination(next);
  };

  // No React Compiler runs on this code, and the table instance never reaches a memoised child.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<TRow>({
    data: data as TRow[],
    columns: columns as Array<ColumnDef<TRow, unknown>>,
    getRowId,
    state: { sorting, ...(paginated ? { pagination: paginationState } : {}) },
    onSortingChange: handleSorting,
    onPaginationChange: handlePagination,
    manualSorting,
    manualPagination: Boolean(manualPagination),
    rowCount: manualPagination?.rowCount,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
    getPaginationRowModel: paginated && !manualPagination ? getPaginationRowModel() : undefined,
    // A reordered list should start at the top, not on page 37.
    autoResetPageIndex: !manualPagination,
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const useVirtual = !loading && (virtualize === true || (virtualize === 'auto' && rows.length > VIRTUALIZE_ABOVE));
  const [shownRows, setShownRows] = useState(FIRST_RENDER_ROWS);
  const growing = !loading && !useVirtual && shownRows < rows.length;
  useEffect(() => {
    if (growing) startTransition(() => setShownRows((shown) => shown + NEXT_RENDER_ROWS));
  }, [growing, shownRows]);
  const scrollHeight = maxHeight ?? (useVirtual ? 480 : undefined);

  const scrollRef = useRef<HTMLDivElement>(null);

  const totalRows =
    manualPagination?.rowCount ?? (paginated ? table.getPrePaginationRowModel().rows.length : rows.length);
  const firstIndexOnPage = paginated ? paginationState.pageIndex * paginationState.pageSize : 0;

  // aria-rowindex counts in the displayed order (after sorting), 1 being the header row.
  const renderRow = (row: TableRow<TRow>, displayIndex: number) => (
    <BodyRow
      key={row.id}
      cells={row.getVisibleCells()}
      height={rowHeight}
      rowIndex={firstIndexOnPage + displayIndex + 2}
    />
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: 5 }, (_, index) => (
      <Row key={`loading-${index}`} $height={rowHeight} aria-hidden="true">
        {Array.from({ length: columnCount }, (__, column) => (
          <Cell key={column}>
            <Skeleton height={12} width={column === 0 ? '70%' : '50%'} />
          </Cell>
        ))}
      </Row>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <MessageCell colSpan={columnCount}>{empty}</MessageCell>
      </tr>
    );
  } else if (useVirtual) {
    // Until the virtualiser's chunk is in, the first rows stand in for the scroll area's.
    body = (
      <Suspense fallback={rows.slice(0, FIRST_RENDER_ROWS).map(renderRow)}>
        <VirtualRows
          count={rows.length}
          rowHeight={rowHeight}
          columnCount={columnCount}
          getScrollElement={() => scrollRef.current}
          renderRow={(index) => {
            const row = rows[index];
            return row ? renderRow(row, index) : null;
          }}
        />
      </Suspense>
    );
  } else {
    body = (growing ? rows.slice(0, shownRows) : rows).map((row, index) => renderRow(row, index));
  }

  const pageCount = table.getPageCount();
  const lastIndexOnPage = Math.min(firstIndexOnPage + rows.length, totalRows);

  return (
    <TableFrame>
      <Scroller
        ref={scrollRef}
        $maxHeight={scrollHeight}
        // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
        tabIndex={scrollHeight ? 0 : undefined}
        role={scrollHeight ? 'region' : undefined}
        aria-label={scrollHeight ? caption : undefined}
      >
        <Table aria-rowcount={loading ? undefined : totalRows + 1} aria-busy={loading || undefined}>
          <Caption>{caption}</Caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => {
                  const meta = metaOf(header.column.columnDef.meta);
                  const align = alignOf(meta);
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <HeaderCell
                      key={header.id}
                      scope="col"
                      $align={align}
                      $width={meta.width}
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : header.column.getCanSort()
                              ? 'none'
                              : undefined
                      }
                    >
                      {header.column.getCanSort() && !header.isPlaceholder ? (
                        <SortButton
                          type="button"
                          $align={align}
                          data-sorted={Boolean(sorted)}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ChevronUpIcon size={14} />
                          ) : sorted === 'desc' ? (
                            <ChevronDownIcon size={14} />
                          ) : (
                            <ChevronsUpDownIcon size={14} />
                          )}
                        </SortButton>
                      ) : (
                        label
                      )}
                    </HeaderCell>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </Scroller>
      {paginated && !loading && totalRows > 0 ? (
        <Pager aria-label={`${caption} pages`}>
          <PagerRange aria-live="polite">
            {formatNumber(firstIndexOnPage + 1)}–{formatNumber(lastIndexOnPage)} of {formatNumber(totalRows)}
          </PagerRange>
          <PagerButtons>
            <span>
              Page {formatNumber(paginationState.pageIndex + 1)} of {formatNumber(Math.max(pageCount, 1))}
            </span>
            <PageStepButton
              label="Previous page"
              icon={<ChevronLeftIcon size={14} />}
              disabled={!table.getCanPreviousPage()}
              onStep={() => table.previousPage()}
            />
            <PageStepButton
              label="Next page"
              icon={<ChevronRightIcon size={14} />}
              disabled={!table.getCanNextPage()}
              onStep={() => table.nextPage()}
            />
          </PagerButtons>
        </Pager>
      ) : null}
    </TableFrame>
  );
}

/** One step of the pager: a small icon-only button, named for the page it goes to. */
function PageStepButton({
  label,
  icon,
  disabled,
  onStep,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onStep: () => void;
}) {
  return <Button variant="secondary" size="sm" aria-label={label} icon={icon} disabled={disabled} onClick={onStep} />;
}
