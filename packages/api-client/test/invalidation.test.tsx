import { act, renderHook } from '@testing-library/react';
import type { QueryClient, QueryKey, UseMutationResult } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import * as mutations from '../src/mutation-hooks.ts';
import {
  authKeys,
  benchmarkKeys,
  serveRequestKeys,
  siteKeys,
  subscriptionKeys,
  tokenKeys,
  tuningKeys,
} from '../src/query-keys.ts';
import { AUTH_MESSAGES, AuthError } from '../src/auth.ts';
import { handlers } from '../src/mocks/handlers.ts';
import { errorResponse, mockEndpoint } from '../src/mocks/mock-endpoint.ts';
import { signIn, signOut, type SignInRequest } from '../src/sign-in.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { bodies, ids } from './samples.ts';
import { queryWrapper } from './render.tsx';
import { server } from './server.ts';

/** One cached query of every family, with neighbours (another session, another benchmark) that must stay untouched. */
const universe = {
  settings: siteKeys.settings(),
  currentUser: authKeys.currentUser(),
  tokenOwner: authKeys.tokenOwner(),
  settingList: benchmarkKeys.settingList(),
  setting: benchmarkKeys.setting(ids.setting),
  bySetting: benchmarkKeys.bySetting(ids.setting),
  bySettingNoSession: benchmarkKeys.bySettingNoSession(ids.setting),
  search: benchmarkKeys.search({ model_name: 'Llama' }),
  benchmark: benchmarkKeys.detail(ids.benchmark),
  otherBenchmark: benchmarkKeys.detail(ids.otherBenchmark),
  runtimeOptions: benchmarkKeys.runtimeOptions(),
  bestReport: benchmarkKeys.bestReport({
    model_name: 'meta-llama/Llama-3.1-8B-Instruct',
    hardware_name: 'H100',
    objective: 'output_throughput',
  }),
  sessionList: tuningKeys.list(),
  session: tuningKeys.detail(ids.session),
  otherSession: tuningKeys.detail(ids.otherSession),
  results: tuningKeys.resultPage(ids.session),
  otherResults: tuningKeys.resultPage(ids.otherSession),
  best: tuningKeys.best(ids.session),
  otherBest: tuningKeys.best(ids.otherSession),
  pendingConfig: tuningKeys.pendingConfig(ids.session, ids.pendingConfig),
  otherPendingConfig: tuningKeys.pendingConfig(ids.session, 'another-lease'),
  apiTokens: tokenKeys.apiTokenList(),
  registryTokens: tokenKeys.registryTokenList(),
  serveRequests: serveRequestKeys.list(),
  serveRequest: serveRequestKeys.detail(ids.serveRequest),
  plans: subscriptionKeys.plans(),
  subscription: subscriptionKeys.current(),
} satisfies Record<string, QueryKey>;

type Name = keyof typeof universe;
type Effect = 'invalidated' | 'removed' | 'replaced';

function seed(queryClient: QueryClient): void {
  for (const [name, key] of Object.entries(universe)) queryClient.setQueryData(key, { seeded: name });
}

/** What happened to each seeded query; untouched ones are left out. */
function effects(queryClient: QueryClient): Partial<Record<Name, Effect>> {
  const out: Partial<Record<Name, Effect>> = {};
  for (const [name, key] of Object.entries(universe) as [Name, QueryKey][]) {
    const state = queryClient.getQueryState(key);
    if (!state) out[name] = 'removed';
    else if (state.isInvalidated) out[name] = 'invalidated';
    else if ((state.data as { seeded?: string } | undefined)?.seeded !== name) out[name] = 'replaced';
  }
  return out;
}

const all = (effect: Effect, ...names: Name[]) =>
  Object.fromEntries(names.map((n) => [n, effect])) as Partial<Record<Name, Effect>>;
const benchmarkViews: Name[] = ['settingList', 'setting', 'bySetting', 'bySettingNoSession', 'search', 'bestReport'];

