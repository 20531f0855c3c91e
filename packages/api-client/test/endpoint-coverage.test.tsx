import { act, renderHook, waitFor } from '@testing-library/react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
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
type Probe = (wrapper: Wrapper) => Promise<unknown>;

function query<T>(hook: () => UseQueryResult<T>): Probe {
  return async (wrapper) => {
    const { result } = renderHook(hook, { wrapper });
    await waitFor(() => expect(result.current.status).not.toBe('pending'));
    if (result.current.isError) throw result.current.error;
    return result.current.data;
  };
}

function mutation<TData, TVariables>(
  hook: () => UseMutationResult<TData, Error, TVariables>,
  variables: TVariables,
): Probe {
  return async (wrapper) => {
    const { result } = renderHook(hook, { wrapper });
    return act(() => result.current.mutateAsync(variables));
  };
}

const bestReportQuery = {
  model_name: 'meta-llama/Llama-3.1-8B-Instruct',
  hardware_name: 'H100',
  objective: 'output_throughput',
} as const;

/** The hook that serves each endpoint, called the way an app would call it. */
const probes: { [N in EndpointName]: Probe } = {
  login: mutation(client.useLoginMutation, { username: 'ada@example.com', password: 'pw-1234567' }),
  loginMagicLink: mutation(client.useMagicLinkLoginMutation, 'magic-token'),
  sendMagicLink: mutation(client.useSendMagicLinkMutation, 'ada@example.com'),
  sendVerificationEmail: mutation(client.useSendVerificationEmailMutation, 'ada@example.com'),
  register: mutation(client.useRegisterMutation, 'verification-token'),
  loginGoogle: mutation(client.useGoogleLoginMutation, 'google-id-token'),
  me: query(client.useCurrentUser),
  changePassword: mutation(client.useChangePasswordMutation, bodies.changePassword),
  logoutAll: mutation(client.useLogoutAllMutation, undefined),
  getSettings: query(client.useSettings),
  getAuthServer: query(client.useAuthServer),
  authMe: query(() => client.useTokenOwner('runner-h100-a')),
  health: query(client.useHealth),
  createBenchmark: mutation(client.useCreateBenchmarkMutation, bodies.createBenchmark),
  listSettings: query(() => client.useBenchmarkSettings({ owned_by: 'me' })),
  getSetting: query(() => client.useBenchmarkSetting(ids.setting)),
  listBySetting: query(() => client.useBenchmarksBySetting(ids.setting)),
  listBySettingNoSession: query(() => client.useBenchmarksBySettingNoSession(ids.setting)),
  getBenchmark: query(() => client.useBenchmark(ids.benchmark)),
  searchBenchmarks: query(() => client.useBenchmarkSearch({ model_name: 'Qwen/Qwen3-32B' })),
  supportedRuntimeOptions: query(client.useSupportedRuntimeOptions),
  bestBenchmarkReport: query(() => client.useBestBenchmarkReport(bestReportQuery)),
  deleteBenchmark: mutation(client.useDeleteBenchmarkMutation, ids.benchmark),
  patchBenchmark: mutation(client.usePatchBenchmarkMutation, {
    benchmarkId: ids.benchmark,
    patch: bodies.patchBenchmark,
  }),
  createSession: mutation(client.useCreateSessionMutation, { session: bodies.createSession, name: 'Probe' }),
  mySessions: query(() => client.useMySessions()),
  getSession: query(() => client.useTuningSession(ids.session)),
  postResult: mutation(client.usePostResultMutation, { sessionId: ids.session, result: bodies.postResult }),
  listResults: query(() => client.useTuningResults(ids.session)),
  getBest: query(() => client.useTuningBest(ids.session)),
  nextConfigs: mutation(client.useNextConfigsMutation, { sessionId: ids.session, count: 1, name: 'runner-h100-a' }),
  getPendingConfig: query(() => client.usePendingConfig(ids.session, ids.pendingConfig)),
  listApiTokens: query(() => client.useApiTokens()),
  createApiToken: mutation(client.useCreateApiTokenMutation, bodies.createApiToken),
  revokeApiToken: mutation(client.useRevokeApiTokenMutation, ids.apiToken),
  listRegistryTokens: query(() => client.useRegistryTokens()),
  createRegistryToken: mutation(client.useCreateRegistryTokenMutation, bodies.createRegistryToken),
  revokeRegistryToken: mutation(client.useRevokeRegistryTokenMutation, ids.registryToken),
  listServeRequests: query(() => client.useServeRequests()),
  createServeRequest: mutation(client.useCreateServeRequestMutation, bodies.createServeRequest),
  getServeRequest: query(() => client.useServeRequest(ids.serveRequest)),
  deleteServeRequest: mutation(client.useDeleteServeRequestMutation, ids.serveRequest),
  listPlans: query(client.usePlans),
  getSubscription: query(client.useSubscription),
  createCheckout: mutation(client.useCreateCheckoutMutation, 'pro'),
  confirmCheckout: mutation(client.useConfirmCheckoutMutation, fx.checkoutSession.id),
  submitSurvey: mutation(client.useSubmitSurveyMutation, bodies.submitSurvey),
};

/** Path params the probes use, to compute the path each endpoint must be called on. */
const sampleParams: Record<string, string> = {
  session_id: ids.session,
  setting_id: ids.setting,
  benchmark_id: ids.benchmark,
  pending_config_id: ids.pendingConfig,
  request_id: ids.serveRequest,
  token_id: ids.apiToken,
};
const pathFor = (name: EndpointName) => {
  const params = name === 'revokeRegistryToken' ? { ...sampleParams, token_id: ids.registryToken } : sampleParams;
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
    '%s has a client function, an msw handler in every scenario, and a hook that calls it',
    async (name) => {
      expect(typeof client.api[name], `api.${name}`).toBe('function');
      expect(probes[name], `no hook probe for ${name}`).toBeTypeOf('function');
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
      const { wrapper } = queryWrapper();
      await probes[name](wrapper);
      expect(log.calls.map((c) => c.split('?')[0])).toContain(pathFor(name));
    },
  );
});
