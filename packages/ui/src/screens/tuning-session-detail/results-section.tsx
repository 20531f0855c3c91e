import { createColumnHelper } from '@tanstack/react-table';
import { Badge, StatusBadge } from '../../primitives/badge';
import { DataTable } from '../../primitives/data-table';
import { EmptyState } from '../../primitives/empty-state';
import { ExportButtons } from '../../primitives/export-buttons';
import { RelativeTime } from '../../primitives/relative-time';
import type { ExportFormat } from '../../foundations/format/csv';
import { formatMs, formatTokensPerSecond, plural } from '../../foundations/format/format';
import { formatMetric, metricLabel } from '../benchmark-common/benchmark-data';
import { CompareBar } from '../benchmark-common/compare-selection';
import type { CompareSelection } from '../benchmark-common/compare-selection';
import type { MetricKey, PagingQuery, RuntimeOptions, TuningResult, TuningSession } from '@mako/contract';
import { trialStatus } from '../tuning-common/tuning-format';
import { ConfigChanges } from './config-changes';
import { EngineDiffers } from './engine-differs';
import { FirstTrialNote } from './first-trial-note';
import type { FirstTrialChange } from './first-trial';
import type { CopiedItem } from './session-detail-types';
import { trialCompareColumn } from './trial-compare';
import {
  ExportActions,
  FailureText,
  Note,
  Section,
  SectionHead,
  SectionTitle,
  StatusCell,
} from './tuning-session-detail.styles';

/** Columns the results table always shows; an objective outside them gets its own column. */
const SHOWN_METRICS: readonly MetricKey[] = ['output_throughput', 'ttft_ms.p99', 'tpot_ms.p99'];

const resultColumn = createColumnHelper<TuningResult>();

function resultColumns(
  session: TuningSession,
  defaults: RuntimeOptions,
  bestResultId: string | undefined,
  now: Date | number | undefined,
) {
  const { metric } = session.objective;
  const objectiveColumn = SHOWN_METRICS.includes(metric)
    ? []
    : [
        resultColumn.accessor('objective_value', {
          header: metricLabel(metric),
          cell: (info) => formatMetric(metric, info.getValue()),
          meta: { numeric: true },
        }),
      ];
  // The server pages the results in trial order; sorting one page would suggest an order it is not.
  const columns = [
    resultColumn.accessor('trial_number', { header: '#', meta: { numeric: true, width: '56px' } }),
    resultColumn.display({
      id: 'changes',
      header: 'Changes from default',
      cell: ({ row }) => <ConfigChanges config={row.original.config} defaults={defaults} />,
    }),
    resultColumn.accessor((result) => result.metrics?.output_throughput ?? null, {
      id: 'throughput',
      header: 'Output tok/s',
      cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
      meta: { numeric: true },
    }),
    resultColumn.accessor((result) => result.metrics?.ttft_ms.p99 ?? null, {
      id: 'ttft',
      header: 'p99 TTFT',
      cell: (info) => formatMs(info.getValue()),
      meta: { numeric: true },
    }),
    resultColumn.accessor((result) => result.metrics?.tpot_ms.p99 ?? null, {
      id: 'tpot',
      header: 'p99 TPOT',
      cell: (info) => formatMs(info.getValue()),
      meta: { numeric: true },
    }),
    ...objectiveColumn,
    resultColumn.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const status = trialStatus(row.original);
        return (
          <StatusCell>
            {status === 'feasible' ? (
              <StatusBadge status="evaluated" label="Feasible" />
            ) : (
              <StatusBadge status={status} />
            )}
            {row.original.id === bestResultId ? <Badge tone="accent">Best</Badge> : null}
            {row.original.remeasure ? <Badge>Re-measure</Badge> : null}
            {row.original.flag_mismatches ? <EngineDiffers mismatches={row.original.flag_mismatches} /> : null}
            {row.original.failure ? (
              <FailureText title={row.original.failure.message}>{row.original.failure.message}</FailureText>
            ) : null}
          </StatusCell>
        );
      },
    }),
    resultColumn.accessor('created_at', {
      header: 'When',
      cell: (info) => <RelativeTime value={info.getValue()} now={now} />,
    }),
  ];
  return columns.map((definition) => ({ ...definition, enableSorting: false }));
}

interface ResultsSectionProps {
  session: TuningSession;
  /** The page of results shown. */
  page: readonly TuningResult[];
  /** How many results the session has in all. */
  count: number;
  resultsPage: PagingQuery;
  onResultsPageChange?: (page: PagingQuery) => void;
  resultsLoading?: boolean;
  /** Export is offered once there is a trial to export. */
  exportable: boolean;
  onExport?: (format: ExportFormat) => void;
  defaults: RuntimeOptions;
  bestResultId: string | undefined;
  firstChanges: readonly FirstTrialChange[];
  compare: CompareSelection | null;
  onCompare?: (benchmarkIds: readonly string[]) => void;
  runner: string;
  readOnly: boolean;
  onCopy?: (value: string, item: CopiedItem) => void;
  now?: Date | number;
}

/** The results page by page, compared with the engine defaults, with export and Compare. */
export function ResultsSection({
  session,
  page,
  count,
  resultsPage,
  onResultsPageChange,
  resultsLoading,
  exportable,
  onExport,
  defaults,
  bestResultId,
  firstChanges,
  compare,
  onCompare,
  runner,
  readOnly,
  onCopy,
  now,
}: ResultsSectionProps) {
  const columns = resultColumns(session, defaults, bestResultId, now);
  return (
    <Section>
      <SectionHead>
        <SectionTitle>Results</SectionTitle>
        <Note>{plural(count, 'trial', 'trials')} reported · compared with the engine defaults</Note>
        {onExport && exportable ? (
          <ExportActions>
            <ExportButtons onExport={onExport} />
          </ExportActions>
        ) : null}
      </SectionHead>
      {firstChanges.length > 0 ? <FirstTrialNote session={session} changes={firstChanges} /> : null}
      <DataTable
        data={page}
        columns={compare ? [trialCompareColumn, ...columns] : columns}
        caption="Trial results"
        getRowId={(result) => result.id}
        loading={resultsLoading}
        // A bounded, focusable scroll area: wide rows stay reachable by keyboard on small screens.
        maxHeight={720}
        pagination={{
          pageIndex: Math.floor(resultsPage.offset / Math.max(resultsPage.limit, 1)),
          pageSize: resultsPage.limit,
          rowCount: count,
          onPaginationChange: ({ pageIndex, pageSize }) =>
            onResultsPageChange?.({ limit: pageSize, offset: pageIndex * pageSize }),
        }}
        empty={
          <EmptyState
            headingLevel={3}
            title="No results yet"
            description={
              readOnly
                ? 'No trial of this session was reported.'
                : 'Start a runner next to your GPUs: it leases a configuration, benchmarks it and reports back, one trial after another.'
            }
            {...(readOnly
              ? {}
              : {
                  command: runner,
                  commandLabel: 'Start a runner',
                  onCopyCommand: (command: string) => onCopy?.(command, 'runner-command'),
                })}
          />
        }
      />
      {compare && page.length > 0 ? <CompareBar selection={compare} onCompare={onCompare} rowsName="trials" /> : null}
    </Section>
  );
}
