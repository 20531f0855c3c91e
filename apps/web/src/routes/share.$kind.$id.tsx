import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, notFound } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import {
  publicBenchmarkQueryOptions,
  publicSettingQueryOptions,
  publicTuningSessionQueryOptions,
} from '@mako/api-client';
import { defaultConfig, type Benchmark, type BenchmarkSetting } from '@mako/contract';
import {
  PublicNotAvailable,
  PublicPage,
  SingleBenchmarkDetail,
  TuningSessionDetailScreen,
  trialsExport,
} from '@mako/ui';
import { ignore, RouteError } from '../components/route-states.tsx';
import { renderRouterLink } from '../components/router-link.tsx';
import { downloadText } from '../lib/notices/download.ts';
import { orNotFound } from '../lib/notices/not-found.ts';
import { pageHead } from '../lib/page-titles/page-title.ts';
import { TITLES, benchmarkSettingTitle, tuningSessionTitle } from '../lib/page-titles/titles.ts';

/*
 * The public share pages (/share/benchmarks/{id}, /share/settings/{id}, /share/tuning-sessions/{id}):
 * no account and no app shell, the owner's screens read-only. One route for the three kinds keeps
 * the entry chunk (which holds every route's definition) as small as one page.
 */

type ShareKind = 'benchmarks' | 'settings' | 'tuning-sessions';

const WHAT: Record<ShareKind, string> = {
  benchmarks: 'benchmark',
  settings: 'benchmark setting',
  'tuning-sessions': 'tuning session',
};

const isShareKind = (kind: string): kind is ShareKind => Object.hasOwn(WHAT, kind);

/** Like the setting's title (SPEC §2), for one benchmark of it. */
const benchmarkTitle = (setting: { ml_model_name: string; hardware_config: { count: number; name: string } }) =>
  `${setting.ml_model_name} benchmark on ${setting.hardware_config.count}x ${setting.hardware_config.name}`;

export const Route = createFileRoute('/share/$kind/$id')({
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    switch (params.kind) {
      case 'benchmarks': {
        const benchmark = await orNotFound(queryClient.ensureQueryData(publicBenchmarkQueryOptions(params.id)));
        return { title: benchmarkTitle(benchmark.setting) };
      }
      case 'settings': {
        const page = await orNotFound(queryClient.ensureQueryData(publicSettingQueryOptions(params.id)));
        return { title: benchmarkSettingTitle(page.setting) };
      }
      case 'tuning-sessions': {
        const page = await orNotFound(queryClient.ensureQueryData(publicTuningSessionQueryOptions(params.id)));
        return { title: tuningSessionTitle(page.session.setting) };
      }
      default:
        throw notFound();
    }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title ?? TITLES.home),
  pendingComponent: SharePending,
  errorComponent: ShareError,
  notFoundComponent: ShareNotFound,
  component: SharePage,
});

function SharePage() {
  const { kind, id } = Route.useParams();
  const { title } = Route.useLoaderData();
  return (
    <PublicPage title={title} renderLink={renderRouterLink}>
      {kind === 'benchmarks' ? (
        <PublicBenchmark benchmarkId={id} />
      ) : kind === 'settings' ? (
        <PublicSetting settingId={id} />
      ) : (
        <PublicSession sessionId={id} />
      )}
    </PublicPage>
  );
}

function PublicBenchmark({ benchmarkId }: { benchmarkId: string }) {
  const { data: benchmark } = useSuspenseQuery(publicBenchmarkQueryOptions(benchmarkId));
  return <ReadOnlyBenchmarks setting={benchmark.setting} benchmarks={[benchmark]} />;
}

function PublicSetting({ settingId }: { settingId: string }) {
  const { data: page } = useSuspenseQuery(publicSettingQueryOptions(settingId));
  return <ReadOnlyBenchmarks setting={page.setting} benchmarks={page.benchmarks} />;
}

/** The setting screen without its owner's controls. */
function ReadOnlyBenchmarks({ setting, benchmarks }: { setting: BenchmarkSetting; benchmarks: readonly Benchmark[] }) {
  return (
    <SingleBenchmarkDetail
      status="success"
      readOnly
      showTitle={false}
      setting={setting}
      benchmarks={benchmarks}
      runtimeDefaults={defaultConfig(setting.software.runtime)}
      onPublishChange={ignore}
      onDelete={ignore}
    />
  );
}

const RESULTS_PAGE_SIZE = 20;

function PublicSession({ sessionId }: { sessionId: string }) {
  const { data: page } = useSuspenseQuery(publicTuningSessionQueryOptions(sessionId));
  // The answer holds every trial, so its table pages here rather than on the server.
  const [resultsPage, setResultsPage] = useState({ limit: RESULTS_PAGE_SIZE, offset: 0 });
  const { trials } = page;
  return (
    <TuningSessionDetailScreen
      status="success"
      readOnly
      showTitle={false}
      session={page.session}
      best={page.best}
      results={{
        data: trials.slice(resultsPage.offset, resultsPage.offset + resultsPage.limit),
        count: trials.length,
      }}
      resultsPage={resultsPage}
      onResultsPageChange={setResultsPage}
      trials={trials}
      // Null when the tuner could not explain the session: the section stays away, as on the owner's page.
      insights={page.insights ?? undefined}
      onExport={(format) => {
        const file = trialsExport(trials, format, `tuning-session-${sessionId}-trials`);
        downloadText(file.name, file.type, file.text);
      }}
    />
  );
}

function SharePending() {
  return (
    <PublicPage renderLink={renderRouterLink}>
      <SingleBenchmarkDetail status="loading" onPublishChange={ignore} onDelete={ignore} />
    </PublicPage>
  );
}

function ShareError(props: ErrorComponentProps) {
  return (
    <PublicPage renderLink={renderRouterLink}>
      <RouteError {...props} />
    </PublicPage>
  );
}

function ShareNotFound() {
  const { kind } = Route.useParams();
  return (
    <PublicPage renderLink={renderRouterLink}>
      <PublicNotAvailable
        what={isShareKind(kind) ? WHAT[kind] : 'page'}
        action={<Link to="/">Go to MakoOptimize</Link>}
      />
    </PublicPage>
  );
}
