import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { apiTokensQueryOptions, useCreateApiTokenMutation, useRevokeApiTokenMutation } from '@mako/api-client';
import { ApiTokensPage } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { renderRouterLink } from '../../../components/router-link.tsx';
import { absoluteApiUrl } from '../../../lib/site/api-url.ts';
import { notify } from '../../../lib/notices/notify.ts';
import { errorText } from '../../../lib/notices/screen-error-of.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/tokens/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(apiTokensQueryOptions()),
  head: () => pageHead(TITLES.tokens),
  pendingComponent: TokensPending,
  errorComponent: screenRouteError(tokensErrorScreen),
  component: TokensPage,
});

function TokensPage() {
  const { data } = useSuspenseQuery(apiTokensQueryOptions());
  const create = useCreateApiTokenMutation();
  const revoke = useRevokeApiTokenMutation();
  return (
    <ApiTokensPage
      tokens={data.data}
      apiUrl={absoluteApiUrl()}
      securityHref="/security/"
      renderLink={renderRouterLink}
      onCreate={(values) => create.mutate(values)}
      creating={create.isPending}
      createError={errorText(create.error)}
      created={create.data ?? null}
      onRevoke={(tokenId) =>
        revoke.mutate(tokenId, {
          onSuccess: () => notify.success('Token revoked: it no longer authenticates anything'),
        })
      }
      revokingId={revoke.isPending ? revoke.variables : null}
      revokeError={errorText(revoke.error)}
    />
  );
}

function TokensPending() {
  return <ApiTokensPage isLoading onCreate={ignore} onRevoke={ignore} />;
}

function tokensErrorScreen(error: ScreenError, retry: () => void) {
  return <ApiTokensPage error={error} onRetry={retry} onCreate={ignore} onRevoke={ignore} />;
}
