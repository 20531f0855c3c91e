import { MAX_PAGE_SIZE, type Benchmark, type BenchmarkSetting, type PublicTuningSession } from '@mako/contract';
import type { AppContext } from '../context.ts';
import { settingBenchmarksList, visibleBenchmark, visibleSetting, type DocumentList } from './catalogue.ts';
import { toSetting } from './benchmarks/settings.ts';
import { Conflict, Failed, notFound } from './errors.ts';
import { sessionInsights } from './tuning/insights.ts';
import { tuningResults } from './tuning/results.ts';
import { toSessions } from './tuning/rows.ts';
import { ownSession } from './tuning/session-row.ts';
import { tuningSessions } from './tuning/sessions.ts';

/*
 * What the share pages show to visitors without an account. A visitor is the viewer `null`: they
 * see exactly the published part of the catalogue, and the sessions whose owners shared them once
 * finished. Anything else is "not found", worded the same whether it is missing or private.
 */

const FINISHED = ['complete', 'failed'] as const;

/** A published benchmark. */
export const publicBenchmark = (ctx: AppContext, benchmarkId: string): Promise<Benchmark> =>
  visibleBenchmark(ctx.db, benchmarkId, null);

/** A setting with published benchmarks, and those benchmarks (newest first, the first MAX_PAGE_SIZE). */
export async function publicSetting(
  ctx: AppContext,
  settingId: string,
): Promise<{ setting: BenchmarkSetting; benchmarks: DocumentList }> {
  const setting = toSetting(await visibleSetting(ctx.db, settingId, null), null);
  const benchmarks = await settingBenchmarksList(ctx.db, settingId, null, {
    mine: false,
    withoutSession: false,
    limit: MAX_PAGE_SIZE,
    offset: 0,
  });
  return { setting, benchmarks };
}

/** Sessions their owners share, read through the owner's own queries once sharing is confirmed. */
export function sharedSessions(ctx: AppContext) {
  const { db } = ctx;
  const sessions = tuningSessions(ctx);
  const results = tuningResults(ctx);
  const explanations = sessionInsights(ctx);
  return {
    /** A shared, finished session with its trials (the first MAX_PAGE_SIZE, in order), its best result and its insights. */
    async read(sessionId: string): Promise<PublicTuningSession> {
      const row = await db
        .selectFrom('tuning_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .where('shared', '=', 1)
        .where('status', 'in', FINISHED)
        .executeTakeFirst();
      if (!row) throw notFound('Tuning session');
      const [[session], trials, best, insights] = await Promise.all([
        toSessions(db, [row], ctx.now(), null),
        results.list(row.id, row.owner_id, MAX_PAGE_SIZE, 0),
        row.best_result_id === null ? null : results.best(row.id, row.owner_id),
        // As on the owner's page, the page stands without them: a tuner failure (already logged) leaves them out.
        explanations.explain(row.id, row.owner_id).catch((error: unknown) => {
          if (error instanceof Failed) return null;
          throw error;
        }),
      ]);
      return { session: session!, trials: trials.data, best, insights };
    },

    /** The owner shares a finished session, or stops sharing any of theirs. */
    async setShared(sessionId: string, ownerId: string, shared: boolean) {
      const row = await ownSession(db, sessionId, ownerId);
      // A running session's page would change under its readers; only the finished result is shared.
      if (shared && !(FINISHED as readonly string[]).includes(row.status))
        throw new Conflict('Only a finished tuning session can be shared');
      await db
        .updateTable('tuning_sessions')
        .set({ shared: shared ? 1 : 0 })
        .where('id', '=', row.id)
        .execute();
      return sessions.get(row.id, ownerId);
    },
  };
}
