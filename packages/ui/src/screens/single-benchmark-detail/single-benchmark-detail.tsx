import type { ConfigValue } from '@mako/contract/vocabulary';
import type { Benchmark, BenchmarkSetting, MetricKey, RuntimeOptions } from '@mako/contract';
import { createColumnHelper } from '@tanstack/react-table';
import type { CellContext } from '@tanstack/react-table';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { DataTable } from '../../primitives/data-table';
import { ConfirmDialog } from '../../primitives/dialog';
import { EmptyState } from '../../primitives/empty-state';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatHardware, formatNumber, plural } from '../../foundations/format/format';
import { TextLink } from '../../primitives/link';
import { RelativeTime } from '../../primitives/relative-time';
import { Select } from '../../primitives/select';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import {
  benchmarkSettingTitle,
  formatLengths,
  formatRequestRate,
  formatRuntime,
  metricLabel,
  readBenchmarkMetric,
  runtimeOptionsDiff,
} from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import type { BenchmarkScreenStatus } from '../benchmark-common/benchmark-data';
import { BenchmarkBadges } from '../benchmark-common/benchmark-badges';
import { benchmarkMetricColumns } from '../benchmark-common/metric-columns';
import {
  CompareBar,
  CompareCheckbox,
  compareColumnHeader,
  useCompareSelection,
} from '../benchmark-common/compare-selection';
import type { CompareSelection } from '../benchmark-common/compare-selection';
import {
  DefinitionGrid,
  ScreenHeader,
  ScreenHeading,
  ScreenLede,
  ScreenRoot,
  ScreenTitle,
} from '../benchmark-common/benchmark-common.styles';
import { LoadError } from '../benchmark-common/load-error';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import { BenchmarkMeasurements } from './benchmark-measurements';
import { BenchmarkMetrics } from './benchmark-metrics';
import { BenchmarkProvenance, ProvenanceMismatches } from './benchmark-provenance';
import { BenchmarkPrediction } from './benchmark-prediction';
import { BenchmarkReasoningEnergy } from './benchmark-reasoning-energy';
import { ThroughputLatencyChart } from './throughput-latency-chart';
import { Actions, ChartToolbar, Note, ReadOnlyNote, SelectCell } from './single-benchmark-detail.styles';

export interface SingleBenchmarkDetailProps extends LoadFailureProps {
  /** The query state of the setting and its benchmarks together. */
  status: BenchmarkScreenStatus;
  /** GET /benchmarks/settings/{setting_id}. */
  setting?: BenchmarkSetting | null;
  /** GET /benchmarks/by-setting/{setting_id}: the benchmarks the viewer can see. */
  benchmarks?: readonly Benchmark[];
  /** Controlled selection; by default the benchmark with the highest output tok/s is shown. */
  selectedBenchmarkId?: string | null;
  /**
   * GET /benchmarks/by-id of the shown benchmark: its runs' intervals and telemetry, which lists
   * leave out. Used when its id is the shown one; the list's row stands in until it arrives.
   */
  selectedDetail?: Benchmark | null;
  onSelectBenchmark?: (benchmarkId: string) => void;
  /** The signed-in user's id: benchmarks they own can be published, unpublished and deleted. */
  viewerId?: string | null;
  onPublishChange: (benchmarkId: string, published: boolean) => void;
  /** Called after the user confirmed. The dialog stays open (busy) until the benchmark leaves `benchmarks`. */
  onDelete: (benchmarkId: string) => void;
  /** The benchmark whose publish change is in flight. */
  publishingId?: string | null;
  /** The benchmark whose deletion is in flight. */
  deletingId?: string | null;
  /** Why publishing failed, shown under the actions. */
  publishError?: ReactNode;
  /** Why deleting failed, shown in the confirm dialog for a retry. */
  deleteError?: ReactNode;
  /**
   * The engine's default flags (contract: defaultConfig(runtime)). With them the list shows what each
   * benchmark changed from the defaults; without, what differs between the setting's benchmarks.
   */
  runtimeDefaults?: Readonly<Record<string, ConfigValue | null>>;
  onCopyCommand?: (command: string) => void;
  now?: Date | number;
  timeZone?: string;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
  /** A public share page: no publish or delete, and no word about owners. */
  readOnly?: boolean;
  /** The owner's share control for the setting and the shown benchmark, beside the heading. */
  renderShare?: (selected: Benchmark | undefined) => ReactNode;
  /** The page of the load sweep the shown benchmark is a level of, when it is one. */
  sweepHref?: string | null;
  /**
   * Opens 2–4 ticked benchmarks side by side (/benchmarks/compare). With it the list gets a
   * Compare checkbox column and a Compare bar, as in search.
   */
  onCompare?: (ids: readonly string[]) => void;
}

/** The latencies the chart can put on its x axis. */
const LATENCY_AXES: readonly MetricKey[] = ['ttft_ms.p99', 'ttft_ms.p50', 'tpot_ms.mean', 'tpot_ms.p99', 'e2el_ms.p99'];

