import { isoAt, type AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../errors.ts';
import { scopedRow } from '../scoped-row.ts';
import type { SessionRow } from './rows.ts';

/* One session's row as its owner reads, locks and ends it. */

/** The caller's session, read with `from` (a transaction's snapshot, or the database itself). */
export const ownSession = (from: Db, sessionId: string, ownerId: string): Promise<SessionRow> =>
  scopedRow(from, 'tuning_sessions', { id: sessionId, owner_id: ownerId }, 'Tuning session');

/**
 * The caller's session, locked so that concurrent leases and results serialise: a row lock on
 * PostgreSQL; on SQLite a no-op write first, which takes the database's write lock at once (as
 * BEGIN IMMEDIATE would), so that another server process on the same file waits for it instead
 * of failing the transaction when it later writes.
 */
export async function lockSession(ctx: AppContext, trx: Db, sessionId: string, ownerId: string): Promise<SessionRow> {
  if (ctx.dialect === 'sqlite')
    await trx
      .updateTable('tuning_sessions')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', sessionId)
      .execute();
  let query = trx.selectFrom('tuning_sessions').selectAll().where('id', '=', sessionId).where('owner_id', '=', ownerId);
  // No key update: a benchmark of the session checking its foreign key must not wait for the lock.
  if (ctx.dialect === 'postgres') query = query.forNoKeyUpdate();
  const session = await query.executeTakeFirst();
  if (!session) throw notFound('Tuning session');
  return session;
}

/** Ends a session whose search (and confirmation) is over: complete once a trial was evaluated, else failed. */
export async function endSession(db: Db, session: Pick<SessionRow, 'id' | 'evaluated_count'>, now: number) {
  await db
    .updateTable('tuning_sessions')
    .set({ status: session.evaluated_count > 0 ? 'complete' : 'failed', updated_at: isoAt(now) })
    .where('id', '=', session.id)
    .execute();
}
