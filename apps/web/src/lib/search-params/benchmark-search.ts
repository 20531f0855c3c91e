import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { benchmarkKeys, siteSettingsQueryOptions, startGet } from '@mako/api-client';
import { BENCHMARK_SEARCH_PATH, BenchmarkSearchQuery, DEFAULT_PAGE_SIZE, formatConstraints } from '@mako/contract';

/* The router checks search parameters on every visit, so this parser sits in the entry chunk. */
const SearchParams = z.extend(BenchmarkSearchQuery, { view: z.optional(z.enum(['table', 'pareto'])) });

/** The schema's output, but the constraints stay text: the address keeps what the user can read and edit. */
export type BenchmarkSearchParams = Omit<z.output<typeof SearchParams>, 'limit' | 'offset' | 'constraints'> & {
  limit?: number;
  offset?: number;
  constraints?: BenchmarkSearchQuery['constraints'];
};

/** Every filter can be invalid on its own; one bad value should not throw the others away. */
const MAX_ROUNDS = 32;

/**
 * The /benchmarks address as the contract's search query: each parameter is checked with the
 * contract's rule and dropped when it fails (a hand-edited URL still shows the rest of the
 * search). The page defaults are left out and the constraints rewritten in their canonical
 * spelling, so that the address and the cache key stay canonical.
 */
export function parseBenchmarkSearch(raw: Record<string, unknown>): BenchmarkSearchParams {
  let input: Record<string, unknown> = { ...raw };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const parsed = SearchParams.safeParse(input);
    if (parsed.success) {
      const { limit, offset, constraints, ...rest } = parsed.data;
      const clean: BenchmarkSearchParams = { ...rest };
      // Written back in the API's own spelling, so equal searches have one address and one cache key.
      if (constraints?.length) clean.constraints = formatConstraints(constraints);
      if (limit !== DEFAULT_PAGE_SIZE) clean.limit = limit;
      if (offset !== 0) clean.offset = offset;
      return dropUndefined(clean);
    }
    const invalid = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    input = Object.fromEntries(Object.entries(input).filter(([key]) => !invalid.has(key)));
  }
  return {};
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The API query of a search: everything but the view toggle. */
export function searchQueryOf({ view: _view, ...query }: BenchmarkSearchParams): Omit<BenchmarkSearchParams, 'view'> {
  return query;
}

/**
 * Sends the search of a visit that has no answer cached yet while the page's code is still loading:
 * the route's loader calls it from a chunk that carries the endpoint's schemas, and on a phone that
 * chunk arrived long before the search could start. The loader's call takes this answer (startGet).
 * Calls go where the site settings say, so the request waits for them.
 */
export function startSearchEarly(queryClient: QueryClient, search: BenchmarkSearchParams): void {
  const query = searchQueryOf(search);
  const key = benchmarkKeys.search(query);
  const unasked = () => queryClient.getQueryState(key) === undefined;
  if (!unasked()) return;
  queryClient.ensureQueryData(siteSettingsQueryOptions()).then(
    () => {
      if (unasked()) startGet(BENCHMARK_SEARCH_PATH, query);
    },
    // The root loader reports a site-settings failure.
    () => undefined,
  );
}
