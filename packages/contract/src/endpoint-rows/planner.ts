import { def } from '../endpoint-def.ts';
import { PlanRequest, PlanResult, PlannerOptions } from '../planner.ts';

/*
 * The planner: predictions of the performance model, no stored data but a benchmark's workload.
 * Anyone may plan (as anyone may search the catalogue), so both calls carry the per-address burst
 * limit (a 429 in their errors); a plan costs up to a second of CPU on a cold cache.
 */

export const plannerOptions = def({
  method: 'GET',
  path: '/planner/options',
  summary: 'The models and GPUs the planner can predict for',
  auth: 'optional',
  scope: 'read',
  response: PlannerOptions,
  errors: [429],
  spec: false,
  group: 'product',
});
export const plan = def({
  method: 'POST',
  path: '/planner/plan',
  summary: 'Predicted capacity, throughput and cost of each GPU type, count and engine under an SLO',
  auth: 'optional',
  scope: 'read',
  body: PlanRequest,
  response: PlanResult,
  errors: [404, 429],
  spec: false,
  group: 'product',
});
