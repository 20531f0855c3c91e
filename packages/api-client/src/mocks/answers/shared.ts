import { DEFAULT_PAGE_SIZE, type EndpointName, type TuningInsights, type TuningSession } from '@mako/contract';
import * as fx from '../fixtures.ts';
import { errorResponse, type MockRequestInfo, type MockResolver } from '../mock-endpoint.ts';

// What the answers of several entities share: the scenario shape, pages, the usual refusals.

/** The answers of one endpoint in each scenario. `empty` falls back to `success` where "empty" means nothing new. */
export interface EndpointMock<N extends EndpointName> {
  success: MockResolver<N>;
  empty?: MockResolver<N>;
  /** The most telling failure of this endpoint, with its FastAPI body. */
  error: () => Response;
}

export type EndpointMocks = { [N in EndpointName]: EndpointMock<N> };

export function paginate<T>(items: readonly T[], url: URL): { data: T[]; count: number } {
  const limit = Number(url.searchParams.get('limit') ?? DEFAULT_PAGE_SIZE);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return { data: items.slice(offset, offset + limit), count: items.length };
}

export const emptyList = () => ({ data: [], count: 0 });
export const notFound = (what: string) => () => errorResponse(404, `${what} not found`);
export const serverError = () => errorResponse(500, 'Internal Server Error');
export const issue = (loc: (string | number)[], msg: string, type = 'value_error') => [{ loc, msg, type }];

export function sessionOr404(info: MockRequestInfo): TuningSession | Response {
  return fx.sessions.find((s) => s.id === info.params.session_id) ?? errorResponse(404, 'Tuning session not found');
}

/**
 * What the tuner's models say about a session. A session without a fixture entry has too few
 * successful trials for a model: no importance, no regions, fitted on the successes there are.
 */
export function insightsOf(session: TuningSession): TuningInsights {
  const fitted = (fx.resultsBySession[session.id] ?? []).filter((r) => r.failure === null).length;
  return fx.insightsBySession[session.id] ?? { importance: [], failure_regions: [], trials_fitted: fitted };
}
