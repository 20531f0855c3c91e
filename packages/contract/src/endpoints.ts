import { z } from 'zod';
import { Message, PageQuery, page } from './common.ts';
import {
  AccessToken,
  AuthMe,
  AuthMeQuery,
  AuthServer,
  EmailLinkRequest,
  GoogleLogin,
  LoginForm,
  MagicLinkLogin,
  PasswordChange,
  RegisterRequest,
  RegisterResponse,
  User,
} from './auth.ts';
import { SiteSettings } from './settings.ts';
import {
  Benchmark,
  BenchmarkCreate,
  BenchmarkId,
  BenchmarkPage,
  BenchmarkPatch,
  BenchmarkSearchQuery,
  BenchmarkSetting,
  BenchmarkSettingPage,
  BestBenchmarkReport,
  BestReportQuery,
  OwnedByQuery,
  SettingId,
  SupportedRuntimeOptions,
} from './benchmarks.ts';
import {
  NextConfigsBody,
  NextConfigsResponse,
  PendingConfig,
  PendingConfigPath,
  SessionId,
  SessionNameQuery,
  TuningBest,
  TuningResult,
  TuningResultCreate,
  TuningResultPage,
  TuningSession,
  TuningSessionCreate,
  TuningSessionPage,
} from './tuning.ts';
import {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  CheckoutConfirm,
  CheckoutCreate,
  CheckoutSession,
  Plan,
  RegistryToken,
  RegistryTokenCreate,
  RegistryTokenCreated,
  ServeRequest,
  ServeRequestCreate,
  ServeRequestId,
  Subscription,
  SurveyResponse,
  SurveyResponseCreate,
  TokenId,
} from './account.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One row of the endpoint table. The server registers routes from it, the client builds calls
 * from it, the mocks answer from it, and the OpenAPI document is generated from it.
 */
export interface EndpointDef {
  method: HttpMethod;
  /** Relative to the API base (`{origin}/api/v1`); path parameters in braces, FastAPI style. */
  path: string;
  summary: string;
  /** Who may call it: `none` ignores any token, `optional` reads one when sent, `bearer` needs one. */
  auth: 'none' | 'optional' | 'bearer';
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is encoded; the OAuth2 password login is a form. */
  bodyType?: 'json' | 'form';
  response: z.ZodType;
  /** Error statuses this call documents besides 401/422/500. */
  errors?: readonly number[];
  /** The call is one of SPEC §7 (the rest serve pages the spec leaves "not shown"). */
  spec: boolean;
  /** Auth-server calls get the stricter 16 KiB body limit and per-IP rate limits. */
  group: 'auth' | 'product';
}

const def = <const T extends EndpointDef>(d: T): T => d;

export const HealthStatus = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });

