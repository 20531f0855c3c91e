import {
  API_MESSAGES,
  TuningSessionCreate,
  toValidationIssues,
  type PendingConfig,
  type ResponseOf,
  type Sweep,
  type TuningSession,
} from '@mako/contract';
import * as fx from '../fixtures.ts';
import { errorResponse, readJson, type MockRequestInfo } from '../mock-endpoint.ts';
import { emptyList, insightsOf, notFound, paginate, serverError, sessionOr404, type EndpointMocks } from './shared.ts';

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

function sweepOr404(info: MockRequestInfo): Sweep | Response {
  return fx.sweeps.find((s) => s.id === info.params.sweep_id) ?? errorResponse(404, 'Sweep not found');
}

/** Tuning sessions, their leases and results, and sweeps. */
export const tuningMocks = {
  // ---- Tuning
  createSession: {
    success: createSession,
    error: () => errorResponse(403, API_MESSAGES.createSessionForbidden),
  },
  mySessions: { success: ({ url }) => paginate(fx.sessions, url), empty: emptyList, error: serverError },
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
    empty: emptyList,
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
    empty: emptyList,
    error: serverError,
  },
} satisfies Partial<EndpointMocks>;
