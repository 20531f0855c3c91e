export { DataTable } from './data-table';
export { preloadNumericCellFonts } from './numeric-cell-font';
export type { DataTableColumnMeta, DataTableProps, ManualPagination } from './data-table';
export { createColumnHelper } from '@tanstack/react-table';
export type { ColumnDef, SortingState } from '@tanstack/react-table';
