import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { plan, plannerOptions } from '../services/planner.ts';

export function plannerHandlers(ctx: AppContext): Pick<Handlers, 'plan' | 'plannerOptions'> {
  return {
    async plannerOptions() {
      return plannerOptions();
    },
    async plan({ body, principal }) {
      return plan(ctx.db, body, principal?.user.id ?? null);
    },
  };
}
