import { createColumnHelper } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { StatusBadge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { DataTable } from '../../primitives/data-table';
import { RelativeTime } from '../../primitives/relative-time';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Mono, Muted } from './token-management.styles';
import { tokenStatus } from './token-types';
import type { TokenLike } from './token-types';

export interface TokenTableProps<TToken extends TokenLike> {
  tokens: readonly TToken[];
  /** Names the table, e.g. "API tokens". */
  caption: string;
  /** Columns a token kind adds after the name (e.g. registry and username). */
  // TanStack's column value types vary per column; `any` is its documented way to hold a mixed list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extraColumns?: ReadonlyArray<ColumnDef<TToken, any>>;
  /** The reference time for "3 d ago" and for telling expired tokens apart; fixed in stories. */
  now?: Date | number;
  /** The user asked to revoke this token (the page confirms first). */
  onRevokeRequest: (token: TToken) => void;
  /** Skeleton rows under the real headers while the list loads. */
  loading?: boolean;
}

const time = (value: string | null) => (value ? Date.parse(value) : null);

/** A token's last use or expiry: "3 h ago", or "Never" when it has none. */
function TimeOrNever({ value, now }: { value: string | null; now: Date | number | undefined }) {
  return value ? <RelativeTime value={value} now={now} /> : <Muted>Never</Muted>;
}

/** Name, prefix, created, last used, expires, status and a Revoke button per token. */
export function TokenTable<TToken extends TokenLike>({
  tokens,
  caption,
  extraColumns = [],
  now,
  onRevokeRequest,
  loading = false,
}: TokenTableProps<TToken>) {
  const columns = useMemo(() => {
    const column = createColumnHelper<TToken>();
    // Column accessors read the row generically; TanStack's helper types them per key.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const list: Array<ColumnDef<TToken, any>> = [
      column.accessor((row) => row.name, { id: 'name', header: 'Name' }),
      ...extraColumns,
      column.accessor((row) => row.prefix, {
        id: 'prefix',
        header: 'Prefix',
        enableSorting: false,
        cell: (info) => <Mono>{info.getValue()}…</Mono>,
      }),
      column.accessor((row) => time(row.created_at) ?? 0, {
        id: 'created',
        header: 'Created',
        cell: (info) => <RelativeTime value={info.row.original.created_at} now={now} />,
      }),
      // Never used sorts as the oldest use.
      column.accessor((row) => time(row.last_used_at) ?? 0, {
        id: 'last_used',
        header: 'Last used',
        cell: (info) => <TimeOrNever value={info.row.original.last_used_at} now={now} />,
      }),
      column.accessor((row) => time(row.expires_at) ?? Number.POSITIVE_INFINITY, {
        id: 'expires',
        header: 'Expires',
        cell: (info) => <TimeOrNever value={info.row.original.expires_at} now={now} />,
      }),
      column.accessor((row) => tokenStatus(row, now), {
        id: 'status',
        header: 'Status',
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        meta: { align: 'right' },
        cell: (info) =>
          info.row.original.revoked_at ? null : (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Revoke ${info.row.original.name}`}
              onClick={() => onRevokeRequest(info.row.original)}
            >
              Revoke
            </Button>
          ),
      }),
    ];
    return list;
  }, [extraColumns, now, onRevokeRequest]);

  return (
    <DataTable
      data={tokens}
      columns={columns}
      caption={caption}
      getRowId={(row) => row.id}
      initialSorting={[{ id: 'created', desc: true }]}
      pageSize={tokens.length > 50 ? 50 : undefined}
      loading={loading}
    />
  );
}
