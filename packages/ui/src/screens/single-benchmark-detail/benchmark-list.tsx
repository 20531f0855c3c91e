import type { ConfigValue } from '@mako/contract/vocabulary';
import type { Benchmark, RuntimeOptions } from '@mako/contract';
import { createColumnHelper } from '@tanstack/react-table';
import type { CellContext } from '@tanstack/react-table';
import { createContext, useContext, useId } from 'react';
import { Card } from '../../primitives/card';
import { DataTable } from '../../primitives/data-table';
import { formatNumber } from '../../foundations/format/format';
import { RelativeTime } from '../../primitives/relative-time';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { runtimeOptionsDiff } from '../benchmark-common/benchmark-data';
import { BenchmarkBadges } from '../benchmark-common/benchmark-badges';
import { benchmarkMetricColumns } from '../benchmark-common/metric-columns';
import { CompareBar, CompareCheckbox, compareColumnHeader } from '../benchmark-common/compare-selection';
import type { CompareSelection } from '../benchmark-common/compare-selection';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import { SelectCell } from './single-benchmark-detail.styles';

export interface BenchmarkRow {
  benchmark: Benchmark;
  /** 1 for the oldest: stable whatever the sort. */
  number: number;
}

interface ListContext {
  selectedId: string | undefined;
  select: (id: string) => void;
  radioName: string;
  siblings: readonly RuntimeOptions[];
  runtimeDefaults: Readonly<Record<string, ConfigValue | null>> | undefined;
  now: Date | number | undefined;
  timeZone: string | undefined;
  compare: CompareSelection | null;
}

const column = createColumnHelper<BenchmarkRow>();

/**
 * What the list's cells need from the screen. The columns are module constants (a new cell function
 * per render would remount every cell and drop the focus of the radio just chosen), so the changing
 * parts reach the cells through this context.
 */
const BenchmarkListContext = createContext<ListContext>({
  selectedId: undefined,
  select: () => undefined,
  radioName: '',
  siblings: [],
  runtimeDefaults: undefined,
  now: undefined,
  timeZone: undefined,
  compare: null,
});

function SelectRadio({ row }: CellContext<BenchmarkRow, number>) {
  const { selectedId, select, radioName } = useContext(BenchmarkListContext);
  const { benchmark, number } = row.original;
  return (
    <SelectCell>
      <input
        type="radio"
        name={radioName}
        value={benchmark.id}
        checked={benchmark.id === selectedId}
        onChange={() => select(benchmark.id)}
      />
      <span>
        <VisuallyHidden>Show benchmark </VisuallyHidden>#{number}
      </span>
    </SelectCell>
  );
}

function CompareCell({ row }: CellContext<BenchmarkRow, unknown>) {
  const { compare } = useContext(BenchmarkListContext);
  if (!compare) return null;
  return (
    <CompareCheckbox
      selection={compare}
      benchmarkId={row.original.benchmark.id}
      label={`Compare benchmark #${row.original.number}`}
    />
  );
}

function OptionsDiff({ row }: CellContext<BenchmarkRow, unknown>) {
  const { siblings, runtimeDefaults } = useContext(BenchmarkListContext);
  return (
    <RuntimeOptionChips
      options={runtimeOptionsDiff(row.original.benchmark.runtime_options, siblings, runtimeDefaults)}
      maxWidth="340px"
    />
  );
}

function CreatedAt({ getValue }: CellContext<BenchmarkRow, string>) {
  const { now, timeZone } = useContext(BenchmarkListContext);
  return <RelativeTime value={getValue()} now={now} timeZone={timeZone} />;
}

const optionsColumn = (header: string) =>
  column.display({ id: 'options', header, cell: OptionsDiff, meta: { width: '340px' } });

const metricColumns = benchmarkMetricColumns(column, (row) => row.benchmark.metrics);

const trailingColumns = [
  metricColumns.outputThroughput,
  metricColumns.ttftP99,
  metricColumns.tpotMean,
  column.display({
    id: 'status',
    header: 'Status',
    cell: (info) => <BenchmarkBadges benchmark={info.row.original.benchmark} showPrivate />,
  }),
  column.accessor((row) => row.benchmark.created_at, {
    id: 'created_at',
    header: 'Created',
    cell: CreatedAt,
    meta: { align: 'right' },
  }),
];

const selectColumn = column.accessor('number', {
  header: 'Benchmark',
  cell: SelectRadio,
  sortDescFirst: false,
  meta: { width: '112px' },
});

/** With the engine defaults known the options column shows changes from them, otherwise what varies. */
const COLUMNS_AGAINST_DEFAULTS = [selectColumn, optionsColumn('Changed from defaults'), ...trailingColumns];
const COLUMNS_AGAINST_SIBLINGS = [selectColumn, optionsColumn('Runtime options'), ...trailingColumns];
const compareColumn = column.display({
  id: 'compare',
  header: compareColumnHeader,
  cell: CompareCell,
  meta: { width: '44px' },
});
const COMPARABLE_AGAINST_DEFAULTS = [compareColumn, ...COLUMNS_AGAINST_DEFAULTS];
const COMPARABLE_AGAINST_SIBLINGS = [compareColumn, ...COLUMNS_AGAINST_SIBLINGS];

function listColumns(againstDefaults: boolean, comparable: boolean) {
  if (againstDefaults) return comparable ? COMPARABLE_AGAINST_DEFAULTS : COLUMNS_AGAINST_DEFAULTS;
  return comparable ? COMPARABLE_AGAINST_SIBLINGS : COLUMNS_AGAINST_SIBLINGS;
}

export interface BenchmarkListProps extends Omit<ListContext, 'radioName' | 'siblings'> {
  /** The setting's benchmarks in the order the screen got them, each with its number. */
  rows: readonly BenchmarkRow[];
  onCompare?: (ids: readonly string[]) => void;
}

/** The setting's benchmarks: a radio picks the one shown below, a tick adds it to a comparison. */
export function BenchmarkList({ rows, onCompare, ...context }: BenchmarkListProps) {
  const radioName = useId();
  const siblings = rows.map((row) => row.benchmark.runtime_options);
  const { compare, runtimeDefaults } = context;
  return (
    <Card title={`Benchmarks (${formatNumber(rows.length)})`} headingLevel={2}>
      <BenchmarkListContext.Provider value={{ ...context, radioName, siblings }}>
        <DataTable
          data={rows}
          columns={listColumns(runtimeDefaults !== undefined, compare !== null)}
          caption="Benchmarks of this setting"
          getRowId={(row) => row.benchmark.id}
          pageSize={rows.length > 25 ? 25 : undefined}
        />
      </BenchmarkListContext.Provider>
      {compare ? <CompareBar selection={compare} onCompare={onCompare} rowsName="benchmarks" /> : null}
    </Card>
  );
}
