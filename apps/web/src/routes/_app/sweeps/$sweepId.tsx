import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sweepQueryOptions } from '@mako/api-client';
import { SweepDetail } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { ResourceNotFound } from '../../../components/resource-not-found.tsx';
import { screenRouteError } from '../../../components/route-states.tsx';
import { orNotFound } from '../../../lib/notices/not-found.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { sweepTitle } from '../../../lib/page-titles/titles.ts';

/** A level's benchmark, shown selected on its setting's page. */
const benchmarkHref = ({ benchmarkId, settingId }: { benchmarkId: string; settingId: string }) =>
  `/single-benchmarks/${encodeURIComponent(settingId)}?benchmark=${encodeURIComponent(benchmarkId)}`;

export const Route = createFileRoute('/_app/sweeps/$sweepId')({
  loader: async ({ context, params }) => ({
    sweep: await orNotFound(context.queryClient.ensureQueryData(sweepQueryOptions(params.sweepId))),
  }),
  head: ({ loaderData }) => pageHead(loaderData ? sweepTitle(loaderData.sweep) : 'Sweep'),
  pendingComponent: () => <SweepDetail status="loading" showTitle={false} benchmarkHref={benchmarkHref} />,
  errorComponent: screenRouteError(sweepErrorScreen),
  notFoundComponent: () => <ResourceNotFound what="sweep" backTo="/single-benchmarks" backLabel="All benchmarks" />,
  component: SweepPage,
});

function SweepPage() {
  const { sweepId } = Route.useParams();
  const { data: sweep } = useSuspenseQuery(sweepQueryOptions(sweepId));
  return <SweepDetail status="success" showTitle={false} sweep={sweep} benchmarkHref={benchmarkHref} />;
}

function sweepErrorScreen(error: ScreenError, retry: () => void) {
  return <SweepDetail status="error" showTitle={false} error={error} onRetry={retry} benchmarkHref={benchmarkHref} />;
}
