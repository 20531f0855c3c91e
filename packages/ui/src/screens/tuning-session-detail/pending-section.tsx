import { createColumnHelper } from '@tanstack/react-table';
import { StatusBadge } from '../../primitives/badge';
import { CopyField } from '../../primitives/copy-field';
import { DataTable } from '../../primitives/data-table';
import { RelativeTime } from '../../primitives/relative-time';
import { formatNumber } from '../../foundations/format/format';
import type { PendingConfig, RuntimeOptions, TuningSession } from '@mako/contract';
import { ConfigChanges } from './config-changes';
import type { CopiedItem, TuningSearchState } from './session-detail-types';
import { CardStack, Mono, Note, Section, SectionHead, SectionTitle } from './tuning-session-detail.styles';

const pendingColumn = createColumnHelper<PendingConfig>();

function pendingColumns(defaults: RuntimeOptions, now: Date | number | undefined) {
  return [
    pendingColumn.accessor('trial_number', { header: '#', meta: { numeric: true, width: '56px' } }),
    pendingColumn.display({
      id: 'changes',
      header: 'Changes from default',
      cell: ({ row }) => <ConfigChanges config={row.original.config} defaults={defaults} />,
    }),
    pendingColumn.accessor('leased_by', {
      header: 'Leased by',
      cell: (info) => <Mono>{info.getValue() ?? '—'}</Mono>,
    }),
    pendingColumn.accessor('created_at', {
      header: 'Leased',
      cell: (info) => <RelativeTime value={info.getValue()} now={now} />,
    }),
    pendingColumn.accessor('expires_at', {
      header: 'Expires',
      cell: ({ row }) =>
        row.original.status === 'expired' ? (
          <StatusBadge status="expired" />
        ) : (
          <RelativeTime value={row.original.expires_at} now={now} />
        ),
    }),
  ];
}

interface PendingSectionProps {
  session: TuningSession;
  pending: readonly PendingConfig[];
  searchState: TuningSearchState;
  defaults: RuntimeOptions;
  runner: string;
  onCopy?: (value: string, item: CopiedItem) => void;
  now?: Date | number;
}

/** The configurations out with runners, and the command that adds a runner while the search runs. */
export function PendingSection({ session, pending, searchState, defaults, runner, onCopy, now }: PendingSectionProps) {
  return (
    <Section>
      <SectionHead>
        <SectionTitle>Pending configurations</SectionTitle>
        <Note>
          {formatNumber(pending.length)} of {formatNumber(session.budget.max_parallel)} allowed at once
        </Note>
      </SectionHead>
      <CardStack>
        {pending.length > 0 ? (
          <DataTable
            data={pending}
            columns={pendingColumns(defaults, now)}
            caption="Pending configurations"
            getRowId={(config) => config.id}
            maxHeight={360}
            initialSorting={[{ id: 'trial_number', desc: false }]}
          />
        ) : (
          <Note>
            {searchState !== 'complete'
              ? 'No configuration is out with a runner right now.'
              : session.status === 'failed'
                ? 'None: the search has stopped.'
                : 'None: the search is complete.'}
          </Note>
        )}
        {searchState !== 'complete' ? (
          <CopyField
            label="Add a runner"
            value={runner}
            multiline
            onCopy={(command) => onCopy?.(command, 'runner-command')}
          />
        ) : null}
      </CardStack>
    </Section>
  );
}
