import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { benchmarkSettingsQueryOptions, bestBenchmarkReportQueryOptions, isApiError } from '@mako/api-client';
import { BestReportQuery, MAX_PAGE_SIZE, MetricKey, defaultConfig } from '@mako/contract';
import { BestSetupReport } from '@mako/ui';
import type { BestSetupReportProps, BestSetupReportStatus, BestSetupSelection, ScreenError } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { screenErrorOf } from '../../../lib/notices/screen-error-of.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

/** The three choices live in the address, so a report can be linked to. */
const selectionSchema = z.object({
  model_name: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined),
  hardware_name: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(64))), undefined),
  objective: z.catch(z.optional(MetricKey), undefined),
});

/** Every setting the user can see, to offer its models and accelerators. */
const choicesQuery = () => benchmarkSettingsQueryOptions({ limit: MAX_PAGE_SIZE });

export const Route = createFileRoute('/_app/best-setup-report/')({
  validateSearch: selectionSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(choicesQuery()),
  head: () => pageHead(TITLES.bestSetupReport),
  pendingComponent: ReportPending,
  errorComponent: screenRouteError(reportErrorScreen),
  component: BestSetupReportPage,
});

const settingHref = (settingId: string) => `/single-benchmarks/${encodeURIComponent(settingId)}`;
const unique = (values: readonly string[]) => [...new Set(values)].sort();
const emptySelection: BestSetupSelection = { model_name: '', hardware_name: '', objective: '' };

function BestSetupReportPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: settings } = useSuspenseQuery(choicesQuery());
  const selection: BestSetupSelection = { ...emptySelection, ...search };
  const query = BestReportQuery.safeParse(search);
  const report = useQuery({
    ...bestBenchmarkReportQueryOptions(
      query.success ? query.data : { model_name: '', hardware_name: '', objective: 'output_throughput' },
    ),
    enabled: query.success,
    // 404: nothing is benchmarked for this choice, which the screen shows as such.
    retry: false,
  });
  const nothingBenchmarked = isApiError(report.error) && report.error.status === 404;
  const status: BestSetupReportStatus = !query.success
    ? 'idle'
    : report.isPending && !nothingBenchmarked
      ? 'loading'
      : report.isError && !nothingBenchmarked
        ? 'error'
        : 'success';
  const best = report.data?.best;
  return (
    <BestSetupReport
      showTitle={false}
      models={unique(settings.data.map((setting) => setting.ml_model_name))}
      hardware={unique(settings.data.map((setting) => setting.hardware_config.name))}
      selection={selection}
      onChange={(next) =>
        void navigate({
          search: {
            model_name: next.model_name || undefined,
            hardware_name: next.hardware_name || undefined,
            objective: next.objective || undefined,
          },
          replace: true,
        })
      }
      status={status}
      report={nothingBenchmarked ? null : report.data}
      error={screenErrorOf(report.error)}
      onRetry={() => void report.refetch()}
      retrying={report.isFetching && report.isError}
      runtimeDefaults={best ? defaultConfig(best.setting.software.runtime) : undefined}
      onCopyCommand={announceCopied}
      onOpenSetting={(settingId) => void navigate({ to: '/single-benchmarks/$settingId', params: { settingId } })}
      settingHref={settingHref}
    />
  );
}

function ReportPending() {
  return <ReportWithoutData status="loading" />;
}

function reportErrorScreen(error: ScreenError, retry: () => void) {
  return <ReportWithoutData status="error" error={error} onRetry={retry} />;
}

/** The report before its data: nothing to choose from, nothing chosen. */
function ReportWithoutData(props: Pick<BestSetupReportProps, 'status' | 'error' | 'onRetry'>) {
  return (
    <BestSetupReport
      showTitle={false}
      models={[]}
      hardware={[]}
      selection={emptySelection}
      onChange={ignore}
      {...props}
    />
  );
}
