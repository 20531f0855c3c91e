import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  API_PREFIX,
  API_TOKEN_PREFIX,
  REGISTRY_TOKEN_PREFIX,
  type ApiToken,
  type PlanId,
  type RegistryToken,
  type Runtime,
  type RuntimeOptions,
  type ServeRequest,
} from '@mako/contract';
import { isoAt, type AppContext } from '../context.ts';
import type { AccessKeyTable, ServeRequestTable } from '../db/schema.ts';
import type { Handlers } from '../http/register.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { displayPrefix, mintSecret, sha256 } from '../auth/secrets.ts';
import { PLANS, planById, subscriptionOf } from '../services/plans.ts';
import { createStripe } from '../services/stripe.ts';
import { bestSetup } from './benchmarks.ts';

const DAY_MS = 24 * 3600 * 1000;
const BILLING_PERIOD_MS = 30 * DAY_MS;

type KeyRow = Selectable<AccessKeyTable>;

const toApiToken = (k: KeyRow): ApiToken => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  expires_at: k.expires_at,
  revoked_at: k.revoked_at,
});

function toServeRequest(r: Selectable<ServeRequestTable>): ServeRequest {
  return {
    id: r.id,
    ml_model_name: r.ml_model_name,
    hardware_config: { name: r.hardware_name, count: r.hardware_count },
    objective: r.objective as ServeRequest['objective'],
    runtime: r.runtime as Runtime | null,
    status: r.status,
    benchmark_id: r.benchmark_id,
    runtime_options: r.runtime_options === null ? null : (JSON.parse(r.runtime_options) as RuntimeOptions),
    launch_command: r.launch_command,
    objective_value: r.objective_value,
    created_at: r.created_at,
  };
}

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
  const stripe = config.stripe.secretKey ? createStripe(config.stripe.secretKey, config.stripe.apiUrl) : null;
  const registryUser = (userId: string) => `mako-${userId.replaceAll('-', '').slice(0, 12)}`;

  const toRegistryToken = (k: KeyRow): RegistryToken => ({
    ...toApiToken(k),
    registry: config.registryHost,
    username: registryUser(k.user_id),
    scope: k.scope === 'pull-push' ? 'pull-push' : 'pull',
  });

  async function listKeys(userId: string, kind: 'api' | 'registry', limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('access_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('access_keys')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  }

  async function createKey(
    userId: string,
    kind: 'api' | 'registry',
    name: string,
    expiresInDays: number | null,
    scope: string | null,
  ) {
    const prefix = kind === 'api' ? API_TOKEN_PREFIX : REGISTRY_TOKEN_PREFIX;
    const secret = mintSecret(prefix);
    const now = ctx.now();
    const row: KeyRow = {
      id: randomUUID(),
      user_id: userId,
      kind,
      name,
      prefix: displayPrefix(prefix, secret),
      token_hash: sha256(secret),
      scope,
      created_at: isoAt(now),
      last_used_at: null,
      expires_at: expiresInDays === null ? null : isoAt(now + expiresInDays * DAY_MS),
      revoked_at: null,
    };
    await db.insertInto('access_keys').values(row).execute();
    return { row, secret };
  }

  async function revokeKey(userId: string, kind: 'api' | 'registry', id: string) {
    const key = await db
      .selectFrom('access_keys')
      .select(['id', 'revoked_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!key) throw notFound('Token');
    if (key.revoked_at === null)
      await db
        .updateTable('access_keys')
        .set({ revoked_at: isoAt(ctx.now()) })
        .where('id', '=', key.id)
        .execute();
    return { message: 'Token revoked' };
  }

  async function activate(userId: string, planId: string, checkoutId: string) {
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          plan_id: planId,
          status: 'active',
          current_period_end: isoAt(now + BILLING_PERIOD_MS),
          updated_at: isoAt(now),
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            plan_id: planId,
            status: 'active',
            current_period_end: isoAt(now + BILLING_PERIOD_MS),
            updated_at: isoAt(now),
          }),
        )
        .execute();
      await trx
        .updateTable('checkouts')
        .set({ status: 'completed', completed_at: isoAt(now) })
        .where('id', '=', checkoutId)
        .execute();
    });
  }

  return {
    async listApiTokens({ principal, query }) {
      const { rows, count } = await listKeys(principal.user.id, 'api', query.limit, query.offset);
      return { data: rows.map(toApiToken), count };
    },
    async createApiToken({ principal, body }) {
      const { row, secret } = await createKey(principal.user.id, 'api', body.name, body.expires_in_days, null);
      return { token: toApiToken(row), secret };
    },
    revokeApiToken: ({ principal, params }) => revokeKey(principal.user.id, 'api', params.token_id),

    async listRegistryTokens({ principal, query }) {
      const { rows, count } = await listKeys(principal.user.id, 'registry', query.limit, query.offset);
      return { data: rows.map(toRegistryToken), count };
    },
    async createRegistryToken({ principal, body }) {
      const { row, secret } = await createKey(
        principal.user.id,
        'registry',
        body.name,
        body.expires_in_days,
        body.scope,
      );
      return { token: toRegistryToken(row), secret };
    },
    revokeRegistryToken: ({ principal, params }) => revokeKey(principal.user.id, 'registry', params.token_id),

    async listServeRequests({ principal, query }) {
      const owner = principal.user.id;
      const [rows, total] = await Promise.all([
        db
          .selectFrom('serve_requests')
          .selectAll()
          .where('owner_id', '=', owner)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        db
          .selectFrom('serve_requests')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('owner_id', '=', owner)
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(toServeRequest), count: Number(total.count) };
    },
    async createServeRequest({ principal, body }) {
      const owner = principal.user.id;
      const { name, count } = body.hardware_config;
      const best = await bestSetup(db, owner, body.ml_model_name, name, body.objective, count, body.runtime);
      const row: Selectable<ServeRequestTable> = {
        id: randomUUID(),
        owner_id: owner,
        ml_model_name: body.ml_model_name,
        hardware_name: name,
        hardware_count: count,
        objective: body.objective,
        runtime: body.runtime ?? null,
        status: best ? 'ready' : 'no_data',
        benchmark_id: best?.best.id ?? null,
        runtime_options: best ? JSON.stringify(best.best.runtime_options) : null,
        launch_command: best?.launch_command ?? null,
        objective_value: best?.objectiveValue ?? null,
        created_at: isoAt(ctx.now()),
      };
      await db.insertInto('serve_requests').values(row).execute();
      return toServeRequest(row);
    },
    async getServeRequest({ principal, params }) {
      const row = await db
        .selectFrom('serve_requests')
        .selectAll()
        .where('id', '=', params.request_id)
        .where('owner_id', '=', principal.user.id)
        .executeTakeFirst();
      if (!row) throw notFound('Serve request');
      return toServeRequest(row);
    },
    async deleteServeRequest({ principal, params }) {
      const deleted = await db
        .deleteFrom('serve_requests')
        .where('id', '=', params.request_id)
        .where('owner_id', '=', principal.user.id)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('Serve request');
      return { message: 'Serve request deleted' };
    },

    async listPlans() {
      return [...PLANS];
    },
    getSubscription: ({ principal }) => subscriptionOf(db, principal.user.id),

    async createCheckout({ principal, body }) {
      const user = principal.user;
      const plan = planById(body.plan_id);
      if (!plan.price_usd_month) throw badRequest('The free plan needs no checkout');
      const current = await subscriptionOf(db, user.id);
      if (current.plan.id === plan.id) throw badRequest(`You are already on the ${plan.name} plan`);
      const id = randomUUID();
      const successUrl = `${config.publicUrl}/subscription/success?session_id=${id}`;
      const cancelUrl = `${config.publicUrl}/subscription/cancel`;
      let externalId: string | null = null;
      let checkoutUrl = `${config.publicUrl}${API_PREFIX}/subscription/test-checkout/${id}`;
      if (stripe) {
        const session = await stripe.createCheckout({
          userId: user.id,
          email: user.email,
          planId: plan.id,
          planName: plan.name,
          priceUsd: plan.price_usd_month,
          successUrl,
          cancelUrl,
        });
        if (!session.url) throw badRequest('The payment provider returned no checkout page');
        externalId = session.id;
        checkoutUrl = session.url;
      }
      await db
        .insertInto('checkouts')
        .values({
          id,
          user_id: user.id,
          plan_id: plan.id,
          mode: stripe ? 'stripe' : 'test',
          status: 'open',
          external_id: externalId,
          created_at: isoAt(ctx.now()),
          completed_at: null,
        })
        .execute();
      return { id, checkout_url: checkoutUrl, mode: stripe ? 'stripe' : 'test' };
    },

    async confirmCheckout({ principal, body }) {
      const user = principal.user;
      const checkout = await db
        .selectFrom('checkouts')
        .selectAll()
        .where('id', '=', body.session_id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!checkout) throw notFound('Checkout');
      if (checkout.status !== 'completed') {
        let paid = checkout.status === 'paid';
        if (checkout.mode === 'stripe') {
          if (!stripe || !checkout.external_id) throw badRequest('Stripe is not configured on this server');
          const session = await stripe.retrieveCheckout(checkout.external_id);
          paid = session.payment_status === 'paid' && session.client_reference_id === user.id;
        }
        if (checkout.status === 'canceled') throw badRequest('This checkout was cancelled');
        if (!paid) throw badRequest('The payment has not been completed');
        await activate(user.id, checkout.plan_id as PlanId, checkout.id);
      }
      return subscriptionOf(db, user.id);
    },

    async submitSurvey({ principal, body }) {
      const id = randomUUID();
      const now = isoAt(ctx.now());
      await db
        .insertInto('survey_responses')
        .values({
          id,
          user_id: principal?.user.id ?? null,
          name: body.name,
          email: body.email,
          role: body.role,
          serving_engines: JSON.stringify(body.serving_engines),
          gpus_in_production: body.gpus_in_production,
          biggest_pain: body.biggest_pain,
          wants_demo: body.wants_demo ? 1 : 0,
          created_at: now,
        })
        .execute();
      return { id, created_at: now };
    },
  };
}
