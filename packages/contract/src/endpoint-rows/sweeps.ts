import { def } from '../endpoint-def.ts';
import { Sweep, SweepCreate, SweepId, SweepListQuery, SweepListAnswer, SweepUpdate } from '../sweeps.ts';

/* Sweeps: a runner's load sweep as one object (its levels link to their benchmarks). */

export const createSweep = def({
  method: 'POST',
  path: '/sweeps',
  summary: 'Start storing a load sweep',
  auth: 'bearer',
  scope: 'benchmarks:write',
  body: SweepCreate,
  response: Sweep,
  errors: [404],
  spec: false,
  group: 'product',
});
export const updateSweep = def({
  method: 'PATCH',
  path: '/sweeps/{sweep_id}',
  summary: "Replace a sweep's levels as the runner goes, and mark it complete",
  auth: 'bearer',
  scope: 'benchmarks:write',
  params: SweepId,
  body: SweepUpdate,
  response: Sweep,
  errors: [404],
  spec: false,
  group: 'product',
});
export const getSweep = def({
  method: 'GET',
  path: '/sweeps/{sweep_id}',
  summary: 'One of your sweeps, with its levels and verdict',
  auth: 'bearer',
  scope: 'read',
  params: SweepId,
  response: Sweep,
  errors: [404],
  spec: false,
  group: 'product',
});
export const listSweeps = def({
  method: 'GET',
  path: '/sweeps',
  summary: 'Your sweeps, newest first (or the one holding a benchmark)',
  auth: 'bearer',
  scope: 'read',
  query: SweepListQuery,
  response: SweepListAnswer,
  spec: false,
  group: 'product',
});
