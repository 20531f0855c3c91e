import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  mySessionsQueryOptions,
  supportedRuntimeOptionsQueryOptions,
  useCreateSessionMutation,
} from '@mako/api-client';
import { defaultSearchSpace } from '@mako/contract';
import { TuningSessionsScreen } from '@mako/ui';
import type { ScreenError, SearchSpaceRules } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { announceCopied } from '../../../lib/notices/copied.ts';
import { notify } from '../../../lib/notices/notify.ts';

export const Route = createFileRoute('/_app/tuning-sessions/')({
  loader: ({ context }) => {
    // The create dialog's engine-flag lists are not needed to show the list: fetch them alongside.
    void context.queryClient.prefetchQuery(supportedRuntimeOptionsQueryOptions());
    return context.queryClient.ensureQueryData(mySessionsQueryOptions());
  },
  pendingComponent: SessionsPending,
  errorComponent: screenRouteError(sessionsErrorScreen),
  component: TuningSessionsPage,
});

/** The engines' validity rules for the parameters the user picked (the contract's defaults). */
const searchSpaceRules: SearchSpaceRules = ({ runtime, gpuCount, parameters }) =>
  defaultSearchSpace(runtime, gpuCount, parameters).rules ?? [];

const sessionHref = (sessionId: string) => `/tuning-sessions/${encodeURIComponent(sessionId)}`;

function TuningSessionsPage() {
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(mySessionsQueryOptions());
  const runtimes = useQuery(supportedRuntimeOptionsQueryOptions());
  const create = useCreateSessionMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <TuningSessionsScreen
      status="success"
      showTitle={false}
      sessions={data.data}
      onOpenSession={(sessionId) => void navigate({ to: '/tuning-sessions/$sessionId', params: { sessionId } })}
      sessionHref={sessionHref}
      runtimes={runtimes.data?.runtimes}
      runtimesError={runtimes.error ? runtimes.error.message : null}
      onCreate={(request) =>
        create.mutate(request, {
          onSuccess: (session) => {
            setDialogOpen(false);
            notify.success(`Tuning session “${session.name}” created`);
          },
        })
      }
      creating={create.isPending}
      createError={create.error ? create.error.message : null}
      createDialogOpen={dialogOpen}
      onCreateDialogOpenChange={(open) => {
        setDialogOpen(open);
        if (!open) create.reset();
      }}
      searchSpaceRules={searchSpaceRules}
      onCopyCommand={announceCopied}
    />
  );
}

function SessionsPending() {
  return <TuningSessionsScreen status="loading" showTitle={false} onOpenSession={ignore} onCreate={ignore} />;
}

function sessionsErrorScreen(error: ScreenError, retry: () => void) {
  return (
    <TuningSessionsScreen
      status="error"
      error={error}
      onRetry={retry}
      showTitle={false}
      onOpenSession={ignore}
      onCreate={ignore}
    />
  );
}
