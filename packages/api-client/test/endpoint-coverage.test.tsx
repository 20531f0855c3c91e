import { act, renderHook } from '@testing-library/react';
import type { FetchQueryOptions, QueryClient, QueryKey, UseMutationResult } from '@tanstack/react-query';
import { buildPath, endpoints, type EndpointName } from '@mako/contract';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import * as client from '../src/index.ts';
import { endpointPattern } from '../src/mocks/mock-endpoint.ts';
import { handlers, endpointMocks, type Scenario } from '../src/mocks/handlers.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { bodies, ids } from './samples.ts';
import { queryWrapper } from './render.tsx';
import { recordRequests, server } from './server.ts';

type Wrapper = ReturnType<typeof queryWrapper>['wrapper'];
type Probe = (queryClient: QueryClient, wrapper: Wrapper) => Promise<unknown>;

/** A GET endpoint: its queryOptions factory, fetched the way a route loader does. */
function factory<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>): Probe {
  return (queryClient) => queryClient.fetchQuery(options);
}

/** A write of the web app: its mutation hook. */
function mutation<TData, TVariables>(
  hook: () => UseMutationResult<TData, Error, TVariables>,
  variables: TVariables,
): Probe {
  return async (_queryClient, wrapper) => {
    const { result } = renderHook(hook, { wrapper });
    return act(() => result.current.mutateAsync(variables));
  };
}

/** A sign-in flow, through the one signIn the web app uses. */
const signIn =
  (signInRequest: client.SignInRequest): Probe =>
  (queryClient) =>
    client.signIn(queryClient, signInRequest);

/** An endpoint the web app does not call (the runner and scripts do): the client function alone. */
const call =
  (send: () => Promise<unknown>): Probe =>
  () =>
    send();

const bestReportQuery = {
  model_name: 'meta-llama/Llama-3.1-8B-Instruct',
  hardware_name: 'H100',
  objective: 'output_throughput',
} as const;

/** How each endpoint is reached, called the way an app would call it. */
const probes: { [N in EndpointName]: Probe } = {
  login: signIn({ flow: 'password', credentials: { username: 'ada@example.com', password: 'pw-1234567' } }),
  loginMagicLink: signIn({ flow: 'magic-link', token: 'magic-token' }),
  sendMagicLink: call(() => client.sendMagicLink('ada@example.com')),
  sendVerificationEmail: call(() => client.sendVerificationEmail('ada@example.com')),
  register: signIn({ flow: 'registration', token: 'verification-token' }),
  loginGoogle: signIn({ flow: 'google', idToken: 'google-id-token' }),
  me: factory(client.currentUserQueryOptions()),
  changePassword: call(() => client.request('changePassword', { body: bodies.changePassword })),
  logoutAll: call(() => client.request('logoutAll')),
  getSettings: factory(client.siteSettingsQueryOptions()),
  getAuthServer: factory(client.authServerQueryOptions()),
  authMe: factory(client.tokenOwnerQueryOptions('runner-h100-a')),
  health: factory(client.healthQueryOptions()),
  createBenchmark: call(() => client.request('createBenchmark', { body: bodies.createBenchmark })),
  listSettings: factory(client.benchmarkSettingsQueryOptions({ owned_by: 'me' })),
  getSetting: factory(client.benchmarkSettingQueryOptions(ids.setting)),
  listBySetting: factory(client.benchmarksBySettingQueryOptions(ids.setting)),
  listBySettingNoSession: factory(client.benchmarksBySettingNoSessionQueryOptions(ids.setting)),
  getBenchmark: factory(client.benchmarkQueryOptions(ids.benchmark)),
  searchBenchmarks: factory(client.benchmarkSearchQueryOptions({ model_name: 'Qwen/Qwen3-32B' })),
  supportedRuntimeOptions: factory(client.supportedRuntimeOptionsQueryOptions()),
  bestBenchmarkReport: factory(client.bestBenchmarkReportQueryOptions(bestReportQuery)),
  deleteBenchmark: mutation(client.useDeleteBenchmarkMutation, ids.benchmark),
  patchBenchmark: mutation(client.usePatchBenchmarkMutation, {
    benchmarkId: ids.benchmark,
    patch: bodies.patchBenchmark,
  }),
  createSession: mutation(client.useCreateSessionMutation, { session: bodies.createSession, name: 'Probe' }),
  mySessions: factory(client.mySessionsQueryOptions()),
  getSession: factory(client.tuningSessionQueryOptions(ids.session)),
  postResult: call(() =>
    client.request('postResult', { params: { session_id: ids.session }, body: bodies.postResult }),
  ),
  listResults: factory(client.tuningResultsQueryOptions(ids.session)),
  getBest: factory(client.tuningBestQueryOptions(ids.session)),
  getSessionInsights: factory(client.tuningInsightsQueryOptions(ids.session)),
  nextConfigs: call(() =>
    client.request('nextConfigs', { params: { session_id: ids.session }, query: { name: 'runner-h100-a' } }),
  ),
  getPendingConfig: factory(client.pendingConfigQueryOptions(ids.session, ids.pendingConfig)),
  releaseConfig: call(() =>
    client.request('releaseConfig', { params: { session_id: ids.session, pending_config_id: ids.pendingConfig } }),
  ),
  renewLease: call(() =>
    client.request('renewLease', { params: { session_id: ids.session, pending_config_id: ids.pendingConfig } }),
  ),
  listApiTokens: factory(client.apiTokensQueryOptions()),
  createApiToken: mutation(client.useCreateApiTokenMutation, bodies.createApiToken),
  revokeApiToken: mutation(client.useRevokeApiTokenMutation, ids.apiToken),
  listRegistryTokens: factory(client.registryTokensQueryOptions()),
  createRegistryToken: mutation(client.useCreateRegistryTokenMutation, bodies.createRegistryToken),
  revokeRegistryToken: mutation(client.useRevokeRegistryTokenMutation, ids.registryToken),
  listServeRequests: factory(client.serveRequestsQueryOptions()),
  createServeRequest: mutation(client.useCreateServeRequestMutation, bodies.createServeRequest),
  getServeRequest: factory(client.serveRequestQueryOptions(ids.serveRequest)),
  deleteServeRequest: mutation(client.useDeleteServeRequestMutation, ids.serveRequest),
  listPlans: factory(client.plansQueryOptions()),
  getSubscription: factory(client.subscriptionQueryOptions()),
  createCheckout: mutation(client.useCreateCheckoutMutation, 'pro'),
  confirmCheckout: mutation(client.useConfirmCheckoutMutation, fx.checkoutSession.id),
  submitSurvey: mutation(client.useSubmitSurveyMutation, bodies.submitSurvey),
  publicBenchmark: factory(client.publicBenchmarkQueryOptions(ids.publishedBenchmark)),
  publicSetting: factory(client.publicSettingQueryOptions(ids.setting)),
  publicTuningSession: factory(client.publicTuningSessionQueryOptions(ids.sharedSession)),
  shareSession: mutation(client.useShareSessionMutation, { sessionId: ids.sharedSession, shared: true }),
  plannerOptions: factory(client.plannerOptionsQueryOptions()),
  plan: mutation(client.usePlanMutation, bodies.plan),
  createSweep: call(() => client.request('createSweep', { body: bodies.createSweep })),
  updateSweep: call(() =>
    client.request('updateSweep', { params: { sweep_id: ids.sweep }, body: { levels: [], complete: true } }),
  ),
  getSweep: factory(client.sweepQueryOptions(ids.sweep)),
  listSweeps: factory(client.sweepsQueryOptions({ benchmark_id: ids.benchmark })),
};

