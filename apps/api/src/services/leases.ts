import { API_MESSAGES, type PendingConfig } from '@mako/contract';
import { isoAt, type AppContext } from '../context.ts';
import { Conflict, notFound } from './errors.ts';
import { toPending } from './tuning.ts';

/**
 * Extends a runner's lease by the lease time from now. One conditional UPDATE: only a lease that
 * is still held (leased, not lapsed) is renewed, so it races safely, in any number of processes,
 * with the lapse that returns it to the search (which needs `expires_at <= now`) and with its
 * result (which marks it evaluated): whichever commits first wins, and the other finds nothing.
 */
export async function renewLease(
  ctx: AppContext,
  sessionId: string,
  pendingConfigId: string,
  ownerId: string,
): Promise<PendingConfig> {
  const now = ctx.now();
  const renewed = await ctx.db
    .updateTable('pending_configs')
    .set({ expires_at: isoAt(now + ctx.config.leaseTtlS * 1000) })
    .where('id', '=', pendingConfigId)
    .where('session_id', '=', sessionId)
    .where('status', '=', 'leased')
    .where('expires_at', '>', isoAt(now))
    .where('session_id', 'in', (eb) =>
      eb.selectFrom('tuning_sessions').select('id').where('id', '=', sessionId).where('owner_id', '=', ownerId),
    )
    .returningAll()
    .executeTakeFirst();
  if (renewed) return toPending(renewed, now);
  const held = await ctx.db
    .selectFrom('pending_configs')
    .innerJoin('tuning_sessions', 'tuning_sessions.id', 'pending_configs.session_id')
    .select('pending_configs.id')
    .where('pending_configs.id', '=', pendingConfigId)
    .where('pending_configs.session_id', '=', sessionId)
    .where('tuning_sessions.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!held) throw notFound('Pending configuration');
  throw new Conflict(API_MESSAGES.leaseLapsed);
}
