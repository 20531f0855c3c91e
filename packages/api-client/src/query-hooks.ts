import { useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@mako/contract';
import {
  apiTokensQueryOptions,
  authServerQueryOptions,
  benchmarkQueryOptions,
  benchmarkSearchQueryOptions,
  benchmarkSettingQueryOptions,
  benchmarkSettingsQueryOptions,
  benchmarksBySettingNoSessionQueryOptions,
  benchmarksBySettingQueryOptions,
  bestBenchmarkReportQueryOptions,
  healthQueryOptions,
  mySessionsQueryOptions,
  pendingConfigQueryOptions,
  plansQueryOptions,
  registryTokensQueryOptions,
  serveRequestQueryOptions,
  serveRequestsQueryOptions,
  subscriptionQueryOptions,
  supportedRuntimeOptionsQueryOptions,
  tokenOwnerQueryOptions,
  tuningBestQueryOptions,
  tuningResultsQueryOptions,
  tuningSessionQueryOptions,
} from './queries.ts';
import { currentUserQueryOptions, settingsQueryOptions } from './session.ts';

/*
 * One hook per GET endpoint, each a thin useQuery over its queryOptions factory. For suspense,
 * prefetching or extra options use the factory directly: useSuspenseQuery(tuningSessionQueryOptions(id)).
 */

export const useSettings = () => useQuery(settingsQueryOptions());
export const useAuthServer = () => useQuery(authServerQueryOptions());
export const useHealth = () => useQuery(healthQueryOptions());
export const useCurrentUser = () => useQuery(currentUserQueryOptions());
export const useTokenOwner = (name?: string) => useQuery(tokenOwnerQueryOptions(name));

export const useBenchmarkSettings = (query?: QueryOf<'listSettings'>) => useQuery(benchmarkSettingsQueryOptions(query));
export const useBenchmarkSetting = (settingId: string) => useQuery(benchmarkSettingQueryOptions(settingId));
export const useBenchmarksBySetting = (settingId: string, query?: QueryOf<'listBySetting'>) =>
  useQuery(benchmarksBySettingQueryOptions(settingId, query));
export const useBenchmarksBySettingNoSession = (settingId: string, query?: QueryOf<'listBySettingNoSession'>) =>
  useQuery(benchmarksBySettingNoSessionQueryOptions(settingId, query));
export const useBenchmark = (benchmarkId: string) => useQuery(benchmarkQueryOptions(benchmarkId));
export const useBenchmarkSearch = (query?: QueryOf<'searchBenchmarks'>) => useQuery(benchmarkSearchQueryOptions(query));
export const useSupportedRuntimeOptions = () => useQuery(supportedRuntimeOptionsQueryOptions());
export const useBestBenchmarkReport = (query: QueryOf<'bestBenchmarkReport'>) =>
  useQuery(bestBenchmarkReportQueryOptions(query));

export const useMySessions = (query?: QueryOf<'mySessions'>) => useQuery(mySessionsQueryOptions(query));
export const useTuningSession = (sessionId: string) => useQuery(tuningSessionQueryOptions(sessionId));
export const useTuningResults = (sessionId: string, query?: QueryOf<'listResults'>) =>
  useQuery(tuningResultsQueryOptions(sessionId, query));
export const useTuningBest = (sessionId: string) => useQuery(tuningBestQueryOptions(sessionId));
export const usePendingConfig = (sessionId: string, pendingConfigId: string) =>
  useQuery(pendingConfigQueryOptions(sessionId, pendingConfigId));

export const useApiTokens = (query?: QueryOf<'listApiTokens'>) => useQuery(apiTokensQueryOptions(query));
export const useRegistryTokens = (query?: QueryOf<'listRegistryTokens'>) => useQuery(registryTokensQueryOptions(query));
export const useServeRequests = (query?: QueryOf<'listServeRequests'>) => useQuery(serveRequestsQueryOptions(query));
export const useServeRequest = (requestId: string) => useQuery(serveRequestQueryOptions(requestId));
export const usePlans = () => useQuery(plansQueryOptions());
export const useSubscription = () => useQuery(subscriptionQueryOptions());