/** Path params the probes use, to compute the path each endpoint must be called on. */
const sampleParams: Record<string, string> = {
  session_id: ids.session,
  setting_id: ids.setting,
  benchmark_id: ids.benchmark,
  pending_config_id: ids.pendingConfig,
  request_id: ids.serveRequest,
  token_id: ids.apiToken,
  sweep_id: ids.sweep,
};
/** Probes that need other ids: a registry token, a published benchmark, a finished and shared session. */
const otherParams: Partial<Record<EndpointName, Record<string, string>>> = {
  revokeRegistryToken: { token_id: ids.registryToken },
  publicBenchmark: { benchmark_id: ids.publishedBenchmark },
  publicTuningSession: { session_id: ids.sharedSession },
  shareSession: { session_id: ids.sharedSession },
};
const pathFor = (name: EndpointName) => {
  const params = { ...sampleParams, ...otherParams[name] };
  return `${endpoints[name].method} /api/v1${buildPath(endpoints[name].path, params)}`;
};

const names = Object.keys(endpoints) as EndpointName[];
const SCENARIOS: Scenario[] = ['success', 'empty', 'error', 'slow', 'loading'];

// The endpoint table holds every call of SPEC §7 (packages/contract/test/contract.test.ts checks it
// against the spec's list); walking the whole table covers each of them here.
describe('the endpoint table walk', () => {
  it('every entry has a response schema', () => {
    expect(names.filter((n) => !(endpoints[n].response instanceof z.ZodMiniType))).toEqual([]);
  });

  it.each(names)(
    '%s has a client function, an msw handler in every scenario, and a way the app calls it',
    async (name) => {
      expect(typeof client.api[name], `api.${name}`).toBe('function');
      expect(probes[name], `no probe for ${name}`).toBeTypeOf('function');
      expect(endpointMocks[name], `no mock for ${name}`).toBeDefined();
      for (const scenario of SCENARIOS) {
        const handler = handlers[scenario].find(
          (h) => h.info.method === endpoints[name].method && h.info.path === endpointPattern(name),
        );
        expect(handler, `no ${scenario} handler for ${name}`).toBeDefined();
      }

      server.use(...handlers.success);
      localStorage.setItem('access_token', fx.mockAccessToken(600));
      const log = recordRequests();
      const { queryClient, wrapper } = queryWrapper();
      await probes[name](queryClient, wrapper);
      expect(log.calls.map((c) => c.split('?')[0])).toContain(pathFor(name));
    },
  );
});
