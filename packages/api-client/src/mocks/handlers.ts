import type { HttpHandler } from 'msw';
import {
  API_MESSAGES,
  BenchmarkSearchQuery,
  DEFAULT_PAGE_SIZE,
  endpoints,
  readMetric,
  satisfies,
  toValidationIssues,
  PlanRequest,
  TuningSessionCreate,
  type EndpointName,
  type PendingConfig,
  type ResponseOf,
  type TuningInsights,
  type Sweep,
  type TuningSession,
} from '@mako/contract';
import * as fx from './fixtures.ts';
import { errorResponse, mockEndpoint, readJson, type MockRequestInfo, type MockResolver } from './mock-endpoint.ts';

/** The answers of one endpoint in each scenario. `empty` falls back to `success` where "empty" means nothing new. */
interface EndpointMock<N extends EndpointName> {
  success: MockResolver<N>;
  empty?: MockResolver<N>;
  /** The most telling failure of this endpoint, with its FastAPI body. */
  error: () => Response;
}

export type EndpointMocks = { [N in EndpointName]: EndpointMock<N> };

function paginate<T>(items: readonly T[], url: URL): { data: T[]; count: number } {
  const limit = Number(url.searchParams.get('limit') ?? DEFAULT_PAGE_SIZE);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return { data: items.slice(offset, offset + limit), count: items.length };
}

const emptyPage = () => ({ data: [], count: 0 });
const notFound = (what: string) => () => errorResponse(404, `${what} not found`);
const serverError = () => errorResponse(500, 'Internal Server Error');
const accessToken = (): ResponseOf<'login'> => ({ access_token: fx.mockAccessToken(), token_type: 'bearer' });

function sessionOr404(info: MockRequestInfo): TuningSession | Response {
  return fx.sessions.find((s) => s.id === info.params.session_id) ?? errorResponse(404, 'Tuning session not found');
}

function sweepOr404(info: MockRequestInfo): Sweep | Response {
  return fx.sweeps.find((s) => s.id === info.params.sweep_id) ?? errorResponse(404, 'Sweep not found');
}

/** A fresh session with nothing evaluated, under the requested id. */
function freshSession(info: MockRequestInfo): TuningSession {
  return { ...fx.pendingSession, id: info.params.session_id ?? fx.pendingSession.id };
}

/**
 * POST /tuning/session as the server takes it: the body is checked by the contract's schema (two or
 * three distinct objectives, no confirm beside them: the server's 422s), and the new session
 * carries what was asked for on top of the fresh fixture session.
 */
async function createSession(info: MockRequestInfo): Promise<TuningSession | Response> {
  const parsed = TuningSessionCreate.safeParse(await readJson(info.request));
  if (!parsed.success) return errorResponse(422, toValidationIssues('body', parsed.error));
  const { setting, objective, objectives, constraints, search_space, budget, confirm } = parsed.data;
  return {
    ...fx.pendingSession,
    name: info.url.searchParams.get('name') ?? fx.pendingSession.name,
    setting: { ...fx.pendingSession.setting, ...setting },
    objective,
    constraints,
    search_space,
    budget,
    ...(objectives ? { objectives, pareto_front: [] } : {}),
    ...(confirm ? { confirm } : {}),
  };
}

function settingOr404(info: MockRequestInfo) {
  return (
    fx.benchmarkSettings.find((s) => s.id === info.params.setting_id) ??
    errorResponse(404, 'Benchmark setting not found')
  );
}

/** The server's share rule: a finished session its owner shared; otherwise the same 404 as a missing one. */
function sharedSessionOr404(info: MockRequestInfo): TuningSession | Response {
  const session = fx.sessions.find((s) => s.id === info.params.session_id);
  const open = session?.shared && (session.status === 'complete' || session.status === 'failed');
  return open ? session : errorResponse(404, 'Tuning session not found');
}

/**
 * What the tuner's models say about a session. A session without a fixture entry has too few
 * successful trials for a model: no importance, no regions, fitted on the successes there are.
 */
function insightsOf(session: TuningSession): TuningInsights {
  const fitted = (fx.resultsBySession[session.id] ?? []).filter((r) => r.failure === null).length;
  return fx.insightsBySession[session.id] ?? { importance: [], failure_regions: [], trials_fitted: fitted };
}

