import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  apiTokensQueryOptions,
  benchmarkSettingsQueryOptions,
  currentUserQueryOptions,
  mySessionsQueryOptions,
  siteSettingsQueryOptions,
} from '@mako/api-client';
import { GettingStartedScreen } from '@mako/ui';
import type { GettingStartedStep, ScreenError } from '@mako/ui';
import { renderRouterLink } from '../../../components/router-link.tsx';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { absoluteApiUrl, runnerDownloadUrl } from '../../../lib/site/api-url.ts';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

/** What tells the steps apart: a token, a token a runner has used, an own benchmark, a session. */
const tokensQuery = () => apiTokensQueryOptions();
const ownBenchmarksQuery = () => benchmarkSettingsQueryOptions({ owned_by: 'me', limit: 1 });
const latestSessionQuery = () => mySessionsQueryOptions({ limit: 1 });

export const Route = createFileRoute('/_app/getting-started/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(tokensQuery()),
      context.queryClient.ensureQueryData(ownBenchmarksQuery()),
      context.queryClient.ensureQueryData(latestSessionQuery()),
    ]),
  head: () => pageHead(TITLES.gettingStarted),
  pendingComponent: GettingStartedPending,
  errorComponent: screenRouteError(gettingStartedErrorScreen),
  component: GettingStartedPage,
});

function GettingStartedPage() {
  const navigate = useNavigate();
  const { data: current } = useSuspenseQuery(currentUserQueryOptions());
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions());
  const [tokens, ownBenchmarks, sessions] = useSuspenseQueries({
    queries: [tokensQuery(), ownBenchmarksQuery(), latestSessionQuery()],
  });
  const completed: GettingStartedStep[] = ['account'];
  if (tokens.data.data.some((token) => !token.revoked_at)) completed.push('token');
  if (tokens.data.data.some((token) => token.last_used_at !== null)) completed.push('runner');
  if (ownBenchmarks.data.count > 0) completed.push('benchmark');
  if (sessions.data.count > 0) completed.push('session');
  return (
    <GettingStartedScreen
      showTitle={false}
      email={current.status === 'authenticated' ? current.user.email : ''}
      completedSteps={completed}
      docsUrl={settings.docs_url}
      apiUrl={absoluteApiUrl()}
      runnerDownloadUrl={runnerDownloadUrl()}
      sessionId={sessions.data.data[0]?.id ?? null}
      onCreateToken={() => void navigate({ to: '/tokens' })}
      onCreateSession={() => void navigate({ to: '/tuning-sessions' })}
      tokensHref="/tokens"
      benchmarksHref="/single-benchmarks"
      sessionsHref="/tuning-sessions"
      renderLink={renderRouterLink}
      onCopyCommand={announceCopied}
    />
  );
}

function GettingStartedPending() {
  return (
    <GettingStartedScreen
      status="loading"
      showTitle={false}
      email=""
      runnerDownloadUrl={runnerDownloadUrl()}
      onCreateToken={ignore}
      onCreateSession={ignore}
    />
  );
}

function gettingStartedErrorScreen(error: ScreenError, retry: () => void) {
  return (
    <GettingStartedScreen
      status="error"
      error={error}
      onRetry={retry}
      showTitle={false}
      email=""
      runnerDownloadUrl={runnerDownloadUrl()}
      onCreateToken={ignore}
      onCreateSession={ignore}
    />
  );
}
