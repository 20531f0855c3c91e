import type { Benchmark, MetricKey } from '@mako/contract';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Card } from '../../primitives/card';
import { Checkbox } from '../../primitives/checkbox';
import { EmptyState } from '../../primitives/empty-state';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import {
  formatHardware,
  formatMs,
  formatNumber,
  formatPercentChange,
  formatTokensPerSecond,
  plural,
} from '../../foundations/format/format';
import { ParetoChart } from '../../primitives/pareto-chart';
import { Select } from '../../primitives/select';
import { Skeleton } from '../../primitives/skeleton';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { BenchmarkBadges } from '../benchmark-common/benchmark-badges';
import { formatMetric, formatRuntime, metricLabel } from '../benchmark-common/benchmark-data';
import { withInterval } from '../benchmark-common/measurement-data';
import type { BenchmarkScreenStatus } from '../benchmark-common/benchmark-data';
import { ScreenRoot } from '../benchmark-common/benchmark-common.styles';
import { ScreenIntro } from '../../primitives/screen-layout';
import { LoadError } from '../benchmark-common/load-error';
import { OpenLink } from '../benchmark-common/open-link';
import { MAX_COMPARED, comparableFirst, flagRows, metricRows, notComparable, workloadRows } from './compare-data';
import { ExportButtons } from '../../primitives/export-buttons';
import type { MetricCell, SetupRow } from './compare-data';
import { provenanceRows } from './compare-provenance';
import type { ExportFormat } from '../../foundations/format/csv';
import {
  Baseline,
  Caption,
  Cell,
  ChartControls,
  ColumnHead,
  ColumnHeader,
  ColumnName,
  CompareTable,
  Delta,
  FlagName,
  ModelName,
  MonoValue,
  NotComparableNote,
  RowHeader,
  TableFrame,
  Toolbar,
  ToolbarGroup,
} from './benchmark-compare.styles';

export const BENCHMARK_COMPARE_TITLE = 'Compare benchmarks';

export interface BenchmarkCompareProps extends LoadFailureProps {
  status: BenchmarkScreenStatus;
  /**
   * The benchmarks side by side, in the order of the address; the first is the baseline, unless it
   * is not comparable (client-limited, failing server) and another run is.
   */
  benchmarks?: readonly Benchmark[];
  /** Takes one benchmark out of the comparison. */
  onRemove?: (benchmarkId: string) => void;
  /** Opens a benchmark's setting; with `settingHref` the model name is a real link. */
  onOpenSetting?: (settingId: string) => void;
  settingHref?: (settingId: string) => string;
  /** Export the compared benchmarks; the app turns the data into a download. */
  onExport?: (format: ExportFormat) => void;
  /** Where to pick benchmarks when fewer than two are left, e.g. the search page. */
  searchHref?: string;
  renderSearchLink?: (children: ReactNode) => ReactNode;
  showTitle?: boolean;
}

const columnName = (index: number) => `#${index + 1}`;

