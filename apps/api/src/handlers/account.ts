import type { ApiToken, RegistryToken } from '@mako/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import {
  createToken,
  listTokens,
  revokeToken,
  scopesOf,
  type TokenKind,
  type TokenRow,
} from '../services/api-tokens.ts';
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

const toStoredToken = (k: TokenRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  expires_at: k.expires_at,
  revoked_at: k.revoked_at,
});
const toApiToken = (k: TokenRow): ApiToken => ({ ...toStoredToken(k), scopes: scopesOf(k) });

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
    plansFree: config.plansFree,
  };
  const registryUser = (userId: string) => `mako-${userId.replaceAll('-', '').slice(0, 12)}`;

  const toRegistryToken = (k: TokenRow): RegistryToken => ({
    ...toStoredToken(k),
    registry: config.registryHost,
    username: registryUser(k.user_id),
    scope: k.scope === 'pull-push' ? 'pull-push' : 'pull',
  });

  // API and registry tokens: one table and the same three handlers, each kind with its own answer.
  async function list<Token>(
    userId: string,
    kind: TokenKind,
    page: { limit: number; offset: number },
    toToken: (k: TokenRow) => Token,
  ) {
    const { rows, count } = await listTokens(db, userId, kind, page.limit, page.offset);
    return { data: rows.map(toToken), count };
  }

  async function create<Token>(
    userId: string,
    kind: TokenKind,
    body: { name: string; expires_in_days: number; scope: string },
    toToken: (k: TokenRow) => Token,
  ) {
    const { row, secret } = await createToken(db, ctx.now(), {
      userId,
      kind,
      name: body.name,
      expiresInDays: body.expires_in_days,
      scope: body.scope,
    });
    return { token: toToken(row), secret };
  }

  async function revoke(userId: string, kind: TokenKind, id: string) {
    await revokeToken(db, ctx.now(), userId, kind, id);
    return { message: 'Token revoked' };
  }

  return {
    listApiTokens: ({ principal, query }) => list(principal.user.id, 'api', query, toApiToken),
    createApiToken: ({ principal, body }) =>
      create(principal.user.id, 'api', { ...body, scope: body.scopes.join(' ') }, toApiToken),
    revokeApiToken: ({ principal, params }) => revoke(principal.user.id, 'api', params.token_id),

    listRegistryTokens: ({ principal, query }) => list(principal.user.id, 'registry', query, toRegistryToken),
    createRegistryToken: ({ principal, body }) => create(principal.user.id, 'registry', body, toRegistryToken),
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
