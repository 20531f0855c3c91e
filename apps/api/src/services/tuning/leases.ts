import { randomUUID } from 'node:crypto';
import { API_MESSAGES, type PendingConfig, type RuntimeOptions } from '@mako/contract';
import { configKey, mergeRepeats, type TunerInput, type TunerOutput } from '@mako/tuner';
import { isoAt, type AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { PriorSetting } from '../../tuning/physics-prior.ts';
import { Conflict, Failed, Gone, notFound } from '../errors.ts';
import { leaseRemeasures } from './remeasure.ts';
import { pendingOf, toPending, type SessionRow } from './rows.ts';
import { endSession, lockSession, ownSession } from './session-row.ts';
import { tunerSnapshot } from './tuner-input.ts';

/** Rounds of leasing before a caller whose proposals other runners keep taking first is told to wait. */
const MAX_LEASE_ATTEMPTS = 5;

type LeaseOutcome = { kind: 'leased'; ids: string[] } | { kind: 'wait' } | { kind: 'complete' } | { kind: 'error' };

/**
 * The leases of a session's configurations to runners: taking them (the tuner's proposals, shared
 * by the runners of one session, so one per process), looking one up, renewing and releasing it.
 */
export function tuningLeases(ctx: AppContext) {
  const { db } = ctx;

  const proposals = new Map<string, Promise<TunerOutput>>();

  /**
   * Runners of a session that ask about the same state share one tuner call (whose spares cover
   * them all) instead of queueing one call each for the tuner's thread. The state is named by what
   * changes it: a lease moves the next trial number, a result adds a trial, a lapsed lease drops a pending one.
   */
  function proposeShared(session: SessionRow, input: TunerInput, prior: PriorSetting | null): Promise<TunerOutput> {
    const key = [session.id, session.next_trial_number, input.trials.length, input.pending.length, input.count].join(
      ' ',
    );
    let running = proposals.get(key);
    if (!running) {
      running = ctx.propose(input, prior).finally(() => proposals.delete(key));
      proposals.set(key, running);
    }
    return running;
  }

  /**
   * Leases the tuner's next configurations. The tuner runs outside any transaction (it takes tens
   * of milliseconds), so other runners may lease meanwhile. The answer is committed under the
   * session lock, where the free room is counted again and filled with the first proposals (spares
   * included) that nobody holds or measured yet. Only when every proposal is taken is the tuner
   * asked again on fresh state. So a runner that asks while a slot is free gets a configuration, and concurrent
   * callers can never lease more than the parallelism or the trial budget allows.
   */
  async function lease(
    sessionId: string,
    ownerId: string,
    requested: number,
    runnerName: string | null,
  ): Promise<LeaseOutcome> {
    for (let attempt = 0; attempt < MAX_LEASE_ATTEMPTS; attempt++) {
      const state = await tunerSnapshot(ctx, sessionId, ownerId, requested);
      if (state.kind !== 'ask') return state;
      const { session, input, prior } = state;
      if (
        session.confirm_repeats > 0 &&
        (session.search_over === 1 || mergeRepeats(input.trials).length >= session.max_trials)
      )
        return confirmWinner(session.id, ownerId, requested, runnerName);

      let output: TunerOutput;
      try {
        output = await proposeShared(session, input, prior);
      } catch (error) {
        ctx.log.error({ err: error, session: session.id }, 'The tuner failed');
        return { kind: 'error' };
      }
      if (output.kind === 'wait') return { kind: 'wait' };
      if (output.kind === 'error') {
        ctx.log.error({ session: session.id, reason: output.message }, 'The tuner reported an error');
        return { kind: 'error' };
      }
      const proposed = output.kind === 'propose' ? output.configs.slice(0, input.count) : [];
      if (output.kind === 'propose' && proposed.length === 0) return { kind: 'wait' };

      const committed = await inTransaction(db, async (trx): Promise<LeaseOutcome | null> => {
        const current = await lockSession(ctx, trx, session.id, ownerId);
        const open = current.status === 'pending' || current.status === 'running';
        if (!open) return { kind: 'complete' };
        const raced = current.next_trial_number !== session.next_trial_number;
        const now = ctx.now();
        if (output.kind === 'complete') {
          // "Nothing left to try" was judged without the leases made since; ask again.
          if (raced) return null;
          if (current.confirm_repeats > 0) {
            // The search is over, the confirmation is not: the next round re-measures.
            await trx.updateTable('tuning_sessions').set({ search_over: 1 }).where('id', '=', session.id).execute();
            return null;
          }
          await endSession(trx, current, now);
          return { kind: 'complete' };
        }
        // Results may have come in since the snapshot too: count the room and what is taken afresh.
        const free = await freeRoom(trx, current, now);
        if (free.room <= 0) return { kind: 'wait' };
        const configs = proposed.filter((c) => !free.taken.has(configKey(c))).slice(0, Math.min(requested, free.room));
        if (configs.length === 0) return null;
        const rows = configs.map((config, i) => ({
          id: randomUUID(),
          session_id: session.id,
          trial_number: current.next_trial_number + i,
          config: JSON.stringify(config),
          status: 'leased' as const,
          leased_by: runnerName,
          created_at: isoAt(now),
          expires_at: isoAt(now + ctx.config.leaseTtlS * 1000),
        }));
        await trx.insertInto('pending_configs').values(rows).execute();
        await trx
          .updateTable('tuning_sessions')
          .set({
            next_trial_number: current.next_trial_number + rows.length,
            status: 'running',
            updated_at: isoAt(now),
          })
          .where('id', '=', session.id)
          .execute();
        return { kind: 'leased', ids: rows.map((r) => r.id) };
      });
      if (committed) return committed;
    }
    // Every proposal was taken by other runners before it could be committed: they hold the slots for now.
    return { kind: 'wait' };
  }

  /** Once the search is over: re-measures of the incumbent and the runner-up (remeasure.ts). */
  function confirmWinner(sessionId: string, ownerId: string, requested: number, runnerName: string | null) {
    return inTransaction(db, async (trx): Promise<LeaseOutcome> => {
      const current = await lockSession(ctx, trx, sessionId, ownerId);
      if (current.status !== 'pending' && current.status !== 'running') return { kind: 'complete' };
      return leaseRemeasures(trx, ctx, current, requested, runnerName);
    });
  }

  /**
   * Under the session lock: how many more configurations may be leased now (parallel slots and
   * trial budget), and the configurations that are held or measured (which must not be leased again).
   */
  async function freeRoom(trx: Db, session: SessionRow, now: number): Promise<{ room: number; taken: Set<string> }> {
    const held = await trx
      .selectFrom('pending_configs')
      .select(['config', 'remeasure'])
      .where('session_id', '=', session.id)
      .where('status', '=', 'leased')
      .where('expires_at', '>', isoAt(now))
      .execute();
    const measured = await trx
      .selectFrom('tuning_results')
      .select('config')
      .where('session_id', '=', session.id)
      .where('remeasure', '=', 0)
      .execute();
    // Re-measures take a parallel slot but are no trial of the search's budget.
    const search = held.filter((h) => h.remeasure === 0).length;
    const room = Math.min(session.max_parallel - held.length, session.max_trials - measured.length - search);
    const taken = new Set([...held, ...measured].map((r) => configKey(JSON.parse(r.config) as RuntimeOptions)));
    return { room, taken };
  }

  return {
    /** Leases up to `count` configurations to a runner; refuses when the slots are taken or the search is over. */
    async nextConfigs(sessionId: string, owner: string, count: number, runnerName: string | null) {
      const outcome = await lease(sessionId, owner, count, runnerName);
      switch (outcome.kind) {
        case 'wait':
          throw new Conflict(API_MESSAGES.pendingEvaluations);
        case 'complete':
          throw new Gone(API_MESSAGES.searchComplete);
        case 'error':
          throw new Failed(API_MESSAGES.searchError);
        case 'leased': {
          const rows = await db
            .selectFrom('pending_configs')
            .selectAll()
            .where('id', 'in', outcome.ids)
            .orderBy('trial_number')
            .execute();
          return { configs: rows.map((r) => toPending(r, ctx.now())) };
        }
      }
    },

    async pendingConfig(sessionId: string, pendingConfigId: string, owner: string) {
      await ownSession(db, sessionId, owner);
      return toPending(await pendingOf(db, sessionId, pendingConfigId), ctx.now());
    },

    /**
     * Gives a live lease back to the search unmeasured, as a lapsed one goes: it no longer holds a
     * parallel slot or a trial, and no result is recorded against its configuration. A runner does
     * this when nothing it could measure would be about the configuration (its engine command is
     * broken), so that the session neither waits for the lease to lapse nor counts a false failure.
     */
    async releaseConfig(sessionId: string, pendingConfigId: string, owner: string) {
      await ownSession(db, sessionId, owner);
      const released = await db
        .updateTable('pending_configs')
        .set({ status: 'expired' })
        .where('id', '=', pendingConfigId)
        .where('session_id', '=', sessionId)
        .where('status', '=', 'leased')
        .where('expires_at', '>', isoAt(ctx.now()))
        .executeTakeFirst();
      if (Number(released.numUpdatedRows) === 0) {
        await pendingOf(db, sessionId, pendingConfigId);
        throw new Conflict('This configuration is not leased: it was already reported, released or has lapsed');
      }
      return { message: 'The configuration was given back to the search' };
    },

    /**
     * Extends a runner's lease by the lease time from now. One conditional UPDATE: only a lease that
     * is still held (leased, not lapsed) is renewed, so it races safely, in any number of processes,
     * with the lapse that returns it to the search (which needs `expires_at <= now`) and with its
     * result (which marks it evaluated): whichever commits first wins, and the other finds nothing.
     */
    async renewLease(sessionId: string, pendingConfigId: string, ownerId: string): Promise<PendingConfig> {
      const now = ctx.now();
      const renewed = await db
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
      const held = await db
        .selectFrom('pending_configs')
        .innerJoin('tuning_sessions', 'tuning_sessions.id', 'pending_configs.session_id')
        .select('pending_configs.id')
        .where('pending_configs.id', '=', pendingConfigId)
        .where('pending_configs.session_id', '=', sessionId)
        .where('tuning_sessions.owner_id', '=', ownerId)
        .executeTakeFirst();
      if (!held) throw notFound('Pending configuration');
      throw new Conflict(API_MESSAGES.leaseLapsed);
    },
  };
}