/** The first table's head: each benchmark in full, with its link, badges and Remove. */
function ColumnHeaders({
  benchmarks,
  onRemove,
  onOpenSetting,
  settingHref,
}: Pick<BenchmarkCompareProps, 'onRemove' | 'onOpenSetting' | 'settingHref'> & {
  benchmarks: readonly Benchmark[];
}) {
  return (
    <tr>
      <td />
      {benchmarks.map((benchmark, index) => {
        const { setting } = benchmark;
        const model = <ModelName>{setting.ml_model_name}</ModelName>;
        const invalid = notComparable(benchmark);
        return (
          <ColumnHeader key={benchmark.id} scope="col">
            <ColumnHead>
              <ColumnName>
                {columnName(index)}
                {index === 0 ? <Baseline>baseline</Baseline> : null}
              </ColumnName>
              {onOpenSetting ? (
                <OpenLink href={settingHref?.(setting.id)} onOpen={() => onOpenSetting(setting.id)}>
                  {model}
                </OpenLink>
              ) : (
                model
              )}
              <span>
                {formatHardware(setting.hardware_config)} · {formatRuntime(setting.software)}
              </span>
              <BenchmarkBadges benchmark={benchmark} />
              {invalid ? (
                <NotComparableNote>
                  Not comparable, {invalid.label}: {invalid.reason}.
                </NotComparableNote>
              ) : null}
              {onRemove ? (
                <span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${columnName(index)} from the comparison`}
                    onClick={() => onRemove(benchmark.id)}
                  >
                    Remove
                  </Button>
                </span>
              ) : null}
            </ColumnHead>
          </ColumnHeader>
        );
      })}
    </tr>
  );
}

/** The later tables' head: the column's number and hardware, enough to keep one's place. */
function ShortColumnHeaders({ benchmarks }: { benchmarks: readonly Benchmark[] }) {
  return (
    <tr>
      <td />
      {benchmarks.map((benchmark, index) => (
        <ColumnHeader key={benchmark.id} scope="col">
          <ColumnName>
            {columnName(index)}
            <Baseline>
              {index === 0 ? 'baseline · ' : ''}
              {formatHardware(benchmark.setting.hardware_config)}
              {notComparable(benchmark) ? ' · not comparable' : ''}
            </Baseline>
          </ColumnName>
        </ColumnHeader>
      ))}
    </tr>
  );
}

function SetupTable({
  caption,
  rows,
  columns,
  mono,
  header,
}: {
  caption: string;
  rows: readonly SetupRow[];
  columns: number;
  mono?: boolean;
  header: ReactNode;
}) {
  return (
    <TableFrame tabIndex={0} role="region" aria-label={`${caption}, scrolls sideways`}>
      <CompareTable $columns={columns}>
        <Caption>{caption}</Caption>
        <thead>{header}</thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <RowHeader scope="row">{mono ? <FlagName>{row.label}</FlagName> : row.label}</RowHeader>
              {row.values.map((value, index) => (
                <Cell key={index} $differs={row.differs[index]}>
                  {mono ? <MonoValue>{value}</MonoValue> : value}
                  {row.differs[index] ? <VisuallyHidden> (differs from #1)</VisuallyHidden> : null}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </CompareTable>
    </TableFrame>
  );
}

function MetricValue({ metric, cell }: { metric: MetricKey; cell: MetricCell }) {
  return (
    <>
      <MonoValue>
        {cell.notMeasured
          ? 'Not measured'
          : withInterval(formatMetric(metric, cell.value), cell.interval, (value) => formatMetric(metric, value))}
      </MonoValue>
      {cell.notComparable ? <Delta $verdict="same">not comparable: {cell.notComparable}</Delta> : null}
      {cell.verdict && cell.change !== null ? (
        <Delta $verdict={cell.verdict}>
          {cell.verdict === 'same'
            ? 'same as #1'
            : `${formatPercentChange(cell.change)} vs #1, ${cell.verdict === 'better' ? 'better' : 'worse'}`}
        </Delta>
      ) : null}
    </>
  );
}

const LATENCY_AXES = [
  { value: 'ttft_ms.p99', label: 'p99 TTFT' },
  { value: 'tpot_ms.mean', label: 'Mean TPOT' },
  { value: 'itl_ms.p99', label: 'p99 ITL' },
  { value: 'e2el_ms.p99', label: 'p99 E2E latency' },
] as const;
type LatencyAxis = (typeof LATENCY_AXES)[number]['value'];

/** A point that is not comparable says so in its legend, where its place would otherwise read as a result. */
const notComparableSuffix = (benchmark: Benchmark) => {
  const invalid = notComparable(benchmark);
  return invalid ? ` (${invalid.label})` : '';
};

function CompareChart({ benchmarks }: { benchmarks: readonly Benchmark[] }) {
  const [axis, setAxis] = useState<LatencyAxis>('ttft_ms.p99');
  const [name, stat] = axis.split('.') as ['ttft_ms' | 'tpot_ms' | 'itl_ms' | 'e2el_ms', 'mean' | 'p99'];
  const label = metricLabel(axis);
  const points = benchmarks.map((benchmark, index) => ({
    id: benchmark.id,
    x: benchmark.metrics[name][stat],
    y: benchmark.metrics.output_throughput,
    group: `${columnName(index)} ${formatHardware(benchmark.setting.hardware_config)}${notComparableSuffix(benchmark)}`,
    label: `${benchmark.setting.ml_model_name} · ${formatRuntime(benchmark.setting.software)}`,
  }));
  return (
    <Card
      title="Throughput against latency"
      description="Each benchmark as one point: up is more output, left is faster."
      actions={
        <ChartControls>
          <Select
            label="Latency axis"
            options={LATENCY_AXES}
            value={axis}
            onValueChange={(value) => setAxis(value as LatencyAxis)}
          />
        </ChartControls>
      }
    >
      <ParetoChart
        points={points}
        showFrontier={false}
        xLabel={`${label} (ms)`}
        yLabel="Output tok/s"
        formatX={formatMs}
        formatY={(value) => formatTokensPerSecond(value, { unit: false })}
        title={`Output tok/s against ${label}`}
        summary={points
          .map((point) => `${point.group}: ${formatTokensPerSecond(point.y)} at ${formatMs(point.x)} ${label}`)
          .join('; ')}
        height={320}
      />
    </Card>
  );
}

/**
 * 2–4 benchmarks side by side at one address: where their setups differ (highlighted), every metric
 * with its change against the first, and their points on one throughput–latency chart.
 */
export function BenchmarkCompare({
  status,
  error,
  onRetry,
  retrying,
  benchmarks = [],
  onRemove,
  onOpenSetting,
  settingHref,
  onExport,
  renderSearchLink,
  showTitle = true,
}: BenchmarkCompareProps) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);

  let body: ReactNode;
  if (status === 'error') {
    body = <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  } else if (status === 'loading') {
    body = (
      <>
        <Skeleton height={220} radius={8} />
        <Skeleton height={320} radius={8} />
      </>
    );
  } else if (benchmarks.length < 2) {
    body = (
      <EmptyState
        title="Pick at least two benchmarks to compare"
        description={
          <>
            Tick up to {MAX_COMPARED} benchmarks in the search results, a setting&apos;s benchmarks or a tuning
            session&apos;s trials, then choose Compare.
            {renderSearchLink ? <> {renderSearchLink('Search benchmarks')}</> : null}
          </>
        }
        headingLevel={2}
      />
    );
  } else {
    const shown = comparableFirst(benchmarks.slice(0, MAX_COMPARED));
    const keep = (rows: SetupRow[]) => (onlyDifferences ? rows.filter((row) => row.differs.some(Boolean)) : rows);
    const header = (
      <ColumnHeaders
        benchmarks={shown}
        onRemove={shown.length > 2 ? onRemove : undefined}
        onOpenSetting={onOpenSetting}
        settingHref={settingHref}
      />
    );
    const shortHeader = <ShortColumnHeaders benchmarks={shown} />;
    const workload = keep(workloadRows(shown));
    const flags = keep(flagRows(shown));
    const differing = [...workloadRows(shown), ...flagRows(shown)].filter((row) => row.differs.some(Boolean)).length;
    const provenance = keep(provenanceRows(shown));
    const provenanceDiffers = provenance.filter((row) => row.differs.some(Boolean)).length;
    body = (
      <>
        <Toolbar>
          <span role="status">
            {plural(shown.length, 'benchmark', 'benchmarks')};{' '}
            {differing === 0 ? 'same setup' : `${formatNumber(differing)}`}{' '}
            {differing === 1 ? 'setting differs' : differing === 0 ? '' : 'settings differ'}
            {differing > 0 ? ' (highlighted)' : ''}
            {provenanceDiffers > 0
              ? `; what the engines ran with differs in ${plural(provenanceDiffers, 'field', 'fields')}`
              : ''}
          </span>
          <ToolbarGroup>
            <Checkbox label="Only differences" checked={onlyDifferences} onCheckedChange={setOnlyDifferences} />
            {onExport ? <ExportButtons onExport={onExport} /> : null}
          </ToolbarGroup>
        </Toolbar>
        <SetupTable caption="Setup and workload" rows={workload} columns={shown.length} header={header} />
        {flags.length > 0 ? (
          <SetupTable caption="Engine flags" rows={flags} columns={shown.length} header={shortHeader} mono />
        ) : null}
        {provenance.length > 0 ? (
          <SetupTable caption="Provenance" rows={provenance} columns={shown.length} header={shortHeader} />
        ) : null}
        <TableFrame tabIndex={0} role="region" aria-label="Metrics, scrolls sideways">
          <CompareTable $columns={shown.length}>
            <Caption>Metrics</Caption>
            <thead>{shortHeader}</thead>
            <tbody>
              {metricRows(shown).map((row) => (
                <tr key={row.metric}>
                  <RowHeader scope="row">{metricLabel(row.metric)}</RowHeader>
                  {row.cells.map((cell, index) => (
                    <Cell key={index}>
                      <MetricValue metric={row.metric} cell={cell} />
                    </Cell>
                  ))}
                </tr>
              ))}
            </tbody>
          </CompareTable>
        </TableFrame>
        <CompareChart benchmarks={shown} />
      </>
    );
  }

  return (
    <ScreenRoot>
      {showTitle ? (
        <ScreenIntro
          title={BENCHMARK_COMPARE_TITLE}
          lede="Benchmarks side by side: what differs in their setups, and every metric against the first one."
        />
      ) : null}
      {body}
    </ScreenRoot>
  );
}
