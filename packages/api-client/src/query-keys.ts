import type { QueryOf } from '@mako/contract';

/**
 * Query keys, general to specific. Every factory returns a prefix of the more specific ones below
 * it, so invalidating `benchmarkKeys.lists()` reaches every list of benchmarks and nothing else.
 * Route loaders, hooks and invalidation all build keys here.
 */
export const siteKeys = {
  all: ['site'] as const,
  settings: () => [...siteKeys.all, 'settings'] as const,
  authServer: () => [...siteKeys.all, 'auth-server'] as const,
  health: () => [...siteKeys.all, 'health'] as const,
};

export const authKeys = {
  all: ['auth'] as const,
  /** GET /users/me on the auth server: the signed-in user, or anonymous. */
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  /** GET /auth/me: who the bearer token belongs to. */
  tokenOwner: (name?: string) => [...authKeys.all, 'token-owner', { name: name ?? null }] as const,
};

export const benchmarkKeys = {
  all: ['benchmarks'] as const,
  settings: () => [...benchmarkKeys.all, 'settings'] as const,
  settingLists: () => [...benchmarkKeys.settings(), 'list'] as const,
  settingList: (query: QueryOf<'listSettings'> = {}) => [...benchmarkKeys.settingLists(), query] as const,
  setting: (settingId: string) => [...benchmarkKeys.settings(), 'detail', settingId] as const,
  lists: () => [...benchmarkKeys.all, 'list'] as const,
  bySetting: (settingId: string, query: QueryOf<'listBySetting'> = {}) =>
    [...benchmarkKeys.lists(), 'by-setting', settingId, query] as const,
  bySettingNoSession: (settingId: string, query: QueryOf<'listBySettingNoSession'> = {}) =>
    [...benchmarkKeys.lists(), 'by-setting-no-session', settingId, query] as const,
  search: (query: QueryOf<'searchBenchmarks'> = {}) => [...benchmarkKeys.lists(), 'search', query] as const,
  details: () => [...benchmarkKeys.all, 'detail'] as const,
  detail: (benchmarkId: string) => [...benchmarkKeys.details(), benchmarkId] as const,
  runtimeOptions: () => [...benchmarkKeys.all, 'runtime-options'] as const,
  bestReports: () => [...benchmarkKeys.all, 'best-report'] as const,
  bestReport: (query: QueryOf<'bestBenchmarkReport'>) => [...benchmarkKeys.bestReports(), query] as const,
};

export const tuningKeys = {
  all: ['tuning'] as const,
  sessions: () => [...tuningKeys.all, 'sessions'] as const,
  lists: () => [...tuningKeys.sessions(), 'list'] as const,
  list: (query: QueryOf<'mySessions'> = {}) => [...tuningKeys.lists(), query] as const,
  detail: (sessionId: string) => [...tuningKeys.sessions(), 'detail', sessionId] as const,
  results: (sessionId: string) => [...tuningKeys.sessions(), 'results', sessionId] as const,
  resultPage: (sessionId: string, query: QueryOf<'listResults'> = {}) =>
    [...tuningKeys.results(sessionId), query] as const,
  best: (sessionId: string) => [...tuningKeys.sessions(), 'best', sessionId] as const,
  insights: (sessionId: string) => [...tuningKeys.sessions(), 'insights', sessionId] as const,
  pendingConfigs: (sessionId: string) => [...tuningKeys.sessions(), 'pending-configs', sessionId] as const,
  pendingConfig: (sessionId: string, pendingConfigId: string) =>
    [...tuningKeys.pendingConfigs(sessionId), pendingConfigId] as const,
};

export const tokenKeys = {
  all: ['tokens'] as const,
  apiTokens: () => [...tokenKeys.all, 'api'] as const,
  apiTokenList: (query: QueryOf<'listApiTokens'> = {}) => [...tokenKeys.apiTokens(), 'list', query] as const,
  registryTokens: () => [...tokenKeys.all, 'registry'] as const,
  registryTokenList: (query: QueryOf<'listRegistryTokens'> = {}) =>
    [...tokenKeys.registryTokens(), 'list', query] as const,
};

export const serveRequestKeys = {
  all: ['serve-requests'] as const,
  lists: () => [...serveRequestKeys.all, 'list'] as const,
  list: (query: QueryOf<'listServeRequests'> = {}) => [...serveRequestKeys.lists(), query] as const,
  detail: (requestId: string) => [...serveRequestKeys.all, 'detail', requestId] as const,
};

export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
};
