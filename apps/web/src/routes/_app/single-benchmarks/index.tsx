import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { benchmarkSettingsQueryOptions } from '@mako/api-client';
import { SingleBenchmarks } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { screenRouteError } from '../../../components/route-states.tsx';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { pagingOf, pagingSearch, pagingSearchSchema } from '../../../lib/search-params/paging-search.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/single-benchmarks/')({
  validateSearch: pagingSearchSchema,
  loaderDeps: ({ search }) => pagingOf(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(benchmarkSettingsQueryOptions(deps)),
  head: () => pageHead(TITLES.singleBenchmarks),
  pendingComponent: SingleBenchmarksPending,
  errorComponent: screenRouteError(singleBenchmarksErrorScreen),
  component: SingleBenchmarksPage,
});

const settingHref = (settingId: string) => `/single-benchmarks/${encodeURIComponent(settingId)}`;

function SingleBenchmarksPage() {
  const paging = pagingOf(Route.useSearch());
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(benchmarkSettingsQueryOptions(paging));
  return (
    <SingleBenchmarks
      status="success"
      showTitle={false}
      settings={data.data}
      count={data.count}
      limit={paging.limit}
      offset={paging.offset}
      onPageChange={(next) => void navigate({ to: '/single-benchmarks', search: pagingSearch(next) })}
      onOpenSetting={(settingId) => void navigate({ to: '/single-benchmarks/$settingId', params: { settingId } })}
      settingHref={settingHref}
      onCopyCommand={announceCopied}
    />
  );
}

function SingleBenchmarksPending() {
  return <SingleBenchmarks status="loading" showTitle={false} onOpenSetting={() => undefined} />;
}

function singleBenchmarksErrorScreen(error: ScreenError, retry: () => void) {
  return (
    <SingleBenchmarks status="error" error={error} onRetry={retry} showTitle={false} onOpenSetting={() => undefined} />
  );
}
