import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { EndpointName } from '@mako/contract';
import { request, type RequestArgs, type RequestOptions } from './request.ts';

/**
 * The query options of one GET of the endpoint table: its cache key, and its call with the
 * query's abort signal; `more` for data that stays fresh longer than the client's default.
 */
export function endpointQuery<N extends EndpointName, Key extends QueryKey>(
  queryKey: Key,
  name: N,
  options: Omit<RequestOptions<N>, 'signal'>,
  more: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey,
    // The spread's tuple type is lost to the generic endpoint; it is RequestArgs<N> with the signal added.
    queryFn: ({ signal }) => request(name, ...([{ ...options, signal }] as RequestArgs<N>)),
    ...more,
  });
}