/**
 * POST /planner/plan as the server checks it: the contract's schema, then the model against the
 * models the planner knows (the server's 422 naming the field); the fixture plan, for the lengths asked.
 */
async function planFor(info: MockRequestInfo) {
  const parsed = PlanRequest.safeParse(await readJson(info.request));
  if (!parsed.success) return errorResponse(422, toValidationIssues('body', parsed.error));
  const { model, workload } = parsed.data;
  if (!fx.plannerOptions.models.includes(model))
    return errorResponse(
      422,
      issue(['body', 'model'], `Unknown model '${model}': the planner knows ${fx.plannerOptions.models.join(', ')}`),
    );
  return {
    ...fx.plan,
    model,
    workload: { ...(workload ?? fx.plan.workload), benchmark_id: parsed.data.benchmark_id ?? null },
  };
}

function publicSetting(info: MockRequestInfo) {
  const benchmarks = fx.benchmarkRows.filter((b) => b.setting.id === info.params.setting_id && b.published);
  const setting = fx.benchmarkSettings.find((s) => s.id === info.params.setting_id);
  if (!setting || benchmarks.length === 0) return errorResponse(404, 'Benchmark setting not found');
  return { setting: { ...setting, benchmark_count: benchmarks.length }, benchmarks };
}

function benchmarksOfSetting(info: MockRequestInfo, withoutSession: boolean) {
  const setting = settingOr404(info);
  if (setting instanceof Response) return setting;
  const rows = fx.benchmarkRows.filter(
    (b) => b.setting.id === setting.id && (!withoutSession || b.session_id === null),
  );
  return paginate(rows, info.url);
}

/**
 * GET /benchmarks/all as the server filters it: the query is parsed by the contract's schema (a bad
 * filter is the server's 422), names match exactly, and each constraint term must hold for the
 * benchmark's metric (an unavailable metric fails it, as SQL's NULL does).
 */
function searchBenchmarks({ url }: MockRequestInfo) {
  const parsed = BenchmarkSearchQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return errorResponse(422, toValidationIssues('query', parsed.error));
  const { model_name, hardware_name, constraints = [] } = parsed.data;
  const rows = fx.benchmarkRows.filter(
    (b) =>
      (model_name === undefined || b.setting.ml_model_name === model_name) &&
      (hardware_name === undefined || b.setting.hardware_config.name === hardware_name) &&
      constraints.every((term) => {
        const value = readMetric(b.metrics, term.metric, {
          gpuCount: b.setting.hardware_config.count,
          costPerMillionTokens: b.cost_per_million_tokens,
        });
        return value !== null && satisfies(value, term.op, term.value);
      }),
  );
  return paginate(rows, url);
}

async function leaseConfigs(info: MockRequestInfo): Promise<ResponseOf<'nextConfigs'> | Response> {
  const session = sessionOr404(info);
  if (session instanceof Response) return session;
  const body = (await readJson(info.request)) as { count?: unknown } | undefined;
  const count = typeof body?.count === 'number' ? body.count : 1;
  const leased = fx.pendingConfigs.filter((p) => p.session_id === session.id).slice(0, count);
  if (leased.length > 0) return { configs: leased };
  const template = fx.pendingConfigs[0] as PendingConfig;
  return { configs: [{ ...template, session_id: session.id, leased_by: info.url.searchParams.get('name') }] };
}

async function namedToken<T extends { token: { name: string } }>(info: MockRequestInfo, created: T): Promise<T> {
  const body = (await readJson(info.request)) as { name?: unknown } | undefined;
  return typeof body?.name === 'string' && body.name.trim()
    ? { ...created, token: { ...created.token, name: body.name.trim() } }
    : created;
}

const issue = (loc: (string | number)[], msg: string, type = 'value_error') => [{ loc, msg, type }];