export const endpoints = {
  // ---- Auth server ----------------------------------------------------------------------------
  login: def({
    method: 'POST',
    path: '/login/access-token',
    summary: 'Log in with e-mail and password (OAuth2 password form)',
    auth: 'none',
    body: LoginForm,
    bodyType: 'form',
    response: AccessToken,
    errors: [400, 429],
    spec: true,
    group: 'auth',
  }),
  loginMagicLink: def({
    method: 'POST',
    path: '/login/magic-link',
    summary: 'Redeem a magic-link token for an access token',
    auth: 'none',
    body: MagicLinkLogin,
    response: AccessToken,
    errors: [400, 429],
    spec: true,
    group: 'auth',
  }),
  sendMagicLink: def({
    method: 'POST',
    path: '/magic-link',
    summary: 'E-mail a one-time login link',
    auth: 'none',
    body: EmailLinkRequest,
    response: Message,
    errors: [429],
    spec: true,
    group: 'auth',
  }),
  sendVerificationEmail: def({
    method: 'POST',
    path: '/users/register/email-verification-token',
    summary: 'E-mail a sign-up verification link',
    auth: 'none',
    body: EmailLinkRequest,
    response: Message,
    errors: [429],
    spec: true,
    group: 'auth',
  }),
  register: def({
    method: 'POST',
    path: '/users/register',
    summary: 'Create (or sign in) the account of a verified e-mail address',
    auth: 'none',
    body: RegisterRequest,
    response: RegisterResponse,
    errors: [400, 429],
    spec: true,
    group: 'auth',
  }),
  loginGoogle: def({
    method: 'POST',
    path: '/login/google',
    summary: 'Log in with a Google ID token',
    auth: 'none',
    body: GoogleLogin,
    response: AccessToken,
    errors: [400, 429],
    spec: true,
    group: 'auth',
  }),
  me: def({
    method: 'GET',
    path: '/users/me',
    summary: 'The signed-in user',
    auth: 'bearer',
    response: User,
    spec: true,
    group: 'auth',
  }),
  changePassword: def({
    method: 'POST',
    path: '/users/me/password',
    summary: 'Set or change the password; revokes earlier tokens and returns a new one',
    auth: 'bearer',
    body: PasswordChange,
    response: AccessToken,
    errors: [400],
    spec: false,
    group: 'auth',
  }),
  logoutAll: def({
    method: 'POST',
    path: '/logout-all',
    summary: 'Revoke every access token issued so far',
    auth: 'bearer',
    response: Message,
    spec: false,
    group: 'auth',
  }),

  // ---- Site ---------------------------------------------------------------------------------------
  getSettings: def({
    method: 'GET',
    path: '/settings',
    summary: 'Site settings',
    auth: 'none',
    response: SiteSettings,
    spec: true,
    group: 'product',
  }),
  getAuthServer: def({
    method: 'GET',
    path: '/auth/server',
    summary: 'Where the auth server is',
    auth: 'none',
    response: AuthServer,
    spec: true,
    group: 'product',
  }),
  authMe: def({
    method: 'GET',
    path: '/auth/me',
    summary: 'Who a bearer token (session or API token) belongs to',
    auth: 'bearer',
    query: AuthMeQuery,
    response: AuthMe,
    spec: true,
    group: 'product',
  }),
  health: def({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability',
    auth: 'none',
    response: HealthStatus,
    errors: [503],
    spec: false,
    group: 'product',
  }),

  // ---- Benchmarks -----------------------------------------------------------------------------
  createBenchmark: def({
    method: 'POST',
    path: '/benchmarks',
    summary: 'Store a benchmark (its setting is found or created)',
    auth: 'bearer',
    body: BenchmarkCreate,
    response: Benchmark,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  listSettings: def({
    method: 'GET',
    path: '/benchmarks/settings',
    summary: 'Benchmark settings visible to the caller',
    auth: 'bearer',
    query: OwnedByQuery,
    response: BenchmarkSettingPage,
    errors: [403],
    spec: true,
    group: 'product',
  }),
  getSetting: def({
    method: 'GET',
    path: '/benchmarks/settings/{setting_id}',
    summary: 'One benchmark setting',
    auth: 'bearer',
    params: SettingId,
    response: BenchmarkSetting,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  listBySetting: def({
    method: 'GET',
    path: '/benchmarks/by-setting/{setting_id}',
    summary: 'Benchmarks of a setting',
    auth: 'bearer',
    params: SettingId,
    query: OwnedByQuery,
    response: BenchmarkPage,
    errors: [403, 404],
    spec: true,
    group: 'product',
  }),
  listBySettingNoSession: def({
    method: 'GET',
    path: '/benchmarks/by-setting/{setting_id}/no-session',
    summary: 'Benchmarks of a setting that no tuning session produced',
    auth: 'bearer',
    params: SettingId,
    query: OwnedByQuery,
    response: BenchmarkPage,
    errors: [403, 404],
    spec: true,
    group: 'product',
  }),
  getBenchmark: def({
    method: 'GET',
    path: '/benchmarks/by-id/{benchmark_id}',
    summary: 'One benchmark',
    auth: 'bearer',
    params: BenchmarkId,
    response: Benchmark,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  searchBenchmarks: def({
    method: 'GET',
    path: '/benchmarks/all',
    summary: 'Search published benchmarks and your own',
    auth: 'optional',
    query: BenchmarkSearchQuery,
    response: BenchmarkPage,
    spec: true,
    group: 'product',
  }),
  supportedRuntimeOptions: def({
    method: 'GET',
    path: '/benchmarks/supported-runtime-options',
    summary: 'Tunable engine flags of vLLM, SGLang and TensorRT-LLM',
    auth: 'optional',
    response: SupportedRuntimeOptions,
    spec: true,
    group: 'product',
  }),
  bestBenchmarkReport: def({
    method: 'GET',
    path: '/benchmarks/best-benchmark-report',
    summary: 'The best known setup for a model, hardware and objective',
    auth: 'bearer',
    query: BestReportQuery,
    response: BestBenchmarkReport,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  deleteBenchmark: def({
    method: 'DELETE',
    path: '/benchmarks/{benchmark_id}',
    summary: 'Delete one of your benchmarks',
    auth: 'bearer',
    params: BenchmarkId,
    response: Message,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  patchBenchmark: def({
    method: 'PATCH',
    path: '/benchmarks/{benchmark_id}',
    summary: 'Publish, unpublish or annotate one of your benchmarks',
    auth: 'bearer',
    params: BenchmarkId,
    body: BenchmarkPatch,
    response: Benchmark,
    errors: [404],
    spec: true,
    group: 'product',
  }),

  // ---- Tuning -----------------------------------------------------------------------------------
  createSession: def({
    method: 'POST',
    path: '/tuning/session',
    summary: 'Start a tuning session',
    auth: 'bearer',
    query: SessionNameQuery,
    body: TuningSessionCreate,
    response: TuningSession,
    errors: [403],
    spec: true,
    group: 'product',
  }),
  mySessions: def({
    method: 'GET',
    path: '/tuning/session/mine',
    summary: 'Your tuning sessions, newest first',
    auth: 'bearer',
    query: PageQuery,
    response: TuningSessionPage,
    spec: true,
    group: 'product',
  }),
  getSession: def({
    method: 'GET',
    path: '/tuning/session/{session_id}',
    summary: 'One tuning session',
    auth: 'bearer',
    params: SessionId,
    response: TuningSession,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  postResult: def({
    method: 'POST',
    path: '/tuning/session/{session_id}/results',
    summary: 'Report the metrics or the failure of a leased configuration',
    auth: 'bearer',
    params: SessionId,
    body: TuningResultCreate,
    response: TuningResult,
    errors: [404, 409],
    spec: true,
    group: 'product',
  }),
  listResults: def({
    method: 'GET',
    path: '/tuning/session/{session_id}/results',
    summary: 'Results of a session in trial order',
    auth: 'bearer',
    params: SessionId,
    query: PageQuery,
    response: TuningResultPage,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  getBest: def({
    method: 'GET',
    path: '/tuning/session/{session_id}/best',
    summary: 'The best feasible result so far',
    auth: 'bearer',
    params: SessionId,
    response: TuningBest,
    errors: [404],
    spec: true,
    group: 'product',
  }),
  nextConfigs: def({
    method: 'POST',
    path: '/tuning/session/{session_id}/next-configs',
    summary: 'Lease the next configurations to evaluate',
    auth: 'bearer',
    params: SessionId,
    query: SessionNameQuery,
    body: NextConfigsBody,
    response: NextConfigsResponse,
    errors: [404, 409, 410],
    spec: true,
    group: 'product',
  }),
  getPendingConfig: def({
    method: 'GET',
    path: '/tuning/session/{session_id}/next-configs/{pending_config_id}',
    summary: 'One leased configuration',
    auth: 'bearer',
    params: PendingConfigPath,
    response: PendingConfig,
    errors: [404],
    spec: true,
    group: 'product',
  }),

  // ---- API tokens -----------------------------------------------------------------------------
  listApiTokens: def({
    method: 'GET',
    path: '/tokens',
    summary: 'Your API tokens',
    auth: 'bearer',
    query: PageQuery,
    response: page(ApiToken),
    spec: false,
    group: 'product',
  }),
  createApiToken: def({
    method: 'POST',
    path: '/tokens',
    summary: 'Create an API token; the secret is in this answer only',
    auth: 'bearer',
    body: ApiTokenCreate,
    response: ApiTokenCreated,
    spec: false,
    group: 'product',
  }),
  revokeApiToken: def({
    method: 'DELETE',
    path: '/tokens/{token_id}',
    summary: 'Revoke an API token',
    auth: 'bearer',
    params: TokenId,
    response: Message,
    errors: [404],
    spec: false,
    group: 'product',
  }),

  // ---- Container-registry tokens --------------------------------------------------------------
  listRegistryTokens: def({
    method: 'GET',
    path: '/registry-tokens',
    summary: 'Your container-registry tokens',
    auth: 'bearer',
    query: PageQuery,
    response: page(RegistryToken),
    spec: false,
    group: 'product',
  }),
  createRegistryToken: def({
    method: 'POST',
    path: '/registry-tokens',
    summary: 'Create a container-registry token; the secret is in this answer only',
    auth: 'bearer',
    body: RegistryTokenCreate,
    response: RegistryTokenCreated,
    spec: false,
    group: 'product',
  }),
  revokeRegistryToken: def({
    method: 'DELETE',
    path: '/registry-tokens/{token_id}',
    summary: 'Revoke a container-registry token',
    auth: 'bearer',
    params: TokenId,
    response: Message,
    errors: [404],
    spec: false,
    group: 'product',
  }),

  // ---- Serve requests -------------------------------------------------------------------------
  listServeRequests: def({
    method: 'GET',
    path: '/serve-requests',
    summary: 'Your serve requests, newest first',
    auth: 'bearer',
    query: PageQuery,
    response: page(ServeRequest),
    spec: false,
    group: 'product',
  }),
  createServeRequest: def({
    method: 'POST',
    path: '/serve-requests',
    summary: 'Turn the best known setup for a model and hardware into a launch command',
    auth: 'bearer',
    body: ServeRequestCreate,
    response: ServeRequest,
    spec: false,
    group: 'product',
  }),
  getServeRequest: def({
    method: 'GET',
    path: '/serve-requests/{request_id}',
    summary: 'One serve request',
    auth: 'bearer',
    params: ServeRequestId,
    response: ServeRequest,
    errors: [404],
    spec: false,
    group: 'product',
  }),
  deleteServeRequest: def({
    method: 'DELETE',
    path: '/serve-requests/{request_id}',
    summary: 'Delete a serve request',
    auth: 'bearer',
    params: ServeRequestId,
    response: Message,
    errors: [404],
    spec: false,
    group: 'product',
  }),

  // ---- Subscription ---------------------------------------------------------------------------
  listPlans: def({
    method: 'GET',
    path: '/subscription/plans',
    summary: 'Available plans',
    auth: 'optional',
    response: z.array(Plan),
    spec: false,
    group: 'product',
  }),
  getSubscription: def({
    method: 'GET',
    path: '/subscription',
    summary: 'Your current plan',
    auth: 'bearer',
    response: Subscription,
    spec: false,
    group: 'product',
  }),
  createCheckout: def({
    method: 'POST',
    path: '/subscription/checkout',
    summary: 'Start a checkout for a plan',
    auth: 'bearer',
    body: CheckoutCreate,
    response: CheckoutSession,
    errors: [400],
    spec: false,
    group: 'product',
  }),
  confirmCheckout: def({
    method: 'POST',
    path: '/subscription/confirm',
    summary: 'Confirm a completed checkout and activate its plan',
    auth: 'bearer',
    body: CheckoutConfirm,
    response: Subscription,
    errors: [400, 404],
    spec: false,
    group: 'product',
  }),

  // ---- Survey -----------------------------------------------------------------------------------
  submitSurvey: def({
    method: 'POST',
    path: '/surveys/ai-meetup',
    summary: 'Answer the AI meetup survey',
    auth: 'optional',
    body: SurveyResponseCreate,
    response: SurveyResponse,
    errors: [429],
    spec: false,
    group: 'product',
  }),
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodType ? z.infer<T> : never;
type Input<T> = T extends z.ZodType ? z.input<T> : never;
export type ResponseOf<N extends EndpointName> = Infer<Endpoints[N]['response']>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Input<B> : never;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q } ? Input<Q> : never;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P } ? Infer<P> : never;

/** The API base path; the auth server lives under the same prefix. */
export const API_PREFIX = '/api/v1';

/** Fills `{name}` segments, URL-encoding each value. Throws on a missing parameter rather than calling `/x/undefined`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter '${key}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `{name}` → `:name`, the route syntax of Fastify and msw. */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Serialises a query object: drops undefined/null/'' so defaults stay with the server. */
export function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params;
}
