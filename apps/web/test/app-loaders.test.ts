import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  benchmarkSearchQueryOptions,
  createQueryClient,
  settingsQueryOptions,
} from '@mako/api-client';
import { handlers, mockAccessToken } from '@mako/api-client/mocks';
import type { Analytics } from '../src/lib/analytics.ts';
import { createAuth } from '../src/lib/auth.ts';
import { parseBenchmarkSearch, searchQueryOf, startSearchEarly } from '../src/lib/benchmark-search.ts';
import { createAppRouter } from '../src/router.tsx';
import { server } from './setup.ts';

const silentAnalytics: Analytics = {
  start: () => undefined,
  identify: () => undefined,
  capture: () => undefined,
  reset: () => undefined,
};

/** The path of every request msw sees from now on. */
function recordPaths(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname));
  return paths;
}

describe('a signed-in first visit', () => {
  it('fetches the site settings once, however many loaders need them', async () => {
    server.use(...handlers.success);
    const paths = recordPaths();
    localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(3600));
    const queryClient = createQueryClient();
    const router = createAppRouter(
      { queryClient, auth: createAuth({ queryClient, analytics: silentAnalytics }), analytics: silentAnalytics },
      { history: createMemoryHistory({ initialEntries: ['/benchmarks/'] }) },
    );

    await router.load();

    expect(router.state.location.pathname).toBe('/benchmarks/');
    expect(paths.filter((path) => path.endsWith('/users/me'))).toHaveLength(1);
    expect(paths.filter((path) => path.endsWith('/settings'))).toHaveLength(1);
    server.events.removeAllListeners();
  });
});

describe('the benchmark search of a first visit', () => {
  const search = parseBenchmarkSearch({ model_name: 'Llama-3-8B', limit: '20' });

  it('is sent once the settings are known, and the loader takes that answer instead of asking again', async () => {
    server.use(...handlers.success);
    const calls = recordPaths();
    localStorage.setItem(ACCESS_TOKEN_KEY, mockAccessToken(3600));
    const queryClient = createQueryClient();

    startSearchEarly(queryClient, search);
    await vi.waitFor(() => expect(calls).toContain('/api/v1/benchmarks/all'));
    expect(calls.indexOf('/api/v1/settings')).toBe(0);
    await queryClient.ensureQueryData(benchmarkSearchQueryOptions(searchQueryOf(search)));

    expect(calls.filter((path) => path.endsWith('/benchmarks/all'))).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('is not sent when the answer is cached already', async () => {
    server.use(...handlers.success);
    const queryClient = createQueryClient();
    await queryClient.ensureQueryData(benchmarkSearchQueryOptions(searchQueryOf(search)));
    const calls = recordPaths();

    startSearchEarly(queryClient, search);
    await queryClient.ensureQueryData(settingsQueryOptions());

    expect(calls.filter((path) => path.endsWith('/benchmarks/all'))).toEqual([]);
    server.events.removeAllListeners();
  });
});
