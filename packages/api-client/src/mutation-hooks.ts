import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BodyOf, LoginForm, PlanId } from '@mako/contract';
import {
  loginWithGoogle,
  loginWithMagicLink,
  loginWithPassword,
  registerWithVerificationToken,
  sendMagicLink,
  sendVerificationEmail,
} from './auth.ts';
import { request } from './request.ts';
import { signOut } from './session.ts';
import { setToken } from './token-storage.ts';
import { authKeys, benchmarkKeys, serveRequestKeys, subscriptionKeys, tokenKeys, tuningKeys } from './query-keys.ts';

/*
 * One hook per writing endpoint. Each invalidates exactly the cached queries its write changes,
 * and returns that invalidation from onSuccess so isPending lasts until the fresh data is in.
 */

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// ---- Auth ---------------------------------------------------------------------------------------

/** After a new token: everything keyed under ['auth'] belongs to the previous identity. */
function useTokenMutation<TVariables, TResult>(
  obtain: (variables: TVariables) => Promise<TResult>,
  tokenOf: (result: TResult) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: TVariables) => {
      const result = await obtain(variables);
      setToken(tokenOf(result));
      return result;
    },
    onSuccess: () => invalidate(queryClient, [authKeys.all]),
  });
}

/** Password login (form fields, empty ones omitted); stores the token. Error message: detail or 'Login failed'. */
export const useLoginMutation = () =>
  useTokenMutation(
    (form: LoginForm) => loginWithPassword(form),
    (token) => token,
  );

/** Redeems a magic-link token and stores the access token. */
export const useMagicLinkLoginMutation = () =>
  useTokenMutation(
    (token: string) => loginWithMagicLink(token),
    (token) => token,
  );

/** Logs in with a Google ID token. Error message: detail or 'Login with Google failed'. */
export const useGoogleLoginMutation = () =>
  useTokenMutation(
    (idToken: string) => loginWithGoogle(idToken),
    (token) => token,
  );

/** Redeems an e-mail verification token (sign-up); resolves to `{accessToken, user}`. */
export const useRegisterMutation = () =>
  useTokenMutation(
    (emailVerificationToken: string) => registerWithVerificationToken(emailVerificationToken),
    (r) => r.accessToken,
  );

/** Sends a magic login link; resolves to the server's message. Error: detail or 'Failed to send magic link'. */
export const useSendMagicLinkMutation = () => useMutation({ mutationFn: (email: string) => sendMagicLink(email) });

/** Sends a sign-up verification link; resolves to `{success, error, message}` and never rejects. */
export const useSendVerificationEmailMutation = () =>
  useMutation({ mutationFn: (email: string) => sendVerificationEmail(email) });

/** Sets or changes the password. The server revokes older tokens, so the new one replaces the stored token. */
export const useChangePasswordMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<'changePassword'>) => {
      const answer = await request('changePassword', { body });
      setToken(answer.access_token);
      return answer;
    },
    onSuccess: () => invalidate(queryClient, [authKeys.currentUser()]),
  });
};

/** Revokes every token of the account, this one included, and signs out locally. */
export const useLogoutAllMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('logoutAll'),
    onSuccess: () => signOut(queryClient),
  });
};

/** `const logout = useLogout(); logout()` — SPEC §2: logout clears the token (the app then goes to /). */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  return () => signOut(queryClient);
}

// ---- Benchmarks ---------------------------------------------------------------------------------

/** A new benchmark may create its setting and changes counts, lists and best reports. */
export const useCreateBenchmarkMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'createBenchmark'>) => request('createBenchmark', { body }),
    onSuccess: () =>
      invalidate(queryClient, [benchmarkKeys.settings(), benchmarkKeys.lists(), benchmarkKeys.bestReports()]),
  });
};

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

/**
 * Leases configurations; the session's pending count changes, in its detail and in the lists. Rejected with PendingEvaluationsError (409) while leased trials are out,
 * SearchCompleteError (410) when the search is over, SearchError (500) when proposing failed.
 */
export const useNextConfigsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, count, name }: { sessionId: string; count?: number; name?: string }) =>
      request('nextConfigs', {
        params: { session_id: sessionId },
        query: name === undefined ? {} : { name },
        body: count === undefined ? undefined : { count },
      }),
    onSuccess: (_answer, { sessionId }) => invalidate(queryClient, [tuningKeys.detail(sessionId), tuningKeys.lists()]),
  });
};

/** Reports a trial: changes the session's counts and best, its results, and the leased configuration. */
export const usePostResultMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, result }: { sessionId: string; result: BodyOf<'postResult'> }) =>
      request('postResult', { params: { session_id: sessionId }, body: result }),
    onSuccess: (result, { sessionId }) =>
      invalidate(queryClient, [
        tuningKeys.detail(sessionId),
        tuningKeys.lists(),
        tuningKeys.results(sessionId),
        tuningKeys.best(sessionId),
        tuningKeys.pendingConfig(sessionId, result.pending_config_id),
        // A measured trial is also stored as a benchmark of the session's setting.
        ...(result.benchmark_id === null
          ? []
          : [benchmarkKeys.settings(), benchmarkKeys.lists(), benchmarkKeys.bestReports()]),
      ]),
  });
};

// ---- Tokens ---------------------------------------------------------------------------------------

/** Resolves to `{token, secret}`; the secret is shown once and never cached. */
export const useCreateApiTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'createApiToken'>) => request('createApiToken', { body }),
    onSuccess: () => invalidate(queryClient, [tokenKeys.apiTokens()]),
  });
};

export const useRevokeApiTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => request('revokeApiToken', { params: { token_id: tokenId } }),
    onSuccess: () => invalidate(queryClient, [tokenKeys.apiTokens()]),
  });
};

export const useCreateRegistryTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'createRegistryToken'>) => request('createRegistryToken', { body }),
    onSuccess: () => invalidate(queryClient, [tokenKeys.registryTokens()]),
  });
};

export const useRevokeRegistryTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => request('revokeRegistryToken', { params: { token_id: tokenId } }),
    onSuccess: () => invalidate(queryClient, [tokenKeys.registryTokens()]),
  });
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
