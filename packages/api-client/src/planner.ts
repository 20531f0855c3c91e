import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@mako/contract';
import { endpointQuery } from './endpoint-query.ts';
import { request } from './request.ts';

/*
 * The planner's calls. A plan is a POST (its request is a small document, not a URL's worth of
 * filters) that writes nothing, so it is a mutation that invalidates nothing; the server caches
 * identical plans.
 */

export const plannerKeys = {
  all: ['planner'] as const,
  options: () => [...plannerKeys.all, 'options'] as const,
};

/** The models and GPUs the planner knows change only with a deploy. */
export const plannerOptionsQueryOptions = () =>
  endpointQuery(plannerKeys.options(), 'plannerOptions', {}, { staleTime: Infinity });

/** POST /planner/plan: rejected with a 422 naming the field (an unknown model) or a 404 (a benchmark not visible). */
export const usePlanMutation = () => useMutation({ mutationFn: (body: BodyOf<'plan'>) => request('plan', { body }) });
