import { queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '@mako/contract';
import { applyAuthServer } from './config.ts';
import { endpointQuery } from './endpoint-query.ts';
import { request } from './request.ts';
import { FIVE_MINUTES } from './sign-in.ts';
import {
  authKeys,
  benchmarkKeys,
  serveRequestKeys,
  siteKeys,
  subscriptionKeys,
  tokenKeys,
  tuningKeys,
} from './query-keys.ts';

/*
 * queryOptions factories, one per GET endpoint. Route loaders pass them to ensureQueryData,
 * components to useQuery / useSuspenseQuery, so both share one key and one fetcher. The settings
 * and the current user are in sign-in.ts.
 */

// ---- Site and auth ------------------------------------------------------------------------------

/** GET /auth/server; like the settings, it points the client at the auth server. */
export const authServerQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.authServer(),
    queryFn: async ({ signal }) => {
      const server = await request('getAuthServer', { signal });
      applyAuthServer(server);
      return server;
    },
    staleTime: FIVE_MINUTES,
  });

export const healthQueryOptions = () => endpointQuery(siteKeys.health(), 'health', {});

/** GET /auth/me?name: who the bearer token belongs to (session or API token). */
export const tokenOwnerQueryOptions = (name?: string) =>
  endpointQuery(authKeys.tokenOwner(name), 'authMe', { query: name === undefined ? {} : { name } });

// ---- Benchmarks ---------------------------------------------------------------------------------

export const benchmarkSettingsQueryOptions = (query: QueryOf<'listSettings'> = {}) =>
  endpointQuery(benchmarkKeys.settingList(query), 'listSettings', { query });

export const benchmarkSettingQueryOptions = (settingId: string) =>
  endpointQuery(benchmarkKeys.setting(settingId), 'getSetting', { params: { setting_id: settingId } });

export const benchmarksBySettingQueryOptions = (settingId: string, query: QueryOf<'listBySetting'> = {}) =>
  endpointQuery(benchmarkKeys.bySetting(settingId, query), 'listBySetting', {
    params: { setting_id: settingId },
    query,
  });

export const benchmarksBySettingNoSessionQueryOptions = (
  settingId: string,
  query: QueryOf<'listBySettingNoSession'> = {},
) =>
  endpointQuery(benchmarkKeys.bySettingNoSession(settingId, query), 'listBySettingNoSession', {
    params: { setting_id: settingId },
    query,
  });

export const benchmarkQueryOptions = (benchmarkId: string) =>
  endpointQuery(benchmarkKeys.detail(benchmarkId), 'getBenchmark', { params: { benchmark_id: benchmarkId } });

export const benchmarkSearchQueryOptions = (query: QueryOf<'searchBenchmarks'> = {}) =>
  endpointQuery(benchmarkKeys.search(query), 'searchBenchmarks', { query });

/** The engines' flag lists change only with a deploy. */
export const supportedRuntimeOptionsQueryOptions = () =>
  endpointQuery(benchmarkKeys.runtimeOptions(), 'supportedRuntimeOptions', {}, { staleTime: Infinity });

export const bestBenchmarkReportQueryOptions = (query: QueryOf<'bestBenchmarkReport'>) =>
  endpointQuery(benchmarkKeys.bestReport(query), 'bestBenchmarkReport', { query });

// ---- Tuning -------------------------------------------------------------------------------------

export const mySessionsQueryOptions = (query: QueryOf<'mySessions'> = {}) =>
  endpointQuery(tuningKeys.list(query), 'mySessions', { query });

export const tuningSessionQueryOptions = (sessionId: string) =>
  endpointQuery(tuningKeys.detail(sessionId), 'getSession', { params: { session_id: sessionId } });

export const tuningResultsQueryOptions = (sessionId: string, query: QueryOf<'listResults'> = {}) =>
  endpointQuery(tuningKeys.resultPage(sessionId, query), 'listResults', { params: { session_id: sessionId }, query });

export const tuningBestQueryOptions = (sessionId: string) =>
  endpointQuery(tuningKeys.best(sessionId), 'getBest', { params: { session_id: sessionId } });

/** Why the search chose what it chose; the server refits after every new result. */
export const tuningInsightsQueryOptions = (sessionId: string) =>
  endpointQuery(tuningKeys.insights(sessionId), 'getSessionInsights', { params: { session_id: sessionId } });

export const pendingConfigQueryOptions = (sessionId: string, pendingConfigId: string) =>
  endpointQuery(tuningKeys.pendingConfig(sessionId, pendingConfigId), 'getPendingConfig', {
    params: { session_id: sessionId, pending_config_id: pendingConfigId },
  });

// ---- Tokens, serve requests, subscription -------------------------------------------------------

export const apiTokensQueryOptions = (query: QueryOf<'listApiTokens'> = {}) =>
  endpointQuery(tokenKeys.apiTokenList(query), 'listApiTokens', { query });

export const registryTokensQueryOptions = (query: QueryOf<'listRegistryTokens'> = {}) =>
  endpointQuery(tokenKeys.registryTokenList(query), 'listRegistryTokens', { query });

export const serveRequestsQueryOptions = (query: QueryOf<'listServeRequests'> = {}) =>
  endpointQuery(serveRequestKeys.list(query), 'listServeRequests', { query });

export const serveRequestQueryOptions = (requestId: string) =>
  endpointQuery(serveRequestKeys.detail(requestId), 'getServeRequest', { params: { request_id: requestId } });

export const plansQueryOptions = () =>
  endpointQuery(subscriptionKeys.plans(), 'listPlans', {}, { staleTime: FIVE_MINUTES });

export const subscriptionQueryOptions = () => endpointQuery(subscriptionKeys.current(), 'getSubscription', {});