/** Every endpoint of the contract's table, answered in every scenario. */
export const endpointMocks: EndpointMocks = {
  // ---- Auth server
  login: { success: accessToken, error: () => errorResponse(400, 'Incorrect email or password') },
  loginMagicLink: {
    success: accessToken,
    error: () => errorResponse(400, 'This login link is invalid or has expired'),
  },
  sendMagicLink: {
    success: () => ({ message: fx.messages.magicLinkSent }),
    error: () => errorResponse(429, 'Too many requests, please try again in a minute'),
  },
  sendVerificationEmail: {
    success: () => ({ message: fx.messages.verificationSent }),
    error: () => errorResponse(422, issue(['body', 'email'], 'Invalid email address')),
  },
  register: {
    success: () => ({ token: accessToken(), user: fx.user }),
    error: () => errorResponse(400, 'This verification link is invalid or has expired'),
  },
  loginGoogle: { success: accessToken, error: () => errorResponse(400, 'Invalid Google credential') },
  me: { success: () => fx.user, error: () => errorResponse(401, 'Could not validate credentials') },
  changePassword: { success: accessToken, error: () => errorResponse(400, 'Current password is incorrect') },
  logoutAll: {
    success: () => ({ message: fx.messages.loggedOutEverywhere }),
    error: () => errorResponse(401, 'Could not validate credentials'),
  },

  // ---- Site
  getSettings: { success: () => fx.settings, error: () => errorResponse(503, 'Database unavailable') },
  getAuthServer: { success: () => fx.authServer, error: () => errorResponse(503, 'Database unavailable') },
  authMe: { success: () => fx.authMe, error: () => errorResponse(401, 'Could not validate credentials') },
  health: { success: () => fx.health, error: () => errorResponse(503, 'Database unavailable') },

  // ---- Benchmarks
  createBenchmark: {
    success: () => fx.benchmarks[0]!,
    error: () =>
      errorResponse(
        422,
        issue(['body', 'metrics', 'completed'], 'Input should be greater than or equal to 0', 'greater_than_equal'),
      ),
  },
  listSettings: { success: ({ url }) => paginate(fx.benchmarkSettings, url), empty: emptyPage, error: serverError },
  getSetting: { success: settingOr404, error: notFound('Benchmark setting') },
  listBySetting: {
    success: (info) => benchmarksOfSetting(info, false),
    empty: emptyPage,
    error: notFound('Benchmark setting'),
  },
  listBySettingNoSession: {
    success: (info) => benchmarksOfSetting(info, true),
    empty: emptyPage,
    error: notFound('Benchmark setting'),
  },
  getBenchmark: {
    success: ({ params }) =>
      fx.benchmarks.find((b) => b.id === params.benchmark_id) ?? errorResponse(404, 'Benchmark not found'),
    error: notFound('Benchmark'),
  },
  searchBenchmarks: {
    success: searchBenchmarks,
    empty: emptyPage,
    error: () =>
      errorResponse(
        422,
        issue(['query', 'constraints'], "Invalid constraint 'ttft<>5': expected metric<=value", 'custom'),
      ),
  },
  supportedRuntimeOptions: {
    success: () => fx.supportedRuntimeOptions,
    error: () => errorResponse(502, 'Bad Gateway'),
  },
  bestBenchmarkReport: {
    success: () => fx.bestBenchmarkReport,
    empty: () => errorResponse(404, 'No benchmarks match this model, hardware and objective'),
    error: () => errorResponse(404, 'No benchmarks match this model, hardware and objective'),
  },
  deleteBenchmark: { success: () => ({ message: fx.messages.benchmarkDeleted }), error: notFound('Benchmark') },
  patchBenchmark: {
    success: async ({ params, request }) => {
      const found = fx.benchmarks.find((b) => b.id === params.benchmark_id);
      if (!found) return errorResponse(404, 'Benchmark not found');
      const patch = ((await readJson(request)) ?? {}) as { published?: unknown; notes?: unknown };
      return {
        ...found,
        published: typeof patch.published === 'boolean' ? patch.published : found.published,
        notes: typeof patch.notes === 'string' ? patch.notes : found.notes,
      };
    },
    error: notFound('Benchmark'),
  },

  // ---- Tuning
  createSession: {
    success: createSession,
    error: () => errorResponse(403, API_MESSAGES.createSessionForbidden),
  },
  mySessions: { success: ({ url }) => paginate(fx.sessions, url), empty: emptyPage, error: serverError },
  getSession: { success: sessionOr404, empty: freshSession, error: notFound('Tuning session') },
  postResult: {
    success: async ({ params, request }) => {
      const result = fx.resultsBySession[params.session_id ?? '']?.[0];
      if (!result) return errorResponse(404, 'Tuning session not found');
      const body = (await readJson(request)) as { pending_config_id?: unknown } | undefined;
      return typeof body?.pending_config_id === 'string'
        ? { ...result, pending_config_id: body.pending_config_id }
        : result;
    },
    error: () => errorResponse(409, 'This configuration already has a result'),
  },
  listResults: {
    success: (info) => {
      const session = sessionOr404(info);
      return session instanceof Response ? session : paginate(fx.resultsBySession[session.id] ?? [], info.url);
    },
    empty: emptyPage,
    error: notFound('Tuning session'),
  },
  getBest: {
    success: ({ params }) => fx.bestBySession[params.session_id ?? ''] ?? errorResponse(404, 'No feasible result yet'),
    empty: () => errorResponse(404, 'No feasible result yet'),
    error: notFound('Tuning session'),
  },
  getSessionInsights: {
    success: (info) => {
      const session = sessionOr404(info);
      return session instanceof Response ? session : insightsOf(session);
    },
    error: notFound('Tuning session'),
  },
  nextConfigs: { success: leaseConfigs, error: () => errorResponse(409, API_MESSAGES.pendingEvaluations) },
  getPendingConfig: {
    success: ({ params }) =>
      fx.pendingConfigs.find((p) => p.session_id === params.session_id && p.id === params.pending_config_id) ??
      errorResponse(404, 'Pending configuration not found'),
    error: notFound('Pending configuration'),
  },
  releaseConfig: {
    success: ({ params }) =>
      fx.pendingConfigs.some((p) => p.session_id === params.session_id && p.id === params.pending_config_id)
        ? { message: 'The configuration was given back to the search' }
        : errorResponse(404, 'Pending configuration not found'),
    error: notFound('Pending configuration'),
  },
  renewLease: {
    success: ({ params }) =>
      fx.pendingConfigs.find((p) => p.session_id === params.session_id && p.id === params.pending_config_id) ??
      errorResponse(404, 'Pending configuration not found'),
    error: () => errorResponse(409, API_MESSAGES.leaseLapsed),
  },

  // ---- Tokens
  listApiTokens: { success: ({ url }) => paginate(fx.apiTokens, url), empty: emptyPage, error: serverError },
  createApiToken: {
    success: (info) => namedToken(info, fx.apiTokenCreated),
    error: () => errorResponse(422, issue(['body', 'name'], 'Name is required')),
  },
  revokeApiToken: { success: () => ({ message: fx.messages.tokenRevoked }), error: notFound('Token') },
  listRegistryTokens: { success: ({ url }) => paginate(fx.registryTokens, url), empty: emptyPage, error: serverError },
  createRegistryToken: {
    success: (info) => namedToken(info, fx.registryTokenCreated),
    error: () => errorResponse(422, issue(['body', 'name'], 'Name is required')),
  },
  revokeRegistryToken: { success: () => ({ message: fx.messages.tokenRevoked }), error: notFound('Token') },

  // ---- Serve requests
  listServeRequests: { success: ({ url }) => paginate(fx.serveRequests, url), empty: emptyPage, error: serverError },
  createServeRequest: {
    success: () => fx.serveRequests[0]!,
    error: () => errorResponse(422, issue(['body', 'ml_model_name'], 'Model is required')),
  },
  getServeRequest: {
    success: ({ params }) =>
      fx.serveRequests.find((r) => r.id === params.request_id) ?? errorResponse(404, 'Serve request not found'),
    error: notFound('Serve request'),
  },
  deleteServeRequest: {
    success: () => ({ message: fx.messages.serveRequestDeleted }),
    error: notFound('Serve request'),
  },

  // ---- Subscription and survey
  listPlans: { success: () => fx.plans, empty: () => [], error: () => errorResponse(503, 'Service Unavailable') },
  getSubscription: { success: () => fx.subscription, error: serverError },
  createCheckout: {
    success: () => fx.checkoutSession,
    error: () => errorResponse(400, 'You are already on this plan'),
  },
  confirmCheckout: { success: () => fx.proSubscription, error: notFound('Checkout session') },
  submitSurvey: {
    success: () => fx.surveyResponse,
    error: () => errorResponse(429, 'Too many requests, please try again in a minute'),
  },

  // ---- Share pages
  publicBenchmark: {
    success: ({ params }) =>
      fx.benchmarks.find((b) => b.id === params.benchmark_id && b.published) ??
      errorResponse(404, 'Benchmark not found'),
    error: notFound('Benchmark'),
  },
  publicSetting: { success: publicSetting, error: notFound('Benchmark setting') },
  publicTuningSession: {
    success: (info) => {
      const session = sharedSessionOr404(info);
      if (session instanceof Response) return session;
      return {
        session,
        trials: fx.resultsBySession[session.id] ?? [],
        best: fx.bestBySession[session.id] ?? null,
        insights: insightsOf(session),
      };
    },
    error: notFound('Tuning session'),
  },
  shareSession: {
    success: async (info) => {
      const session = sessionOr404(info);
      if (session instanceof Response) return session;
      const body = (await readJson(info.request)) as { shared?: unknown } | undefined;
      const shared = body?.shared === true;
      if (shared && session.status !== 'complete' && session.status !== 'failed')
        return errorResponse(409, 'Only a finished tuning session can be shared');
      return { ...session, shared };
    },
    error: () => errorResponse(409, 'Only a finished tuning session can be shared'),
  },

  // ---- Planner
  plannerOptions: { success: () => fx.plannerOptions, error: serverError },
  plan: {
    success: planFor,
    empty: () => fx.infeasiblePlan,
    error: () => errorResponse(429, 'Too many requests, please try again in a minute'),
  },
  // ---- Sweeps
  createSweep: { success: () => fx.sweeps[0] as Sweep, error: () => errorResponse(403, 'Not allowed') },
  updateSweep: { success: sweepOr404, error: notFound('Sweep') },
  getSweep: { success: sweepOr404, error: notFound('Sweep') },
  listSweeps: {
    success: ({ url }) => {
      const benchmarkId = url.searchParams.get('benchmark_id');
      const rows = benchmarkId
        ? fx.sweeps.filter((s) => s.levels.some((l) => l.benchmark_id === benchmarkId))
        : fx.sweeps;
      return paginate(rows, url);
    },
    empty: emptyPage,
    error: serverError,
  },
};

