import { useSuspenseQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { benchmarkQueryOptions } from '@mako/api-client';
import { BenchmarkCompare, MAX_COMPARED, benchmarkExport } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { screenRouteError } from '../../../components/route-states.tsx';
import { compareIds, compareSearch, compareSearchSchema } from '../../../lib/search-params/compare.ts';
import { downloadText } from '../../../lib/notices/download.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/benchmarks/compare')({
  validateSearch: compareSearchSchema,
  // Only what the router runs on every navigation sits here; the loader and the screens load with
  // the page (see codeSplittingOptions in vite.config.ts), and so does @mako/ui.
  loaderDeps: ({ search }) => ({ ids: compareIds(search.ids) }),
  loader: ({ context, deps }) =>
    Promise.all(
      deps.ids.slice(0, MAX_COMPARED).map((id) => context.queryClient.ensureQueryData(benchmarkQueryOptions(id))),
    ),
  head: () => pageHead(TITLES.compareBenchmarks),
  pendingComponent: () => <BenchmarkCompare status="loading" showTitle={false} />,
  errorComponent: screenRouteError(compareErrorScreen),
  component: ComparePage,
});

const settingHref = (settingId: string) => `/single-benchmarks/${encodeURIComponent(settingId)}`;
const searchLink = (children: ReactNode) => <Link to="/benchmarks">{children}</Link>;

function ComparePage() {
  const search = Route.useSearch();
  const ids = compareIds(search.ids).slice(0, MAX_COMPARED);
  const navigate = useNavigate({ from: Route.fullPath });
  const benchmarks = useSuspenseQueries({ queries: ids.map((id) => benchmarkQueryOptions(id)) }).map(
    (query) => query.data,
  );
  return (
    <BenchmarkCompare
      status="success"
      showTitle={false}
      benchmarks={benchmarks}
      onRemove={(id) => void navigate({ search: compareSearch(ids.filter((other) => other !== id)), replace: true })}
      onOpenSetting={(settingId) => void navigate({ to: '/single-benchmarks/$settingId', params: { settingId } })}
      settingHref={settingHref}
      onExport={(format) => {
        const file = benchmarkExport(benchmarks, format, 'benchmark-comparison');
        downloadText(file.name, file.type, file.text);
      }}
      renderSearchLink={searchLink}
    />
  );
}

function compareErrorScreen(error: ScreenError, retry: () => void) {
  return <BenchmarkCompare status="error" error={error} onRetry={retry} showTitle={false} />;
}
