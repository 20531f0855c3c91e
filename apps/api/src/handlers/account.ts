import type { ApiToken, RegistryToken } from '@mako/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { createKey, listKeys, revokeKey, type KeyKind, type KeyRow } from '../services/access-keys.ts';
import { confirmCheckout, createCheckout, type CheckoutDesk } from '../services/checkouts.ts';
import { PLANS, subscriptionOf } from '../services/plans.ts';
import {
  createServeRequest,
  deleteServeRequest,
  getServeRequest,
  listServeRequests,
} from '../services/serve-requests.ts';
import { createStripe } from '../services/stripe.ts';
import { submitSurvey } from '../services/surveys.ts';

const toApiToken = (k: KeyRow): ApiToken => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  expires_at: k.expires_at,
  revoked_at: k.revoked_at,
});

type AccountHandlers = Pick<
  Handlers,
  | 'listApiTokens'
  | 'createApiToken'
  | 'revokeApiToken'
  | 'listRegistryTokens'
  | 'createRegistryToken'
  | 'revokeRegistryToken'
  | 'listServeRequests'
  | 'createServeRequest'
  | 'getServeRequest'
  | 'deleteServeRequest'
  | 'listPlans'
  | 'getSubscription'
  | 'createCheckout'
  | 'confirmCheckout'
  | 'submitSurvey'
>;

export function accountHandlers(ctx: AppContext): AccountHandlers {
  const { db, config } = ctx;
  const desk: CheckoutDesk = {
    db,
    now: ctx.now,
    publicUrl: config.publicUrl,
    stripe: config.stripe.secretKey ? createStripe(config.stripe.secretKey, config.stripe.apiUrl) : null,
  };
  const registryUser = (userId: string) => `mako-${userId.replaceAll('-', '').slice(0, 12)}`;

  const toRegistryToken = (k: KeyRow): RegistryToken => ({
    ...toApiToken(k),
    registry: config.registryHost,
    username: registryUser(k.user_id),
    scope: k.scope === 'pull-push' ? 'pull-push' : 'pull',
  });

  async function revoke(userId: string, kind: KeyKind, id: string) {
    await revokeKey(db, ctx.now(), userId, kind, id);
    return { message: 'Token revoked' };
  }

  return {
    async listApiTokens({ principal, query }) {
      const { rows, count } = await listKeys(db, principal.user.id, 'api', query.limit, query.offset);
      return { data: rows.map(toApiToken), count };
    },
    async createApiToken({ principal, body }) {
      const { row, secret } = await createKey(db, ctx.now(), {
        userId: principal.user.id,
        kind: 'api',
        name: body.name,
        expiresInDays: body.expires_in_days,
        scope: null,
      });
      return { token: toApiToken(row), secret };
    },
    revokeApiToken: ({ principal, params }) => revoke(principal.user.id, 'api', params.token_id),

    async listRegistryTokens({ principal, query }) {
      const { rows, count } = await listKeys(db, principal.user.id, 'registry', query.limit, query.offset);
      return { data: rows.map(toRegistryToken), count };
    },
    async createRegistryToken({ principal, body }) {
      const { row, secret } = await createKey(db, ctx.now(), {
        userId: principal.user.id,
        kind: 'registry',
        name: body.name,
        expiresInDays: body.expires_in_days,
        scope: body.scope,
      });
      return { token: toRegistryToken(row), secret };
    },
    revokeRegistryToken: ({ principal, params }) => revoke(principal.user.id, 'registry', params.token_id),

    listServeRequests: ({ principal, query }) => listServeRequests(db, principal.user.id, query.limit, query.offset),
    createServeRequest: ({ principal, body }) => createServeRequest(db, ctx.now(), principal.user.id, body),
    getServeRequest: ({ principal, params }) => getServeRequest(db, params.request_id, principal.user.id),
    async deleteServeRequest({ principal, params }) {
      await deleteServeRequest(db, params.request_id, principal.user.id);
      return { message: 'Serve request deleted' };
    },

    async listPlans() {
      return [...PLANS];
    },
    getSubscription: ({ principal }) => subscriptionOf(db, principal.user.id),
    createCheckout: ({ principal, body }) => createCheckout(desk, principal.user, body.plan_id),
    confirmCheckout: ({ principal, body }) => confirmCheckout(desk, principal.user.id, body.session_id),

    submitSurvey: ({ principal, body }) => submitSurvey(db, ctx.now(), principal?.user.id ?? null, body),
  };
}
