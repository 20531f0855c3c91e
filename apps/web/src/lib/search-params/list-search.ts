import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@mako/contract';

/** ?offset=&limit= of a paged list. Anything unreadable falls back to the first page of 100. */
export const pageSearchSchema = z.object({
  offset: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(0))), undefined),
  limit: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))), undefined),
});

export type PageSearch = z.infer<typeof pageSearchSchema>;

export function pageOf(search: PageSearch): { limit: number; offset: number } {
  return { limit: search.limit ?? DEFAULT_PAGE_SIZE, offset: search.offset ?? 0 };
}

/** The search params of a page: the defaults are left out of the address. */
export function pageSearch(page: { limit: number; offset: number }): PageSearch {
  return {
    offset: page.offset > 0 ? page.offset : undefined,
    limit: page.limit !== DEFAULT_PAGE_SIZE ? page.limit : undefined,
  };
}
