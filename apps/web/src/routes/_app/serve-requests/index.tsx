import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import {
  serveRequestsQueryOptions,
  useCreateServeRequestMutation,
  useDeleteServeRequestMutation,
} from '@mako/api-client';
import { ServeRequestCreate } from '@mako/contract';
import { ServeRequestsPage } from '@mako/ui';
import type { ScreenError, ServeRequestCreateValues } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { englishMessages } from '../../../lib/notices/english-messages.ts';
import { notify } from '../../../lib/notices/notify.ts';
import { errorText } from '../../../lib/notices/screen-error-of.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/serve-requests/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(serveRequestsQueryOptions()),
  head: () => pageHead(TITLES.serveRequests),
  pendingComponent: ServeRequestsPending,
  errorComponent: screenRouteError(serveRequestsErrorScreen),
  component: ServeRequestsRoute,
});

function ServeRequestsRoute() {
  const { data } = useSuspenseQuery(serveRequestsQueryOptions());
  const create = useCreateServeRequestMutation();
  const remove = useDeleteServeRequestMutation();
  // The form offers the contract's choices; anything else is refused here with the contract's words.
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (values: ServeRequestCreateValues) => {
    const parsed = ServeRequestCreate.safeParse(values, { error: englishMessages });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Invalid request');
      return;
    }
    setInvalid(null);
    create.mutate(parsed.data);
  };
  return (
    <ServeRequestsPage
      requests={data.data}
      onCreate={submit}
      creating={create.isPending}
      createError={invalid ?? errorText(create.error)}
      onDelete={(requestId) => remove.mutate(requestId, { onSuccess: () => notify.success('Serve request deleted') })}
      deletingId={remove.isPending ? remove.variables : null}
      deleteError={errorText(remove.error)}
    />
  );
}

function ServeRequestsPending() {
  return <ServeRequestsPage isLoading onCreate={ignore} onDelete={ignore} />;
}

function serveRequestsErrorScreen(error: ScreenError, retry: () => void) {
  return <ServeRequestsPage error={error} onRetry={retry} onCreate={ignore} onDelete={ignore} />;
}
