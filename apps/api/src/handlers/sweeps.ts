import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { sweepStore } from '../services/sweeps.ts';

type SweepHandlers = Pick<Handlers, 'createSweep' | 'updateSweep' | 'getSweep' | 'listSweeps'>;

export function sweepHandlers(ctx: AppContext): SweepHandlers {
  const sweeps = sweepStore(ctx);
  return {
    createSweep: ({ principal, body }) => sweeps.create(principal.user.id, body),
    updateSweep: ({ principal, params, body }) => sweeps.update(params.sweep_id, principal.user.id, body),
    getSweep: ({ principal, params }) => sweeps.get(params.sweep_id, principal.user.id),
    listSweeps: ({ principal, query }) => sweeps.list(principal.user.id, query),
  };
}
