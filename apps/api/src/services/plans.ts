import type { Plan, Subscription } from '@mako/contract';
import type { Db } from '../db/database.ts';

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price_usd_month: 0,
    description: 'Benchmark and tune on your own GPUs.',
    features: [
      'Unlimited single benchmarks',
      'Search every published benchmark',
      '3 active tuning sessions',
      '100 trials per session',
    ],
    limits: { active_tuning_sessions: 3, max_trials_per_session: 100 },
  },
  {
    id: 'pro',
    name: 'Pro',
    price_usd_month: 49,
    description: 'For teams tuning several models in parallel.',
    features: [
      'Everything in Free',
      '20 active tuning sessions',
      '1,000 trials per session',
      'Optimised serving images',
      'Email support',
    ],
    limits: { active_tuning_sessions: 20, max_trials_per_session: 1000 },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price_usd_month: 499,
    description: 'Unlimited tuning for platform teams.',
    features: [
      'Everything in Pro',
      'Unlimited tuning sessions and trials',
      'Private benchmark catalogue',
      'Priority support',
    ],
    limits: { active_tuning_sessions: null, max_trials_per_session: null },
  },
];

export function planById(id: string): Plan {
  return PLANS.find((p) => p.id === id) ?? (PLANS[0] as Plan);
}

/** The caller's subscription; everyone without a row is on the free plan. */
export async function subscriptionOf(db: Db, userId: string): Promise<Subscription> {
  const row = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row || row.status !== 'active') return { plan: planById('free'), status: 'active', current_period_end: null };
  return { plan: planById(row.plan_id), status: row.status, current_period_end: row.current_period_end };
}
