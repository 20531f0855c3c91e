// Story data for the subscription screens: the three plans of the contract's PlanId.
import type { PlanItem } from './plan-card';
import type { SubscriptionItem } from './subscription-page';

export const NOW = new Date('2026-11-21T12:00:00Z');

export const PLANS: PlanItem[] = [
  {
    id: 'free',
    name: 'Free',
    price_usd_month: 0,
    description: 'Benchmark your own endpoints and try the tuner.',
    features: [
      'Single benchmarks with percentiles and goodput',
      'Benchmark search across published results',
      'Community support',
    ],
    limits: { active_tuning_sessions: 1, max_trials_per_session: 20 },
  },
  {
    id: 'pro',
    name: 'Pro',
    price_usd_month: 49,
    description: 'Tune every model you serve, on all your GPU machines.',
    features: [
      'Everything in Free',
      'Best-setup reports with launch commands',
      'Container-registry tokens for optimised images',
      'E-mail support',
    ],
    limits: { active_tuning_sessions: 5, max_trials_per_session: 500 },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price_usd_month: null,
    description: 'For platform teams running many models and clusters.',
    features: ['Everything in Pro', 'Single sign-on and audit log', 'A named engineer for tuning reviews'],
    limits: { active_tuning_sessions: null, max_trials_per_session: null },
  },
];

export const FREE_SUBSCRIPTION: SubscriptionItem = {
  plan: { id: 'free', name: 'Free' },
  status: 'active',
  current_period_end: null,
};

export const PRO_PAST_DUE: SubscriptionItem = {
  plan: { id: 'pro', name: 'Pro' },
  status: 'past_due',
  current_period_end: '2026-11-25T00:00:00Z',
};

export const PRO_CANCELED: SubscriptionItem = {
  plan: { id: 'pro', name: 'Pro' },
  status: 'canceled',
  current_period_end: '2026-12-05T00:00:00Z',
};
