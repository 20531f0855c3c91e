import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, createQueryClient } from '@mako/api-client';
import { handlers, mockAccessToken } from '@mako/api-client/mocks';
import type { Analytics } from '../src/lib/analytics.ts';
import { createAuth } from '../src/lib/auth.ts';
import { createAppRouter } from '../src/router.tsx';
import { server } from './setup.ts';

const silentAnalytics: Analytics = {
  start: () => undefined,
  identify: () => undefined,
  capture: () => undefined,
  reset: () => undefined,
};

describe('a signed-in first visit', () => {
  it('fetches the site settings once, however many loaders need them', async () => {
    server.use(...handlers.success);
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname));
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
