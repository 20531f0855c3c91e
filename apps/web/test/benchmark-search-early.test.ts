import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  benchmarkSearchQueryOptions,
  createQueryClient,
  siteSettingsQueryOptions,
} from '@mako/api-client';
import { handlers, mockAccessToken } from '@mako/api-client/mocks';
import { parseBenchmarkSearch, searchQueryOf, startSearchEarly } from '../src/lib/search-params/benchmark-search.ts';
import { server } from './setup.ts';

/** The path of every request msw sees from now on. */
function recordPaths(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname));
  return paths;
}

describe('the benchmark search of a first visit', () => {
  const search = parseBenchmarkSearch({ model_name: 'Llama-3-8B', limit: '20' });

  it('is sent once the settings are known, and the loader takes that answer instead of asking again', async () => {
    server.use(...handlers.success);
    const paths = recordPaths();
    localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(3600));
    const queryClient = createQueryClient();

    startSearchEarly(queryClient, search);
    await vi.waitFor(() => expect(paths).toContain('/api/v1/benchmarks/all'));
    expect(paths.indexOf('/api/v1/settings')).toBe(0);
    await queryClient.ensureQueryData(benchmarkSearchQueryOptions(searchQueryOf(search)));

    expect(paths.filter((path) => path.endsWith('/benchmarks/all'))).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('is not sent when the answer is cached already', async () => {
    server.use(...handlers.success);
    const queryClient = createQueryClient();
    await queryClient.ensureQueryData(benchmarkSearchQueryOptions(searchQueryOf(search)));
    const paths = recordPaths();

    startSearchEarly(queryClient, search);
    await queryClient.ensureQueryData(siteSettingsQueryOptions());

    expect(paths.filter((path) => path.endsWith('/benchmarks/all'))).toEqual([]);
    server.events.removeAllListeners();
  });
});
