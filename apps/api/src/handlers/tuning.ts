import type { TuningSessionCreate } from '@mako/contract';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { Invalid } from '../services/errors.ts';
import { tuningSessions } from '../services/tuning-sessions.ts';
import { renewLease } from '../services/leases.ts';

type SpaceInput = z.output<typeof TuningSessionCreate>['search_space'];

/** Names in conditions and rules must be parameters of the space; a typo would silently never apply. */
function checkSpace(space: SpaceInput): void {
  const names = new Set(space.parameters.map((p) => p.name));
  if (names.size !== space.parameters.length)
    throw new Invalid(['body', 'search_space', 'parameters'], 'Parameter names must be unique');
  space.parameters.forEach((p, i) => {
    if (p.when && !names.has(p.when.param))
      throw new Invalid(
        ['body', 'search_space', 'parameters', i, 'when', 'param'],
        `Unknown parameter '${p.when.param}'`,
      );
  });
  space.rules.forEach((r, i) => {
    const refs = [
      r.left,
      ...(typeof r.right === 'object' && 'param' in r.right ? [r.right.param] : []),
      ...(r.when ? [r.when.param] : []),
    ];
    for (const ref of refs)
      if (!names.has(ref)) throw new Invalid(['body', 'search_space', 'rules', i], `Unknown parameter '${ref}'`);
  });
}

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
  return {
    async createSession({ principal, query, body }) {
      checkSpace(body.search_space);
      return sessions.create(principal.user.id, query.name ?? null, body);
    },
    mySessions: ({ principal, query }) => sessions.list(principal.user.id, query.limit, query.offset),
    getSession: ({ principal, params }) => sessions.get(params.session_id, principal.user.id),
    nextConfigs: ({ principal, params, query, body }) =>
      sessions.nextConfigs(params.session_id, principal.user.id, body.count, query.name ?? null),
    getPendingConfig: ({ principal, params }) =>
      sessions.pendingConfig(params.session_id, params.pending_config_id, principal.user.id),
    releaseConfig: ({ principal, params }) =>
      sessions.releaseConfig(params.session_id, params.pending_config_id, principal.user.id),
    renewLease: ({ principal, params }) =>
      renewLease(ctx, params.session_id, params.pending_config_id, principal.user.id),
    postResult: ({ principal, params, body }) =>
      sessions.postResult(params.session_id, principal.user.id, body, principal.via === 'api_token'),
    listResults: ({ principal, params, query }) =>
      sessions.listResults(params.session_id, principal.user.id, query.limit, query.offset),
    getBest: ({ principal, params }) => sessions.best(params.session_id, principal.user.id),
    getSessionInsights: ({ principal, params }) => sessions.insights(params.session_id, principal.user.id),
  };
}
