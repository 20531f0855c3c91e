import * as z from 'zod/mini';

/** Benchmark ids as the API issues them: letters, digits, '-' and '_'. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /benchmarks/compare?ids=a,b,c: the compared benchmarks in column order. Unknown shapes and
 * repeats are dropped rather than failing the page, so a hand-edited link still shows the rest.
 */
export const compareSearchSchema = z.object({
  ids: z.catch(z.optional(z.string()), undefined),
});

export function compareIds(ids: string | undefined): string[] {
  const parts = (ids ?? '').split(',').map((part) => part.trim());
  return [...new Set(parts.filter((part) => ID.test(part)))];
}

export const compareSearch = (ids: readonly string[]) => ({ ids: ids.join(',') });
