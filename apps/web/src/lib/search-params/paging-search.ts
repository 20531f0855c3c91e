import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@mako/contract';

/** ?offset=&limit= of a paged list. Anything unreadable falls back to the first 100 rows. */
export const pagingSearchSchema = z.object({
  offset: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(0))), undefined),
  limit: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))), undefined),
});

export type PagingSearch = z.infer<typeof pagingSearchSchema>;

export function pagingOf(search: PagingSearch): { limit: number; offset: number } {
  return { limit: search.limit ?? DEFAULT_PAGE_SIZE, offset: search.offset ?? 0 };
}

/** The search params of a list's paging: the defaults are left out of the address. */
export function pagingSearch(paging: { limit: number; offset: number }): PagingSearch {
  return {
    offset: paging.offset > 0 ? paging.offset : undefined,
    limit: paging.limit !== DEFAULT_PAGE_SIZE ? paging.limit : undefined,
  };
}
