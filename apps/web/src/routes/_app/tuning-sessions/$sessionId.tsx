import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import {
  isApiError,
  tuningBestQueryOptions,
  tuningInsightsQueryOptions,
  tuningResultsQueryOptions,
  tuningSessionQueryOptions,
  useShareSessionMutation,
} from '@mako/api-client';
import { MAX_PAGE_SIZE } from '@mako/contract';
import { SessionShare, TuningSessionDetailScreen, trialsExport } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { ResourceNotFound } from '../../../components/resource-not-found.tsx';
import { screenRouteError } from '../../../components/route-states.tsx';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { compareSearch } from '../../../lib/search-params/compare.ts';
import { downloadText } from '../../../lib/notices/download.ts';
import { orNotFound } from '../../../lib/notices/not-found.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { shareUrl } from '../../../lib/site/share-url.ts';
import { TITLES, tuningSessionTitle } from '../../../lib/page-titles/titles.ts';

const RESULTS_PAGE_SIZE = 20;
/** While runners are reporting, the page follows along. */
const LIVE_REFRESH_MS = 10_000;

const resultsSearchSchema = z.object({
  offset: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(0))), undefined),
  limit: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))), undefined),
});

const resultsPageOf = (search: z.infer<typeof resultsSearchSchema>) => ({
  limit: search.limit ?? RESULTS_PAGE_SIZE,
  offset: search.offset ?? 0,
});

export const Route = createFileRoute('/_app/tuning-sessions/$sessionId')({
  validateSearch: resultsSearchSchema,
  loaderDeps: ({ search }) => resultsPageOf(search),
  loader: async ({ context, params, deps }) => {
    // The results and the best configuration fill in around the session; only the session blocks.
    void context.queryClient.prefetchQuery(tuningResultsQueryOptions(params.sessionId, deps));
    const session = await orNotFound(context.queryClient.ensureQueryData(tuningSessionQueryOptions(params.sessionId)));
    return { session };
  },
  head: ({ loaderData }) =>
    pageHead(loaderData ? tuningSessionTitle(loaderData.session.setting) : TITLES.tuningSessions),
  pendingComponent: SessionPending,
  errorComponent: screenRouteError(sessionErrorScreen),
  notFoundComponent: () => (
    <ResourceNotFound what="tuning session" backTo="/tuning-sessions" backLabel="All tuning sessions" />
  ),
  component: TuningSessionPage,
});

const liveWhileRunning = (status: string | undefined) =>
  status === 'running' || status === 'pending' ? LIVE_REFRESH_MS : false;

function TuningSessionPage() {
  const { sessionId } = Route.useParams();
  const resultsPage = resultsPageOf(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: session } = useSuspenseQuery({
    ...tuningSessionQueryOptions(sessionId),
    refetchInterval: (query) => liveWhileRunning(query.state.data?.status),
  });
  const refetchInterval = liveWhileRunning(session.status);
  const results = useQuery({ ...tuningResultsQueryOptions(sessionId, resultsPage), refetchInterval });
  // Every trial so far, for the progress chart.
  const trials = useQuery({
    ...tuningResultsQueryOptions(sessionId, { limit: MAX_PAGE_SIZE, offset: 0 }),
    refetchInterval,
  });
  const best = useQuery({
    ...tuningBestQueryOptions(sessionId),
    refetchInterval,
    // 404 means no configuration has met the constraints yet: that is an answer, not a failure.
    retry: false,
  });
  const bestValue = best.data ?? (isApiError(best.error) && best.error.status === 404 ? null : undefined);
  // Why it wins is secondary: while it loads the section says the model is not fitted yet, and
  // when it fails the section stays away rather than putting an error above the results.
  const insights = useQuery({ ...tuningInsightsQueryOptions(sessionId), refetchInterval });
  const insightsValue = insights.isError ? undefined : (insights.data ?? null);
  const share = useShareSessionMutation();
  return (
    <TuningSessionDetailScreen
      status="success"
      showTitle={false}
      session={session}
      best={bestValue}
      results={results.data}
      resultsPage={resultsPage}
      onResultsPageChange={(page) => void navigate({ search: page, replace: true })}
      resultsLoading={results.isFetching && !results.data}
      trials={trials.data?.data}
      insights={insightsValue}
      onCopy={announceCopied}
      onCompare={(benchmarkIds) => void navigate({ to: '/benchmarks/compare', search: compareSearch(benchmarkIds) })}
      onExport={(format) => {
        const file = trialsExport(trials.data?.data ?? [], format, `tuning-session-${sessionId}-trials`);
        downloadText(file.name, file.type, file.text);
      }}
      share={
        <SessionShare
          shared={session.shared}
          finished={session.status === 'complete' || session.status === 'failed'}
          url={shareUrl('tuning-sessions', sessionId)}
          onSharedChange={(shared) => share.mutate({ sessionId, shared })}
          busy={share.isPending}
          error={share.error?.message}
          onCopy={announceCopied}
        />
      }
    />
  );
}

function SessionPending() {
  return <TuningSessionDetailScreen status="loading" showTitle={false} />;
}

function sessionErrorScreen(error: ScreenError, retry: () => void) {
  return <TuningSessionDetailScreen status="error" error={error} onRetry={retry} showTitle={false} />;
}