interface BenchmarkRow {
  benchmark: Benchmark;
  /** 1 for the oldest: stable whatever the sort. */
  number: number;
}

const column = createColumnHelper<BenchmarkRow>();

/** The benchmark shown when none is chosen: the one with the highest output tok/s. */
export function bestByThroughput(benchmarks: readonly Benchmark[]): Benchmark | undefined {
  return benchmarks.reduce<Benchmark | undefined>(
    (best, benchmark) =>
      !best || benchmark.metrics.output_throughput > best.metrics.output_throughput ? benchmark : best,
    undefined,
  );
}

interface ListContext {
  selectedId: string | undefined;
  select: (id: string) => void;
  radioName: string;
  siblings: readonly RuntimeOptions[];
  runtimeDefaults: SingleBenchmarkDetailProps['runtimeDefaults'];
  now: SingleBenchmarkDetailProps['now'];
  timeZone: string | undefined;
  compare: CompareSelection | null;
}

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

function WorkloadSummary({ setting }: { setting: BenchmarkSetting }) {
  const { workload } = setting;
  const burstiness =
    workload.burstiness !== undefined && workload.burstiness !== 1
      ? ` (burstiness ${formatNumber(workload.burstiness, 2)})`
      : '';
  const facts: [term: string, value: ReactNode][] = [
    ['Hardware', formatHardware(setting.hardware_config)],
    ['Runtime', formatRuntime(setting.software)],
    ['Dataset', workload.dataset],
    ['Requests', formatNumber(workload.num_requests)],
    ['Request rate', `${formatRequestRate(workload.request_rate)}${burstiness}`],
    ['Max concurrency', workload.max_concurrency ? formatNumber(workload.max_concurrency) : 'Unlimited'],
    ['Prompt → output tokens', formatLengths(workload)],
    ['Max sequence length', formatNumber(workload.max_seq_length)],
  ];
  return (
    <DefinitionGrid>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </DefinitionGrid>
  );
}

function DetailSkeleton() {
  return (
    <Loading label="Loading benchmarks">
      <Skeleton height={28} width="55%" />
      <Skeleton height={96} radius={8} />
      <Skeleton height={300} radius={8} />
      <Skeleton height={220} radius={8} />
    </Loading>
  );
}

/**
 * One benchmark setting and its benchmarks (/single-benchmarks/{settingId}): the workload, a
 * throughput-against-latency chart, the list to choose from, and every metric of the chosen one,
 * with publish and delete for the viewer's own benchmarks.
 */
