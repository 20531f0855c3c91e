import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from './errors.ts';

/** The tables whose rows have an `id`, and the columns that name whose a row is (all of them are matched). */
type ScopedTable = { [T in keyof DB]: DB[T] extends { id: unknown } ? T : never }[keyof DB];
type ScopeColumn<T extends ScopedTable> = Extract<'owner_id' | 'user_id' | 'session_id', keyof DB[T]>;

/**
 * One row by its id within its scope (its owner, user or session), read with `from` (a
 * transaction's snapshot, or the database itself). Another scope's row answers as missing: "`what`
 * not found", so nobody learns that an id exists elsewhere.
 */
export async function scopedRow<T extends ScopedTable>(
  from: Db,
  table: T,
  key: { id: string } & { [C in ScopeColumn<T>]: string },
  what: string,
): Promise<Selectable<DB[T]>> {
  // Kysely cannot type a query over a table chosen by a type parameter; the signature above does it.
  let query = (from as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(what);
  return row as Selectable<DB[T]>;
}
