import { queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '@mako/contract';
import { applyAuthServer } from './config.ts';
import { request } from './request.ts';
import { FIVE_MINUTES } from './session.ts';
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
 * and the current user are in session.ts.
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

export const healthQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.health(), queryFn: ({ signal }) => request('health', { signal }) });

/** GET /auth/me?name: who the bearer token belongs to (session or API token). */
export const tokenOwnerQueryOptions = (name?: string) =>
  queryOptions({
    queryKey: authKeys.tokenOwner(name),
    queryFn: ({ signal }) => request('authMe', { query: name === undefined ? {} : { name }, signal }),
  });

// ---- Benchmarks ---------------------------------------------------------------------------------

export const benchmarkSettingsQueryOptions = (query: QueryOf<'listSettings'> = {}) =>
  queryOptions({
    queryKey: benchmarkKeys.settingList(query),
    queryFn: ({ signal }) => request('listSettings', { query, signal }),
  });

export const benchmarkSettingQueryOptions = (settingId: string) =>
  queryOptions({
    queryKey: benchmarkKeys.setting(settingId),
    queryFn: ({ signal }) => request('getSetting', { params: { setting_id: settingId }, signal }),
  });

export const benchmarksBySettingQueryOptions = (settingId: string, query: QueryOf<'listBySetting'> = {}) =>
  queryOptions({
    queryKey: benchmarkKeys.bySetting(settingId, query),
    queryFn: ({ signal }) => request('listBySetting', { params: { setting_id: settingId }, query, signal }),
  });

export const benchmarksBySettingNoSessionQueryOptions = (
  settingId: string,
  query: QueryOf<'listBySettingNoSession'> = {},
) =>
  queryOptions({
    queryKey: benchmarkKeys.bySettingNoSession(settingId, query),
    queryFn: ({ signal }) => request('listBySettingNoSession', { params: { setting_id: settingId }, query, signal }),
  });

export const benchmarkQueryOptions = (benchmarkId: string) =>
  queryOptions({
    queryKey: benchmarkKeys.detail(benchmarkId),
    queryFn: ({ signal }) => request('getBenchmark', { params: { benchmark_id: benchmarkId }, signal }),
  });

export const benchmarkSearchQueryOptions = (query: QueryOf<'searchBenchmarks'> = {}) =>
  queryOptions({
    queryKey: benchmarkKeys.search(query),
    queryFn: ({ signal }) => request('searchBenchmarks', { query, signal }),
  });

/** The engines' flag catalogue changes only with a deploy. */
export const supportedRuntimeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: benchmarkKeys.runtimeOptions(),
    queryFn: ({ signal }) => request('supportedRuntimeOptions', { signal }),
    staleTime: Infinity,
  });

export const bestBenchmarkReportQueryOptions = (query: QueryOf<'bestBenchmarkReport'>) =>
  queryOptions({
    queryKey: benchmarkKeys.bestReport(query),
    queryFn: ({ signal }) => request('bestBenchmarkReport', { query, signal }),
  });

// ---- Tuning -------------------------------------------------------------------------------------

export const mySessionsQueryOptions = (query: QueryOf<'mySessions'> = {}) =>
  queryOptions({ queryKey: tuningKeys.list(query), queryFn: ({ signal }) => request('mySessions', { query, signal }) });

export const tuningSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: tuningKeys.detail(sessionId),
    queryFn: ({ signal }) => request('getSession', { params: { session_id: sessionId }, signal }),
  });

export const tuningResultsQueryOptions = (sessionId: string, query: QueryOf<'listResults'> = {}) =>
  queryOptions({
    queryKey: tuningKeys.resultPage(sessionId, query),
    queryFn: ({ signal }) => request('listResults', { params: { session_id: sessionId }, query, signal }),
  });

export const tuningBestQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: tuningKeys.best(sessionId),
    queryFn: ({ signal }) => request('getBest', { params: { session_id: sessionId }, signal }),
  });

/** Why the search chose what it chose; the server refits after every new result. */
export const tuningInsightsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: tuningKeys.insights(sessionId),
    queryFn: ({ signal }) => request('getSessionInsights', { params: { session_id: sessionId }, signal }),
  });

export const pendingConfigQueryOptions = (sessionId: string, pendingConfigId: string) =>
  queryOptions({
    queryKey: tuningKeys.pendingConfig(sessionId, pendingConfigId),
    queryFn: ({ signal }) =>
      request('getPendingConfig', { params: { session_id: sessionId, pending_config_id: pendingConfigId }, signal }),
  });

// ---- Tokens, serve requests, subscription -------------------------------------------------------

export const apiTokensQueryOptions = (query: QueryOf<'listApiTokens'> = {}) =>
  queryOptions({
    queryKey: tokenKeys.apiTokenList(query),
    queryFn: ({ signal }) => request('listApiTokens', { query, signal }),
  });

export const registryTokensQueryOptions = (query: QueryOf<'listRegistryTokens'> = {}) =>
  queryOptions({
    queryKey: tokenKeys.registryTokenList(query),
    queryFn: ({ signal }) => request('listRegistryTokens', { query, signal }),
  });

export const serveRequestsQueryOptions = (query: QueryOf<'listServeRequests'> = {}) =>
  queryOptions({
    queryKey: serveRequestKeys.list(query),
    queryFn: ({ signal }) => request('listServeRequests', { query, signal }),
  });

export const serveRequestQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: serveRequestKeys.detail(requestId),
    queryFn: ({ signal }) => request('getServeRequest', { params: { request_id: requestId }, signal }),
  });

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => request('listPlans', { signal }),
    staleTime: FIVE_MINUTES,
  });

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.current(),
    queryFn: ({ signal }) => request('getSubscription', { signal }),
  });
