import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import {
  benchmarkQueryOptions,
  benchmarkSettingQueryOptions,
  benchmarksBySettingQueryOptions,
  currentUserQueryOptions,
  sweepsQueryOptions,
  useDeleteBenchmarkMutation,
  usePatchBenchmarkMutation,
} from '@mako/api-client';
import { defaultConfig } from '@mako/contract';
import { ShareLinks, SingleBenchmarkDetail, bestByThroughput } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { ResourceNotFound } from '../../../components/resource-not-found.tsx';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { compareSearch } from '../../../lib/search-params/compare.ts';
import { allOrNotFound } from '../../../lib/notices/not-found.ts';
import { errorText } from '../../../lib/notices/screen-error-of.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { shareUrl } from '../../../lib/site/share-url.ts';
import { TITLES, benchmarkSettingTitle } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/single-benchmarks/$settingId')({
  // ?benchmark= keeps the chosen benchmark in the address, so a link shows the same one.
  validateSearch: z.object({ benchmark: z.catch(z.optional(z.string().check(z.minLength(1))), undefined) }),
  loader: async ({ context, params }) => {
    const [setting] = await allOrNotFound([
      context.queryClient.ensureQueryData(benchmarkSettingQueryOptions(params.settingId)),
      context.queryClient.ensureQueryData(benchmarksBySettingQueryOptions(params.settingId)),
    ]);
    return { setting };
  },
  head: ({ loaderData }) => pageHead(loaderData ? benchmarkSettingTitle(loaderData.setting) : TITLES.singleBenchmarks),
  pendingComponent: DetailPending,
  errorComponent: screenRouteError(detailErrorScreen),
  notFoundComponent: () => (
    <ResourceNotFound what="benchmark setting" backTo="/single-benchmarks" backLabel="All benchmark settings" />
  ),
  component: SettingDetailPage,
});

function SettingDetailPage() {
  const { settingId } = Route.useParams();
  const { benchmark } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: setting } = useSuspenseQuery(benchmarkSettingQueryOptions(settingId));
  const { data: page } = useSuspenseQuery(benchmarksBySettingQueryOptions(settingId));
  const { data: current } = useSuspenseQuery(currentUserQueryOptions());
  // The list leaves out runs and telemetry; the shown benchmark's own answer has them.
  const shownId = page.data.some((b) => b.id === benchmark) ? benchmark : bestByThroughput(page.data)?.id;
  const { data: detail } = useQuery({ ...benchmarkQueryOptions(shownId ?? ''), enabled: shownId !== undefined });
  // Sweeps are their owner's: only the owner's page asks whether the shown benchmark is a level of one.
  const ownShown =
    current.status === 'authenticated' && page.data.some((b) => b.id === shownId && b.owner === current.user.id);
  const { data: sweeps } = useQuery({ ...sweepsQueryOptions({ benchmark_id: shownId ?? '' }), enabled: ownShown });
  const sweep = sweeps?.data[0];
  const publish = usePatchBenchmarkMutation();
  const remove = useDeleteBenchmarkMutation();
  return (
    <SingleBenchmarkDetail
      status="success"
      showTitle={false}
      setting={setting}
      benchmarks={page.data}
      selectedBenchmarkId={benchmark ?? null}
      selectedDetail={detail ?? null}
      sweepHref={sweep ? `/sweeps/${sweep.id}` : null}
      onSelectBenchmark={(benchmarkId) => void navigate({ search: { benchmark: benchmarkId }, replace: true })}
      viewerId={current.status === 'authenticated' ? current.user.id : null}
      onPublishChange={(benchmarkId, published) => publish.mutate({ benchmarkId, patch: { published } })}
      publishingId={publish.isPending ? publish.variables.benchmarkId : null}
      publishError={errorText(publish.error)}
      onDelete={(benchmarkId) => remove.mutate(benchmarkId)}
      deletingId={remove.isPending ? remove.variables : null}
      deleteError={errorText(remove.error)}
      runtimeDefaults={defaultConfig(setting.software.runtime)}
      onCopyCommand={announceCopied}
      onCompare={(ids) => void navigate({ to: '/benchmarks/compare', search: compareSearch(ids) })}
      renderShare={(selected) => (
        <ShareLinks
          links={[
            ...(selected?.published
              ? [{ label: 'Public page of this benchmark', url: shareUrl('benchmarks', selected.id) }]
              : []),
            ...(page.data.some((b) => b.published)
              ? [{ label: 'Public page of this setting', url: shareUrl('settings', settingId) }]
              : []),
          ]}
          emptyNote="Publish a benchmark to give it, and this setting, a public page."
          onCopy={announceCopied}
        />
      )}
    />
  );
}

function DetailPending() {
  return <SingleBenchmarkDetail status="loading" showTitle={false} onPublishChange={ignore} onDelete={ignore} />;
}

function detailErrorScreen(error: ScreenError, retry: () => void) {
  return (
    <SingleBenchmarkDetail
      status="error"
      error={error}
      onRetry={retry}
      showTitle={false}
      onPublishChange={ignore}
      onDelete={ignore}
    />
  );
}
