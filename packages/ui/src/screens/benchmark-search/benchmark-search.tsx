import type { Benchmark, PagingQuery } from '@mako/contract';
import { DEFAULT_PAGE_SIZE, naturalDirection } from '@mako/contract/vocabulary';
import { createColumnHelper } from '@tanstack/react-table';
import type { CellContext } from '@tanstack/react-table';
import { createContext, lazy, Suspense, useContext, useId, useMemo, useState } from 'react';
import { Button } from '../../primitives/button';
import { DataTable } from '../../primitives/data-table';
import { EmptyState } from '../../primitives/empty-state';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatHardware, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from '../../foundations/icons';
import { Skeleton } from '../../primitives/skeleton';
import { Tabs } from '../../primitives/tabs';
import type { ExportFormat } from '../../foundations/format/csv';
import { ExportButtons } from '../../primitives/export-buttons';
import {
  BENCHMARK_SEARCH_TITLE,
  formatCostPerMillion,
  formatRuntime,
  metricLabel,
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
import { SelectionBar } from '../benchmark-common/compare-selection.styles';
import { ScreenRoot } from '../benchmark-common/benchmark-common.styles';
import { ScreenIntro } from '../../primitives/screen-layout';
import { LoadError } from '../benchmark-common/load-error';
import { OpenLink } from '../benchmark-common/open-link';
import { SearchFilterForm } from './search-filter-form';
import type { BenchmarkSearchSuggestions } from './search-filter-form';
import { activeFilterCount } from './search-filters';
import type { BenchmarkSearchFilters } from './search-filters';
import {
  FilterColumn,
  FilterHeading,
  FilterPanel,
  FilterToggle,
  ModelText,
  Pager,
  PagerButtons,
  ResultsColumn,
  ResultsHeader,
  ResultsSummary,
  ResultsTitle,
  SearchLayout,
} from './benchmark-search.styles';

export type BenchmarkSearchView = 'table' | 'pareto';

/** The Pareto view loads when its tab is first shown: the page opens with the table. */
const ParetoView = lazy(() => import('./pareto-view'));

const NO_RESULTS: readonly Benchmark[] = [];

export interface BenchmarkSearchProps extends LoadFailureProps {
  /** The search on screen (from the address bar); limit and offset drive the pages. */
  filters: BenchmarkSearchFilters;
  /** A new search from the form: only the filters that are set, typed for the API. Reset sends {}. */
  onSearch: (filters: BenchmarkSearchFilters) => void;
  /** The query state of GET /benchmarks/all. */
  status: BenchmarkScreenStatus;
  /** One page of results (the page's `data`). */
  results?: readonly Benchmark[];
  /** Matches in total (the page's `count`). */
  count?: number;
  onPageChange: (paging: PagingQuery) => void;
  /** Controlled table/Pareto toggle; the table shows first by default. */
  view?: BenchmarkSearchView;
  onViewChange?: (view: BenchmarkSearchView) => void;
  /** Opens a result's setting (/single-benchmarks/{settingId}); without it models are plain text. */
  onOpenSetting?: (settingId: string) => void;
  settingHref?: (settingId: string) => string;
  /** Values offered while typing a filter (models, hardware, versions, datasets). */
  suggestions?: BenchmarkSearchSuggestions;
  /**
   * The user turned to the filters (pointed at them, focused one, opened the panel): the moment
   * to load `suggestions`, which nobody needs before. Called each time; the caller loads them when it
   * has none fresh.
   */
  onFilterIntent?: () => void;
  onCopyCommand?: (command: string) => void;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
  /**
   * Benchmarks ticked for comparison (up to four, kept across pages by the app). With
   * `onSelectionChange` the table gets a checkbox column and a Compare bar.
   */
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Opens the ticked benchmarks side by side; `compareHref` makes it a real link. */
  onCompare?: (ids: readonly string[]) => void;
  /** Export this page of results; the app turns it into a download. */
  onExport?: (format: ExportFormat) => void;
}

const ResultSelection = createContext<CompareSelection | null>(null);

function SelectCell({ row }: CellContext<Benchmark, unknown>) {
  const selection = useContext(ResultSelection);
  if (!selection) return null;
  const { id, setting } = row.original;
  return (
    <CompareCheckbox
      selection={selection}
      benchmarkId={id}
      label={`Compare ${setting.ml_model_name} on ${formatHardware(setting.hardware_config)} (${formatRuntime(setting.software)})`}
    />
  );
}

interface LinkContext {
  onOpenSetting?: (settingId: string) => void;
  settingHref?: (settingId: string) => string;
}

// Columns are module constants so cells keep their DOM (and focus) across renders; the callbacks
// the model cell needs come through this context.
const ResultLinks = createContext<LinkContext>({});

function ModelCell({ row }: CellContext<Benchmark, string>) {
  const { onOpenSetting, settingHref } = useContext(ResultLinks);
  const { setting } = row.original;
  const slash = setting.ml_model_name.indexOf('/');
  // Hugging Face names wrap after the organisation, so the metrics stay in view on a laptop.
  const name =
    slash > 0 ? (
      <ModelText>
        <span>{setting.ml_model_name.slice(0, slash + 1)}</span>
        <wbr />
        <span>{setting.ml_model_name.slice(slash + 1)}</span>
      </ModelText>
    ) : (
      <ModelText>{setting.ml_model_name}</ModelText>
    );
  if (!onOpenSetting) return name;
  return (
    <OpenLink href={settingHref?.(setting.id)} onOpen={() => onOpenSetting(setting.id)}>
      {name}
    </OpenLink>
  );
}

const column = createColumnHelper<Benchmark>();
const optional = (value: number | null) => value ?? undefined;
const metricColumns = benchmarkMetricColumns(column, (benchmark) => benchmark.metrics);

const COLUMNS = [
  column.accessor((benchmark) => benchmark.setting.ml_model_name, { id: 'model', header: 'Model', cell: ModelCell }),
  column.accessor((benchmark) => formatHardware(benchmark.setting.hardware_config), {
    id: 'hardware',
    header: 'Hardware',
  }),
  metricColumns.outputThroughput,
  column.accessor('output_throughput_per_gpu', {
    header: 'tok/s/GPU',
    cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
    meta: { numeric: true },
  }),
  column.accessor((benchmark) => optional(benchmark.output_throughput_per_user), {
    id: 'output_throughput_per_user',
    header: 'tok/s/user',
    cell: (info) => formatTokensPerSecond(info.getValue(), { unit: false }),
    sortUndefined: 'last',
    meta: { numeric: true },
  }),
  metricColumns.ttftP99,
  metricColumns.tpotMean,
  column.accessor((benchmark) => optional(benchmark.cost_per_million_tokens), {
    id: 'cost',
    header: 'Cost/1M tok',
    cell: (info) => formatCostPerMillion(info.getValue()),
    sortDescFirst: false,
    sortUndefined: 'last',
    meta: { numeric: true },
  }),
  column.accessor((benchmark) => formatRuntime(benchmark.setting.software), { id: 'runtime', header: 'Runtime' }),
  column.display({ id: 'status', header: 'Status', cell: (info) => <BenchmarkBadges benchmark={info.row.original} /> }),
];

const SELECTABLE_COLUMNS = [
  column.display({
    id: 'select',
    header: compareColumnHeader,
    cell: SelectCell,
    meta: { width: '44px' },
  }),
  ...COLUMNS,
];

function ResultsPager({
  limit,
  offset,
  count,
  shown,
  onPageChange,
}: {
  limit: number;
  offset: number;
  count: number;
  shown: number;
  onPageChange: (paging: PagingQuery) => void;
}) {
  const aligned = offset % limit === 0;
  return (
    <Pager aria-label="Search result pages">
      <span aria-live="polite">
        {shown > 0 ? `${formatNumber(offset + 1)}–${formatNumber(offset + shown)}` : 'None'} of {formatNumber(count)}
      </span>
      <PagerButtons>
        {aligned ? (
          <span>
            Page {formatNumber(offset / limit + 1)} of {formatNumber(Math.max(1, Math.ceil(count / limit)))}
          </span>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          aria-label="Previous page"
          icon={<ChevronLeftIcon size={14} />}
          disabled={offset === 0}
          onClick={() => onPageChange({ limit, offset: Math.max(0, offset - limit) })}
        />
        <Button
          variant="secondary"
          size="sm"
          aria-label="Next page"
          icon={<ChevronRightIcon size={14} />}
          disabled={offset + limit >= count}
          onClick={() => onPageChange({ limit, offset: offset + limit })}
        />
      </PagerButtons>
    </Pager>
  );
}

/**
 * Benchmark search (/benchmarks/): every filter of GET /benchmarks/all in a left column (a
 * folding bar on phones), the results as a sortable table or as a Pareto chart, paged by
 * limit/offset.
 */
export function BenchmarkSearch({
  filters,
  onSearch,
  status,
  error,
  onRetry,
  retrying,
  results = NO_RESULTS,
  count,
  onPageChange,
  view,
  onViewChange,
  onOpenSetting,
  settingHref,
  suggestions,
  onFilterIntent,
  onCopyCommand,
  showTitle = true,
  selectedIds = [],
  onSelectionChange,
  onCompare,
  onExport,
}: BenchmarkSearchProps) {
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [ownView, setOwnView] = useState<BenchmarkSearchView>('table');
  const shownView = view ?? ownView;
  const active = activeFilterCount(filters);
  const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
  const offset = filters.offset ?? 0;
  const total = count ?? results.length;

  const changeView = (next: string) => {
    const value = next === 'pareto' ? 'pareto' : 'table';
    setOwnView(value);
    onViewChange?.(value);
  };

  const ranking = filters.objective
    ? `ranked by ${metricLabel(filters.objective)}, ${naturalDirection(filters.objective) === 'maximize' ? 'highest' : 'lowest'} first`
    : 'newest first';

  const selection = useCompareSelection(selectedIds, onSelectionChange);
  const loading = status === 'loading';
  // The same element while the results stay the same: when something else on the screen changes
  // (the suggestions arriving after the first paint, the filter panel opening), React skips the
  // table instead of rendering a hundred rows again.
  const table = useMemo(
    () => (
      <ResultLinks.Provider value={{ onOpenSetting, settingHref }}>
        <ResultSelection.Provider value={selection}>
          <DataTable
            data={results}
            columns={selection ? SELECTABLE_COLUMNS : COLUMNS}
            caption="Matching benchmarks"
            getRowId={(benchmark) => benchmark.id}
            loading={loading}
            maxHeight={results.length > 200 ? 560 : undefined}
          />
        </ResultSelection.Provider>
      </ResultLinks.Provider>
    ),
    [onOpenSetting, settingHref, selection, results, loading],
  );

  let body;
  if (status === 'error') {
    body = <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  } else if (status === 'success' && total === 0) {
    body = (
      <EmptyState
        title="No benchmarks match these filters"
        description={
          <>
            Try fewer filters: clear a length bound or the runtime version, relax the constraints (for example
            ttft_ms.p99&lt;=500 instead of 200), or allow unverified and private benchmarks. Or benchmark the setup
            yourself and upload it:
          </>
        }
        command={benchRunnerCommand({ model: filters.model_name, hardware: filters.hardware_name })}
        onCopyCommand={onCopyCommand}
        actions={
          active > 0 ? (
            <Button variant="secondary" onClick={() => onSearch({})}>
              Reset filters
            </Button>
          ) : undefined
        }
        headingLevel={3}
      />
    );
  } else {
    body = (
      <>
        <Tabs
          aria-label="Results view"
          value={shownView}
          onValueChange={changeView}
          items={[
            {
              value: 'table',
              label: 'Table',
              content: table,
            },
            {
              value: 'pareto',
              label: 'Pareto chart',
              content: loading ? (
                <Skeleton height={420} radius={8} />
              ) : (
                <Suspense fallback={<Skeleton height={420} radius={8} />}>
                  <ParetoView results={results} />
                </Suspense>
              ),
            },
          ]}
        />
        {loading ? null : selection ? (
          <CompareBar selection={selection} onCompare={onCompare} rowsName="results">
            {onExport ? <ExportButtons onExport={onExport} /> : null}
          </CompareBar>
        ) : onExport ? (
          <SelectionBar aria-label="Selected results">
            <ExportButtons onExport={onExport} />
          </SelectionBar>
        ) : null}
        {!loading ? (
          <ResultsPager
            limit={limit}
            offset={offset}
            count={total}
            shown={results.length}
            onPageChange={onPageChange}
          />
        ) : null}
      </>
    );
  }

  return (
    <ScreenRoot>
      {showTitle ? (
        <ScreenIntro
          title={BENCHMARK_SEARCH_TITLE}
          lede="Published benchmarks and your own, filtered by model, hardware, workload and service levels."
        />
      ) : null}
      <SearchLayout>
        <FilterColumn aria-label="Filters" onPointerEnter={onFilterIntent} onFocus={onFilterIntent}>
          <FilterToggle>
            <Button
              variant="secondary"
              fullWidth
              iconEnd={filtersOpen ? <ChevronUpIcon size={16} /> : <ChevronDownIcon size={16} />}
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filtersOpen ? 'Hide filters' : 'Show filters'}
              {active > 0 ? ` (${active} active)` : ''}
            </Button>
          </FilterToggle>
          <FilterPanel id={panelId} $open={filtersOpen}>
            <FilterHeading>Filters</FilterHeading>
            <SearchFilterForm
              filters={filters}
              onSearch={onSearch}
              suggestions={suggestions}
              searching={status === 'loading'}
              onSubmitted={() => setFiltersOpen(false)}
            />
          </FilterPanel>
        </FilterColumn>
        <ResultsColumn aria-labelledby={`${panelId}-results`}>
          <ResultsHeader>
            <ResultsTitle id={`${panelId}-results`}>Results</ResultsTitle>
            {status === 'success' && total > 0 ? (
              <ResultsSummary>
                {formatNumber(total)} {total === 1 ? 'benchmark' : 'benchmarks'}, {ranking}
                {total > results.length ? '. Sorting a column reorders this page; an objective ranks every match.' : ''}
              </ResultsSummary>
            ) : null}
          </ResultsHeader>
          {body}
        </ResultsColumn>
      </SearchLayout>
    </ScreenRoot>
  );
}