interface Case {
  hook: () => UseMutationResult<unknown, Error, never>;
  variables: unknown;
  expected: Partial<Record<Name, Effect>>;
}

const mutationCase = <TData, TVariables>(
  hook: () => UseMutationResult<TData, Error, TVariables>,
  variables: TVariables,
  expected: Partial<Record<Name, Effect>>,
): Case => ({ hook: hook as unknown as Case['hook'], variables, expected });

const cases: Record<string, Case> = {
  usePatchBenchmarkMutation: mutationCase(
    mutations.usePatchBenchmarkMutation,
    { benchmarkId: ids.benchmark, patch: bodies.patchBenchmark },
    {
      ...all('invalidated', 'bySetting', 'bySettingNoSession', 'search', 'bestReport'),
      benchmark: 'replaced',
    },
  ),
  useDeleteBenchmarkMutation: mutationCase(mutations.useDeleteBenchmarkMutation, ids.benchmark, {
    ...all('invalidated', ...benchmarkViews),
    benchmark: 'removed',
  }),
  useCreateSessionMutation: mutationCase(
    mutations.useCreateSessionMutation,
    { session: bodies.createSession, name: 'New run' },
    all('invalidated', 'sessionList'),
  ),
  useCreateApiTokenMutation: mutationCase(
    mutations.useCreateApiTokenMutation,
    bodies.createApiToken,
    all('invalidated', 'apiTokens'),
  ),
  useRevokeApiTokenMutation: mutationCase(
    mutations.useRevokeApiTokenMutation,
    ids.apiToken,
    all('invalidated', 'apiTokens'),
  ),
  useCreateRegistryTokenMutation: mutationCase(
    mutations.useCreateRegistryTokenMutation,
    bodies.createRegistryToken,
    all('invalidated', 'registryTokens'),
  ),
  useRevokeRegistryTokenMutation: mutationCase(
    mutations.useRevokeRegistryTokenMutation,
    ids.registryToken,
    all('invalidated', 'registryTokens'),
  ),
  useCreateServeRequestMutation: mutationCase(mutations.useCreateServeRequestMutation, bodies.createServeRequest, {
    serveRequests: 'invalidated',
    serveRequest: 'replaced',
  }),
  useDeleteServeRequestMutation: mutationCase(mutations.useDeleteServeRequestMutation, ids.serveRequest, {
    serveRequests: 'invalidated',
    serveRequest: 'removed',
  }),
  useCreateCheckoutMutation: mutationCase(mutations.useCreateCheckoutMutation, 'pro', {}),
  useConfirmCheckoutMutation: mutationCase(mutations.useConfirmCheckoutMutation, fx.checkoutSession.id, {
    subscription: 'replaced',
  }),
  useSubmitSurveyMutation: mutationCase(mutations.useSubmitSurveyMutation, bodies.submitSurvey, {}),
  // The new session replaces this one: who is signed in (has_password) and the tokens (maybe revoked) are refetched.
  useChangePasswordMutation: mutationCase(
    mutations.useChangePasswordMutation,
    { current_password: 'old password 1', new_password: 'new password 22', revoke_api_tokens: true },
    all('invalidated', 'currentUser', 'apiTokens'),
  ),
  // Every session ends, this one too: what this user cached goes, and they are anonymous here.
  useSignOutEverywhereMutation: mutationCase(
    mutations.useSignOutEverywhereMutation,
    { revoke_api_tokens: false },
    {
      ...all('removed', ...(Object.keys(universe) as Name[]).filter((n) => n !== 'settings' && n !== 'currentUser')),
      currentUser: 'replaced',
    },
  ),
};

beforeEach(() => {
  server.use(...handlers.success);
});

