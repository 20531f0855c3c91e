import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ResponseOf } from '@mako/contract';
import { benchmarkSearchQueryOptions, benchmarkSettingsQueryOptions } from '@mako/api-client';
import { BenchmarkSearch, benchmarkExport, preloadNumericCellFonts } from '@mako/ui';
import type { BenchmarkSearchSuggestions } from '@mako/ui';
import { ignore, ScreenRouteError } from '../../../components/route-states.tsx';
import { parseBenchmarkSearch, searchQueryOf, startSearchEarly } from '../../../lib/search-params/benchmark-search.ts';
import { compareSearch } from '../../../lib/search-params/compare.ts';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { downloadText } from '../../../lib/notices/download.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/benchmarks/')({
  validateSearch: parseBenchmarkSearch,
  // Runs from the first chunk, before the page's own chunk has loaded: the search starts alongside it.
  beforeLoad: ({ context, search }) => {
    startSearchEarly(context.queryClient, search);
    preloadNumericCellFonts();
  },
  loaderDeps: ({ search }) => searchQueryOf(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(benchmarkSearchQueryOptions(deps)),
  head: () => pageHead(TITLES.benchmarks),
  pendingComponent: SearchPending,
  errorComponent: SearchError,
  component: BenchmarkSearchPage,
});

const settingHref = (settingId: string) => `/single-benchmarks/${encodeURIComponent(settingId)}`;
const unique = (values: readonly string[]) => [...new Set(values)].sort();

/** Model, hardware, version and dataset names the user can see, offered while typing a filter. */
function suggestionsOf(settings: ResponseOf<'listSettings'>): BenchmarkSearchSuggestions {
  const rows = settings.data;
  return {
    model_name: unique(rows.map((s) => s.ml_model_name)),
    hardware_name: unique(rows.map((s) => s.hardware_config.name)),
    software_version: unique(rows.map((s) => s.software.version)),
    dataset: unique(rows.map((s) => s.workload.dataset)),
  };
}

/**
 * The suggestions help typing a filter, not reading the results: they load when the user turns to
 * the filters, so that on a slow link they do not hold the first screen back. The query itself never
 * fetches (a new benchmark's invalidation leaves it be): the next turn to the filters refetches
 * what has gone stale. `select` computes the lists once per answer, and the same object keeps the
 * screen's table as it is.
 */
function useSuggestions() {
  const queryClient = useQueryClient();
  const load = useCallback(() => void queryClient.prefetchQuery(benchmarkSettingsQueryOptions()), [queryClient]);
  const suggestions = useQuery({ ...benchmarkSettingsQueryOptions(), select: suggestionsOf, enabled: false }).data;
  return { suggestions, load };
}

function BenchmarkSearchPage() {
  const search = Route.useSearch();
  const query = searchQueryOf(search);
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(benchmarkSearchQueryOptions(query));
  const { suggestions, load: loadSuggestions } = useSuggestions();
  // Ticked results survive paging and new filters: the page stays mounted while its search changes.
  const [selected, setSelected] = useState<string[]>([]);
  // Stable, so that the screen can keep its table when only the suggestions change.
  const openSetting = useCallback(
    (settingId: string) => void navigate({ to: '/single-benchmarks/$settingId', params: { settingId } }),
    [navigate],
  );
  return (
    <BenchmarkSearch
      status="success"
      showTitle={false}
      filters={query}
      onSearch={(filters) => void navigate({ search: { ...filters, view: search.view } })}
      results={data.data}
      count={data.count}
      onPageChange={(page) => void navigate({ search: (previous) => ({ ...previous, ...page }) })}
      view={search.view ?? 'table'}
      onViewChange={(view) => void navigate({ search: (previous) => ({ ...previous, view }), replace: true })}
      onOpenSetting={openSetting}
      settingHref={settingHref}
      suggestions={suggestions}
      onFilterIntent={loadSuggestions}
      onCopyCommand={announceCopied}
      selectedIds={selected}
      onSelectionChange={setSelected}
      onCompare={(ids) => void navigate({ to: '/benchmarks/compare', search: compareSearch(ids) })}
      onExport={(format) => {
        const file = benchmarkExport(data.data, format, 'benchmarks');
        downloadText(file.name, file.type, file.text);
      }}
    />
  );
}

function SearchPending() {
  const search = Route.useSearch();
  return (
    <BenchmarkSearch
      status="loading"
      showTitle={false}
      filters={searchQueryOf(search)}
      onSearch={ignore}
      onPageChange={ignore}
    />
  );
}

function SearchError(props: ErrorComponentProps) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <ScreenRouteError
      {...props}
      renderScreen={(error, retry) => (
        <BenchmarkSearch
          status="error"
          error={error}
          onRetry={retry}
          showTitle={false}
          filters={searchQueryOf(search)}
          onSearch={(filters) => void navigate({ search: { ...filters, view: search.view } })}
          onPageChange={ignore}
        />
      )}
    />
  );
}
