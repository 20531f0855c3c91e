export { DataTable } from './data-table';
export type { DataTableColumnMeta, DataTableProps, ManualPagination } from './data-table';
export { createColumnHelper } from '@tanstack/react-table';
export type { ColumnDef, SortingState } from '@tanstack/react-table';