describe('mutations invalidate exactly the keys they change', () => {
  it.each(Object.entries(cases))('%s', async (_name, { hook, variables, expected }) => {
    const { queryClient, wrapper } = queryWrapper();
    seed(queryClient);
    const { result } = renderHook(hook, { wrapper });
    await act(() => result.current.mutateAsync(variables as never));
    expect(effects(queryClient)).toEqual(expected);
  });

  it('covers every mutation hook the package exports', () => {
    const exported = Object.keys(mutations).filter((name) => /^use\w+Mutation$/.test(name));
    expect(exported.sort()).toEqual(Object.keys(cases).sort());
  });

  it('useCreateSessionMutation caches the new session under its detail key', async () => {
    const { queryClient, wrapper } = queryWrapper();
    const { result } = renderHook(() => mutations.useCreateSessionMutation(), { wrapper });
    const session = await act(() => result.current.mutateAsync({ session: bodies.createSession, name: 'New run' }));
    expect(session.name).toBe('New run');
    expect(queryClient.getQueryData(tuningKeys.detail(session.id))).toEqual(session);
  });
});

describe('signIn and signOut', () => {
  const everyoneElses = (Object.keys(universe) as Name[]).filter((n) => n !== 'settings' && n !== 'currentUser');

  it.each<SignInRequest>([
    { flow: 'password', credentials: { username: 'ada@example.com', password: 'pw-1234567' } },
    { flow: 'magic-link', token: 'magic' },
    { flow: 'registration', token: 'verify' },
    { flow: 'google', idToken: 'google-id' },
  ])('the $flow flow stores the token it redeems and replaces what the previous identity cached', async (request) => {
    const token = fx.mockAccessToken(3600);
    server.use(
      mockEndpoint('login', () => ({ access_token: token, token_type: 'bearer' })),
      mockEndpoint('loginMagicLink', () => ({ access_token: token, token_type: 'bearer' })),
      mockEndpoint('loginGoogle', () => ({ access_token: token, token_type: 'bearer' })),
      mockEndpoint('register', () => ({ token: { access_token: token, token_type: 'bearer' }, user: fx.user })),
    );
    const { queryClient } = queryWrapper();
    seed(queryClient);
    const user = await signIn(queryClient, request);
    expect(user).toEqual(fx.user);
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(effects(queryClient)).toEqual({ ...all('removed', ...everyoneElses), currentUser: 'replaced' });
    expect(queryClient.getQueryData(authKeys.currentUser())).toEqual({ status: 'authenticated', user });
  });

  it("rejects with the flow's message and stores nothing when the server refuses the credentials", async () => {
    server.use(mockEndpoint('login', () => errorResponse(400, 'Incorrect email or password')));
    const { queryClient } = queryWrapper();
    seed(queryClient);
    const request: SignInRequest = {
      flow: 'password',
      credentials: { username: 'ada@example.com', password: 'wrong' },
    };
    await expect(signIn(queryClient, request)).rejects.toThrow('Incorrect email or password');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(effects(queryClient)).toEqual({});
  });

  it("rejects with 'Login failed' and drops the token when the server refuses the token it has just issued", async () => {
    server.use(mockEndpoint('me', () => errorResponse(401, 'Could not validate credentials')));
    const { queryClient } = queryWrapper();
    await expect(signIn(queryClient, { flow: 'magic-link', token: 'magic' })).rejects.toThrow(
      new AuthError(AUTH_MESSAGES.loginFailed),
    );
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('signOut clears the token and marks the user anonymous without a request', () => {
    localStorage.setItem('access_token', fx.mockAccessToken(600));
    const { queryClient } = queryWrapper();
    seed(queryClient);
    signOut(queryClient);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(queryClient.getQueryData(authKeys.currentUser())).toEqual({ status: 'anonymous' });
    expect(queryClient.getQueryData(tuningKeys.detail(ids.session))).toBeUndefined();
    expect(queryClient.getQueryData(siteKeys.settings())).toEqual({ seeded: 'settings' });
  });
});