export function SingleBenchmarkDetail({
  status,
  error,
  onRetry,
  retrying,
  setting,
  benchmarks = [],
  selectedBenchmarkId,
  selectedDetail,
  onSelectBenchmark,
  viewerId,
  onPublishChange,
  onDelete,
  publishingId,
  deletingId,
  publishError,
  deleteError,
  runtimeDefaults,
  onCopyCommand,
  now,
  timeZone,
  showTitle = true,
  readOnly = false,
  renderShare,
  sweepHref,
  onCompare,
}: SingleBenchmarkDetailProps) {
  const radioName = useId();
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const [latencyAxis, setLatencyAxis] = useState<MetricKey>('ttft_ms.p99');
  // The number is kept with the id so that the title does not change while the dialog closes.
  const [confirmDelete, setConfirmDelete] = useState<{ id: string; number: number } | null>(null);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  // A deleted benchmark, or one of another setting the page showed before, is no longer offered.
  const comparedIds = useMemo(
    () => ticked.filter((id) => benchmarks.some((benchmark) => benchmark.id === id)),
    [ticked, benchmarks],
  );
  const compare = useCompareSelection(comparedIds, onCompare ? setTicked : undefined);

  if (status === 'loading') return <DetailSkeleton />;
  if (status === 'error' || !setting) return <LoadError error={error} onRetry={onRetry} retrying={retrying} />;

  const wantedId = selectedBenchmarkId ?? ownSelection;
  const selected = benchmarks.find((benchmark) => benchmark.id === wantedId) ?? bestByThroughput(benchmarks);
  const select = (id: string) => {
    setOwnSelection(id);
    onSelectBenchmark?.(id);
  };

  const numbered: BenchmarkRow[] = [...benchmarks]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((benchmark, index) => ({ benchmark, number: index + 1 }));
  const numberOf = new Map(numbered.map((row) => [row.benchmark.id, row.number]));
  const rows = benchmarks.map((benchmark) => ({ benchmark, number: numberOf.get(benchmark.id) ?? 0 }));
  const siblings = benchmarks.map((benchmark) => benchmark.runtime_options);

  const points = numbered.flatMap(({ benchmark, number }) => {
    const x = readBenchmarkMetric(benchmark, latencyAxis);
    return x === null ? [] : [{ id: benchmark.id, label: `#${number}`, x, y: benchmark.metrics.output_throughput }];
  });

  const confirming = benchmarks.find((benchmark) => benchmark.id === confirmDelete?.id);
  const owns = selected !== undefined && viewerId !== undefined && viewerId !== null && selected.owner === viewerId;
  const selectedNumber = selected ? numberOf.get(selected.id) : undefined;
  const shown = selectedDetail && selectedDetail.id === selected?.id ? selectedDetail : selected;

  const actions = readOnly ? null : selected ? (
    owns ? (
      <Actions>
        <Button
          variant="secondary"
          size="sm"
          busy={publishingId === selected.id}
          onClick={() => onPublishChange(selected.id, !selected.published)}
        >
          {selected.published ? 'Unpublish' : 'Publish'}
        </Button>
        <Button
          variant="danger"
          size="sm"
          disabled={deletingId === selected.id}
          onClick={() => setConfirmDelete({ id: selected.id, number: selectedNumber ?? 0 })}
        >
          Delete
        </Button>
      </Actions>
    ) : (
      <ReadOnlyNote>Read-only: only its owner can publish or delete this benchmark.</ReadOnlyNote>
    )
  ) : null;

  return (
    <ScreenRoot>
      <ScreenHeader>
        <ScreenHeading>
          {showTitle ? <ScreenTitle>{benchmarkSettingTitle(setting)}</ScreenTitle> : null}
          <ScreenLede>
            {formatRuntime(setting.software)} · {setting.workload.dataset} ·{' '}
            {plural(setting.workload.num_requests, 'request', 'requests')} ·{' '}
            {formatRequestRate(setting.workload.request_rate)}
            {sweepHref ? (
              <>
                {' · '}
                <TextLink href={sweepHref}>One level of a load sweep</TextLink>
              </>
            ) : null}
          </ScreenLede>
        </ScreenHeading>
        {renderShare?.(selected)}
      </ScreenHeader>

      <Card title="Workload" headingLevel={2}>
        <WorkloadSummary setting={setting} />
      </Card>

      {benchmarks.length === 0 ? (
        <EmptyState
          title="No benchmarks under this setting"
          description="Run the same workload against your endpoint and upload it with --post; it appears here. Deleted and private benchmarks of other users are not listed."
          command={benchRunnerCommand({
            model: setting.ml_model_name,
            hardware: formatHardware(setting.hardware_config),
            runtime: setting.software.runtime,
            runtimeVersion: setting.software.version,
            workload: setting.workload,
          })}
          onCopyCommand={onCopyCommand}
        />
      ) : (
        <>
          <Card title="Throughput against latency" headingLevel={2}>
            <ChartToolbar>
              <Note>Each point is a benchmark; up and to the left is better. Choose a point to show its metrics.</Note>
              <Select
                label="Latency axis"
                value={latencyAxis}
                options={LATENCY_AXES.map((metric) => ({ value: metric, label: metricLabel(metric) }))}
                onValueChange={(value) => setLatencyAxis(value as MetricKey)}
              />
            </ChartToolbar>
            <ThroughputLatencyChart
              points={points}
              selectedId={selected?.id}
              xLabel={metricLabel(latencyAxis)}
              onSelect={select}
            />
          </Card>

          <Card title={`Benchmarks (${formatNumber(benchmarks.length)})`} headingLevel={2}>
            <BenchmarkListContext.Provider
              value={{ selectedId: selected?.id, select, radioName, siblings, runtimeDefaults, now, timeZone, compare }}
            >
              <DataTable
                data={rows}
                columns={listColumns(runtimeDefaults !== undefined, compare !== null)}
                caption="Benchmarks of this setting"
                getRowId={(row) => row.benchmark.id}
                pageSize={benchmarks.length > 25 ? 25 : undefined}
              />
            </BenchmarkListContext.Provider>
            {compare ? <CompareBar selection={compare} onCompare={onCompare} rowsName="benchmarks" /> : null}
          </Card>

          {selected ? (
            <Card
              title={`Benchmark #${selectedNumber ?? ''}`}
              headingLevel={2}
              description={
                <>
                  Measured <RelativeTime value={selected.created_at} now={now} timeZone={timeZone} />
                  {selected.session_id ? ' in a tuning session' : ''}
                </>
              }
              actions={actions}
            >
              <BenchmarkBadges benchmark={shown ?? selected} showPrivate />
              {publishError ? <Callout tone="danger">{publishError}</Callout> : null}
              <ProvenanceMismatches benchmark={shown ?? selected} />
              <BenchmarkMeasurements benchmark={shown ?? selected} />
              <BenchmarkMetrics benchmark={shown ?? selected} />
              <BenchmarkReasoningEnergy benchmark={shown ?? selected} />
              <BenchmarkPrediction benchmark={shown ?? selected} />
              <BenchmarkProvenance benchmark={shown ?? selected} />
            </Card>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => (open ? undefined : setConfirmDelete(null))}
        title={`Delete benchmark #${confirmDelete?.number ?? ''}?`}
        description="Its measurements are removed for everyone, including from search and reports. This cannot be undone."
        confirmLabel="Delete benchmark"
        busy={confirming !== undefined && deletingId === confirming.id}
        error={deleteError}
        onConfirm={() => (confirming ? onDelete(confirming.id) : undefined)}
      />
    </ScreenRoot>
  );
}
