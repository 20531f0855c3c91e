import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  registryTokensQueryOptions,
  useCreateRegistryTokenMutation,
  useRevokeRegistryTokenMutation,
} from '@mako/api-client';
import { DockerhubTokensPage } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { notify } from '../../../lib/notices/notify.ts';
import { errorText } from '../../../lib/notices/screen-error-of.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/dockerhub/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(registryTokensQueryOptions()),
  head: () => pageHead(TITLES.dockerhub),
  pendingComponent: DockerhubPending,
  errorComponent: screenRouteError(dockerhubErrorScreen),
  component: DockerhubPage,
});

function DockerhubPage() {
  const { data } = useSuspenseQuery(registryTokensQueryOptions());
  const create = useCreateRegistryTokenMutation();
  const revoke = useRevokeRegistryTokenMutation();
  // Every token of the account names the same registry; a new account learns it from its first token.
  const registry = create.data?.token.registry ?? data.data[0]?.registry;
  return (
    <DockerhubTokensPage
      tokens={data.data}
      registry={registry}
      onCreate={(values) => create.mutate(values)}
      creating={create.isPending}
      createError={errorText(create.error)}
      created={create.data ?? null}
      onRevoke={(tokenId) => revoke.mutate(tokenId, { onSuccess: () => notify.success('Registry token revoked') })}
      revokingId={revoke.isPending ? revoke.variables : null}
      revokeError={errorText(revoke.error)}
    />
  );
}

function DockerhubPending() {
  return <DockerhubTokensPage isLoading onCreate={ignore} onRevoke={ignore} />;
}

function dockerhubErrorScreen(error: ScreenError, retry: () => void) {
  return <DockerhubTokensPage error={error} onRetry={retry} onCreate={ignore} onRevoke={ignore} />;
}
