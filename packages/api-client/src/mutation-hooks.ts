import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BodyOf, PlanId } from '@mako/contract';
import { request } from './request.ts';
import { changePassword, signOutEverywhere } from './account-security.ts';
import { benchmarkKeys, serveRequestKeys, subscriptionKeys, tokenKeys, tuningKeys } from './query-keys.ts';

/*
 * One hook per write the web app makes (signing in and out are sign-in.ts's signIn / signOut).
 * Each invalidates exactly the cached queries its write changes, and returns that invalidation from
 * onSuccess so isPending lasts until the fresh data is in.
 */

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A write whose success changes nothing cached but the queries under `stale`. */
function useInvalidatingMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  stale: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient, stale) });
}

// ---- Benchmarks ---------------------------------------------------------------------------------

export const usePatchBenchmarkMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ benchmarkId, patch }: { benchmarkId: string; patch: BodyOf<'patchBenchmark'> }) =>
      request('patchBenchmark', { params: { benchmark_id: benchmarkId }, body: patch }),
    onSuccess: (benchmark) => {
      queryClient.setQueryData(benchmarkKeys.detail(benchmark.id), benchmark);
      return invalidate(queryClient, [benchmarkKeys.lists(), benchmarkKeys.bestReports()]);
    },
  });
};

export const useDeleteBenchmarkMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (benchmarkId: string) => request('deleteBenchmark', { params: { benchmark_id: benchmarkId } }),
    onSuccess: (_message, benchmarkId) => {
      queryClient.removeQueries({ queryKey: benchmarkKeys.detail(benchmarkId) });
      return invalidate(queryClient, [benchmarkKeys.settings(), benchmarkKeys.lists(), benchmarkKeys.bestReports()]);
    },
  });
};

// ---- Tuning -------------------------------------------------------------------------------------

/** Rejected with SessionForbiddenError (403 'User is not allowed to create new tuning session') on a plan limit. */
export const useCreateSessionMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ session, name }: { session: BodyOf<'createSession'>; name?: string }) =>
      request('createSession', { body: session, query: name === undefined ? {} : { name } }),
    onSuccess: (session) => {
      queryClient.setQueryData(tuningKeys.detail(session.id), session);
      return invalidate(queryClient, [tuningKeys.lists()]);
    },
  });
};

// ---- Tokens ---------------------------------------------------------------------------------------

/** Resolves to `{token, secret}`; the secret is shown once and never cached. */
export const useCreateApiTokenMutation = () =>
  useInvalidatingMutation(
    (body: BodyOf<'createApiToken'>) => request('createApiToken', { body }),
    [tokenKeys.apiTokens()],
  );

export const useRevokeApiTokenMutation = () =>
  useInvalidatingMutation(
    (tokenId: string) => request('revokeApiToken', { params: { token_id: tokenId } }),
    [tokenKeys.apiTokens()],
  );

export const useCreateRegistryTokenMutation = () =>
  useInvalidatingMutation(
    (body: BodyOf<'createRegistryToken'>) => request('createRegistryToken', { body }),
    [tokenKeys.registryTokens()],
  );

export const useRevokeRegistryTokenMutation = () =>
  useInvalidatingMutation(
    (tokenId: string) => request('revokeRegistryToken', { params: { token_id: tokenId } }),
    [tokenKeys.registryTokens()],
  );

// ---- Sign-in and security ------------------------------------------------------------------------

/** Resolves once the new session is stored; rejected with the server's detail (e.g. 'Current password is incorrect'). */
export const useChangePasswordMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: BodyOf<'changePassword'>) => changePassword(queryClient, body) });
};

/** Resolves to the server's message once signed out here too. */
export const useSignOutEverywhereMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: BodyOf<'logoutAll'>) => signOutEverywhere(queryClient, body) });
};

// ---- Serve requests -------------------------------------------------------------------------------

export const useCreateServeRequestMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'createServeRequest'>) => request('createServeRequest', { body }),
    onSuccess: (serveRequest) => {
      queryClient.setQueryData(serveRequestKeys.detail(serveRequest.id), serveRequest);
      return invalidate(queryClient, [serveRequestKeys.lists()]);
    },
  });
};

export const useDeleteServeRequestMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => request('deleteServeRequest', { params: { request_id: requestId } }),
    onSuccess: (_message, requestId) => {
      queryClient.removeQueries({ queryKey: serveRequestKeys.detail(requestId) });
      return invalidate(queryClient, [serveRequestKeys.lists()]);
    },
  });
};

// ---- Subscription and survey ---------------------------------------------------------------------

/** Starts a checkout; resolves to `{id, checkout_url, mode}`. Nothing cached changes until it is confirmed. */
export const useCreateCheckoutMutation = () =>
  useMutation({ mutationFn: (planId: PlanId) => request('createCheckout', { body: { plan_id: planId } }) });

export const useConfirmCheckoutMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkoutSessionId: string) => request('confirmCheckout', { body: { session_id: checkoutSessionId } }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.current(), subscription);
    },
  });
};

export const useSubmitSurveyMutation = () =>
  useMutation({ mutationFn: (body: BodyOf<'submitSurvey'>) => request('submitSurvey', { body }) });
