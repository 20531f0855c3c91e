import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * PostgreSQL aborts one transaction of a lock cycle (40P01, deadlock detected) and, at repeatable
 * read or above, one of two conflicting writers (40001, serialization failure). Neither did any
 * harm: the transaction was rolled back whole, so running it again is safe and usually succeeds.
 */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
/** Attempts in all; a transaction still refused after this many is a real problem worth a 500. */
export const MAX_TRANSACTION_ATTEMPTS = 4;

export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * Runs `work` in a transaction, again (after a short random pause, so that the same two do not
 * collide again in step) when PostgreSQL refused it for a deadlock or a serialization conflict.
 * `work` must do nothing but database work: it may run more than once.
 */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
