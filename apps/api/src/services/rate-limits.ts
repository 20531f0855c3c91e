import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isoAt, type BackgroundTasks } from '../context.ts';

/**
 * Counts one more request of `key` in its fixed window and answers the count so far and the
 * milliseconds left in the window. One upsert, atomic on SQLite and PostgreSQL alike: a lapsed
 * window restarts at 1, a live one is incremented, so every server process on the database sees
 * the same count.
 */
export async function countRequest(
  db: Kysely<DB>,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ current: number; ttl: number }> {
  const nowIso = isoAt(now);
  const lapsed = sql<boolean>`rate_limits.resets_at <= ${nowIso}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, resets_at: isoAt(now + windowMs) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${lapsed} then 1 else rate_limits.hits + 1 end`,
        resets_at: sql<string>`case when ${lapsed} then excluded.resets_at else rate_limits.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Date.parse(row.resets_at) - now) };
}

/** The plugin's own default window. */
const DEFAULT_WINDOW_MS = 60_000;

/** Lapsed windows are deleted in the background, at most once per this interval in each process. */
const CLEANUP_INTERVAL_MS = 60_000;

/**
 * A @fastify/rate-limit store over the `rate_limits` table, so a limit holds for all server
 * processes together instead of for each one. The plugin adds the route's groupId to the key, and
 * routes share counts by group (not per route): the auth calls share one budget per client.
 */
export function databaseRateLimitStore(db: Kysely<DB>, now: () => number, tasks: BackgroundTasks) {
  let lastCleanup = 0;
  const cleanUp = () => {
    const at = now();
    if (at - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = at;
    tasks.run('Deleting lapsed rate-limit windows', async () => {
      await db.deleteFrom('rate_limits').where('resets_at', '<=', isoAt(at)).execute();
    });
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** The plugin passes the route's window after the callback. */
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs = DEFAULT_WINDOW_MS,
    ): void {
      countRequest(db, key, windowMs, now()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
      cleanUp();
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore satisfies FastifyRateLimitStoreCtor;
}
