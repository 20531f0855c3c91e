import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of the rows `filtered` picks (a `selectFrom(...).where(...)` of a table with `id` and
 * `created_at`), newest first, ties broken by id so that pages never overlap; and how many rows it
 * picks in all. The shape of every "my things" list.
 */
export async function newestFirstList<DB, TB extends keyof DB>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    // The selection's type is lost to the generic table: the count is the one column selected.
    filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow() as Promise<{
      count: string | number | bigint;
    }>,
  ]);
  return { rows, count: Number(total.count) };
}
