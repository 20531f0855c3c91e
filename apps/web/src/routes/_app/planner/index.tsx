import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  plannerOptionsQueryOptions,
  supportedRuntimeOptionsQueryOptions,
  useCreateSessionMutation,
  usePlanMutation,
} from '@mako/api-client';
import { defaultSearchSpace } from '@mako/contract';
import { PlannerScreen } from '@mako/ui';
import type { PlannerStatus, ScreenError, SearchSpaceRules } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { notify } from '../../../lib/notices/notify.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { screenErrorOf } from '../../../lib/notices/screen-error-of.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/planner/')({
  loader: ({ context }) => {
    // "Tune this" opens the new-session dialog, which needs the engines' flag lists (ENGINE_FLAG_LISTS): fetch them alongside.
    void context.queryClient.prefetchQuery(supportedRuntimeOptionsQueryOptions());
    return context.queryClient.ensureQueryData(plannerOptionsQueryOptions());
  },
  head: () => pageHead(TITLES.planner),
  pendingComponent: PlannerPending,
  errorComponent: screenRouteError(plannerErrorScreen),
  component: PlannerPage,
});

/** The engines' validity rules for the parameters the user picked (the contract's defaults). */
const searchSpaceRules: SearchSpaceRules = ({ runtime, gpuCount, parameters }) =>
  defaultSearchSpace(runtime, gpuCount, parameters).rules ?? [];

function PlannerPage() {
  const navigate = useNavigate();
  const { data: options } = useSuspenseQuery(plannerOptionsQueryOptions());
  const runtimes = useQuery(supportedRuntimeOptionsQueryOptions());
  const plan = usePlanMutation();
  const create = useCreateSessionMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const status: PlannerStatus = plan.isIdle ? 'idle' : plan.isPending ? 'loading' : plan.isError ? 'error' : 'success';
  return (
    <PlannerScreen
      showTitle={false}
      models={options.models}
      onPlan={(request) => plan.mutate(request)}
      status={status}
      plan={plan.data}
      error={screenErrorOf(plan.error)}
      onRetry={() => plan.variables && plan.mutate(plan.variables)}
      retrying={plan.isPending}
      runtimes={runtimes.data?.runtimes}
      runtimesError={runtimes.error ? runtimes.error.message : null}
      searchSpaceRules={searchSpaceRules}
      onCreate={(request) =>
        create.mutate(request, {
          onSuccess: (session) => {
            setDialogOpen(false);
            notify.success(`Tuning session “${session.name}” created`);
            void navigate({ to: '/tuning-sessions/$sessionId', params: { sessionId: session.id } });
          },
        })
      }
      creating={create.isPending}
      createError={create.error ? create.error.message : null}
      tuneDialogOpen={dialogOpen}
      onTuneDialogOpenChange={(open) => {
        setDialogOpen(open);
        if (!open) create.reset();
      }}
      onCopyCommand={announceCopied}
    />
  );
}

function PlannerPending() {
  return <PlannerScreen showTitle={false} models={[]} status="loading" onPlan={ignore} onCreate={ignore} />;
}

function plannerErrorScreen(error: ScreenError, retry: () => void) {
  return (
    <PlannerScreen
      showTitle={false}
      models={[]}
      status="error"
      error={error}
      onRetry={retry}
      onPlan={ignore}
      onCreate={ignore}
    />
  );
}