/** Endpoint names with static paths first, so `/tuning/session/mine` is never taken for a session id. */
export const endpointNames: EndpointName[] = (Object.keys(endpoints) as EndpointName[]).sort(
  (a, b) => paramCount(a) - paramCount(b),
);

function paramCount(name: EndpointName): number {
  return (endpoints[name].path.match(/\{/g) ?? []).length;
}

export type Scenario = 'success' | 'empty' | 'error' | 'slow' | 'loading';

/** How long the `slow` scenario waits before answering. */
export const SLOW_DELAY_MS = 1500;

/** The handler of one endpoint in one scenario. */
export function handlerFor<N extends EndpointName>(name: N, scenario: Scenario): HttpHandler {
  const mock = endpointMocks[name] as EndpointMock<N>;
  switch (scenario) {
    case 'success':
      return mockEndpoint(name, mock.success);
    case 'empty':
      return mockEndpoint(name, mock.empty ?? mock.success);
    case 'error':
      return mockEndpoint(name, mock.error);
    case 'slow':
      return mockEndpoint(name, mock.success, { delay: SLOW_DELAY_MS });
    case 'loading':
      return mockEndpoint(name, mock.success, { delay: 'infinite' });
  }
}

const scenarioHandlers = (scenario: Scenario) => endpointNames.map((name) => handlerFor(name, scenario));

/**
 * Handler sets covering every endpoint. Pass one to `setupServer(...)` or to
 * `parameters.msw.handlers`; put overrides for single endpoints in front of it.
 */
export const handlers: Record<Scenario, HttpHandler[]> = {
  success: scenarioHandlers('success'),
  empty: scenarioHandlers('empty'),
  error: scenarioHandlers('error'),
  slow: scenarioHandlers('slow'),
  loading: scenarioHandlers('loading'),
};

/** The tuning API's named refusals (SPEC §4, §8), for stories and tests of those states. */
export const tuningErrorHandlers = {
  createSessionForbidden: mockEndpoint('createSession', () => errorResponse(403, API_MESSAGES.createSessionForbidden)),
  pendingEvaluations: mockEndpoint('nextConfigs', () => errorResponse(409, API_MESSAGES.pendingEvaluations)),
  searchComplete: mockEndpoint('nextConfigs', () => errorResponse(410, API_MESSAGES.searchComplete)),
  searchError: mockEndpoint('nextConfigs', () => errorResponse(500, API_MESSAGES.searchError)),
};
