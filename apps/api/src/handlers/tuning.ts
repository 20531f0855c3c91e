import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { sessionInsights } from '../services/tuning/insights.ts';
import { tuningLeases } from '../services/tuning/leases.ts';
import { tuningResults } from '../services/tuning/results.ts';
import { tuningSessions } from '../services/tuning/sessions.ts';

type TuningHandlers = Pick<
  Handlers,
  | 'createSession'
  | 'mySessions'
  | 'getSession'
  | 'postResult'
  | 'listResults'
  | 'getBest'
  | 'getSessionInsights'
  | 'nextConfigs'
  | 'getPendingConfig'
  | 'releaseConfig'
  | 'renewLease'
>;

export function tuningHandlers(ctx: AppContext): TuningHandlers {
  const sessions = tuningSessions(ctx);
  const leases = tuningLeases(ctx);
  const results = tuningResults(ctx);
  const insights = sessionInsights(ctx);
  return {
    createSession: ({ principal, query, body }) => sessions.create(principal.user.id, query.name ?? null, body),
    mySessions: ({ principal, query }) => sessions.list(principal.user.id, query.limit, query.offset),
    getSession: ({ principal, params }) => sessions.get(params.session_id, principal.user.id),
    nextConfigs: ({ principal, params, query, body }) =>
      leases.nextConfigs(params.session_id, principal.user.id, body.count, query.name ?? null),
    getPendingConfig: ({ principal, params }) =>
      leases.pendingConfig(params.session_id, params.pending_config_id, principal.user.id),
    releaseConfig: ({ principal, params }) =>
      leases.releaseConfig(params.session_id, params.pending_config_id, principal.user.id),
    renewLease: ({ principal, params }) =>
      leases.renewLease(params.session_id, params.pending_config_id, principal.user.id),
    postResult: ({ principal, params, body }) =>
      results.post(params.session_id, principal.user.id, body, principal.via === 'api_token'),
    listResults: ({ principal, params, query }) =>
      results.list(params.session_id, principal.user.id, query.limit, query.offset),
    getBest: ({ principal, params }) => results.best(params.session_id, principal.user.id),
    getSessionInsights: ({ principal, params }) => insights.explain(params.session_id, principal.user.id),
  };
}
