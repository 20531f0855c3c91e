import { randomUUID } from 'node:crypto';
import { API_PREFIX, type CheckoutSession, type PlanId, type Subscription } from '@mako/contract';
import { isoAt } from '../context.ts';
import type { Db } from '../db/database.ts';
import { planById, subscriptionOf } from './plans.ts';
import type { Stripe } from './stripe.ts';
import { Rejected } from './errors.ts';
import { scopedRow } from './scoped-row.ts';

const BILLING_PERIOD_MS = 30 * 24 * 3600 * 1000;

/**
 * Where checkouts go: Stripe when configured; nowhere when the operator made every plan free
 * (PLANS_FREE: the checkout is paid on creation); else the server's own test-mode page, which
 * production never serves (config.ts refuses to start without one of the other two).
 */
export interface CheckoutDesk {
  db: Db;
  now: () => number;
  publicUrl: string;
  stripe: Stripe | null;
  plansFree: boolean;
}

/** Opens a checkout for a paid plan the user is not on yet. */
export async function createCheckout(desk: CheckoutDesk, user: { id: string; email: string }, planId: string) {
  const { db, stripe, publicUrl } = desk;
  const plan = planById(planId);
  if (!plan.price_usd_month) throw new Rejected('The free plan needs no checkout');
  const current = await subscriptionOf(db, user.id);
  if (current.plan.id === plan.id) throw new Rejected(`You are already on the ${plan.name} plan`);
  const id = randomUUID();
  const successUrl = `${publicUrl}/subscription/success?session_id=${id}`;
  const cancelUrl = `${publicUrl}/subscription/cancel`;
  let externalId: string | null = null;
  let checkoutUrl = `${publicUrl}${API_PREFIX}/subscription/test-checkout/${id}`;
  const mode: CheckoutSession['mode'] = stripe ? 'stripe' : desk.plansFree ? 'free' : 'test';
  if (mode === 'free') checkoutUrl = successUrl;
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
    if (!session.url) throw new Rejected('The payment provider returned no checkout page');
    externalId = session.id;
    checkoutUrl = session.url;
  }
  await db
    .insertInto('checkouts')
    .values({
      id,
      user_id: user.id,
      plan_id: plan.id,
      mode,
      status: mode === 'free' ? 'paid' : 'open',
      external_id: externalId,
      created_at: isoAt(desk.now()),
      completed_at: null,
    })
    .execute();
  return { id, checkout_url: checkoutUrl, mode };
}

/** Activates the plan of a paid checkout (once; confirming again changes nothing) and answers the subscription. */
export async function confirmCheckout(desk: CheckoutDesk, userId: string, checkoutId: string): Promise<Subscription> {
  const { db, stripe } = desk;
  const checkout = await scopedRow(db, 'checkouts', { id: checkoutId, user_id: userId }, 'Checkout');
  if (checkout.status !== 'completed') {
    let paid = checkout.status === 'paid';
    if (checkout.mode === 'stripe') {
      if (!stripe || !checkout.external_id) throw new Rejected('Stripe is not configured on this server');
      const session = await stripe.retrieveCheckout(checkout.external_id);
      paid = session.payment_status === 'paid' && session.client_reference_id === userId;
    }
    if (checkout.status === 'canceled') throw new Rejected('This checkout was cancelled');
    if (!paid) throw new Rejected('The payment has not been completed');
    await activate(desk, userId, checkout.plan_id as PlanId, checkout.id);
  }
  return subscriptionOf(db, userId);
}

async function activate(desk: CheckoutDesk, userId: string, planId: string, checkoutId: string) {
  const now = desk.now();
  await desk.db.transaction().execute(async (trx) => {
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

/** A test-mode checkout still waiting for Pay or Cancel. */
export const openTestCheckout = (db: Db, id: string) =>
  db
    .selectFrom('checkouts')
    .selectAll()
    .where('id', '=', id)
    .where('mode', '=', 'test')
    .where('status', '=', 'open')
    .executeTakeFirst();

/** Pay or Cancel on the test-mode page; false when the checkout was not open (any more). */
export async function settleTestCheckout(
  db: Db,
  now: number,
  id: string,
  outcome: 'paid' | 'canceled',
): Promise<boolean> {
  const updated = await db
    .updateTable('checkouts')
    .set({ status: outcome, completed_at: outcome === 'canceled' ? isoAt(now) : null })
    .where('id', '=', id)
    .where('mode', '=', 'test')
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
