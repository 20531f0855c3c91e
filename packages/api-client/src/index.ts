// Configuration: where calls go.
export {
  DEFAULT_API_BASE,
  apiBaseFromLoginUrl,
  applyAuthServer,
  configureApiClient,
  getApiBase,
  getApiConfig,
  getAuthServerState,
  resetApiClient,
  type ApiClientConfig,
  type AuthServerState,
} from './config.ts';

// The fetch wrapper: `call` takes one endpoint definition, `request` a name from the endpoint table;
// `startGet` sends a call's GET before the code with its schemas has loaded.
export { call, startGet, type CallArgs, type CallDef, type CallOptions, type CallResult } from './call.ts';
export { api, endpointUrl, formBody, request, type Api, type RequestArgs, type RequestOptions } from './request.ts';

// The error catalogue of SPEC §8.
export * from './core/errors.ts';

// Token storage.
export * from './token-storage.ts';

// Auth actions.
export * from './auth.ts';

// TanStack Query: keys, options factories, the web app's mutation hooks, client; signing in and out.
export * from './query-keys.ts';
export {
  currentUserQueryOptions,
  primeSiteSettings,
  siteSettingsQueryOptions,
  signIn,
  signOut,
  type SignInFlow,
  type SignInRequest,
} from './sign-in.ts';
export * from './queries.ts';
export * from './mutation-hooks.ts';
export { DEFAULT_MAX_RETRIES, createQueryClient, shouldRetry, type CreateQueryClientOptions } from './query-client.ts';
export * from './share.ts';
export * from './planner.ts';
export * from './sweeps.ts';
